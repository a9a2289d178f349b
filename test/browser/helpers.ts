// Helpers for the browser tests: the built server on a free port with its own SQLite file, Debian's Chromium,
// the two with a test SMTP server for a file's tests, pages that record script errors, and logging in or
// registering through the form or the API.
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { chromium, type Browser, type BrowserContextOptions, type Page } from 'playwright-core'
import { freeAddress } from '../helpers/address.js'
import { linkIn, startSmtp, type TestSmtp } from '../helpers/smtp.js'
import { projectRoot } from '../../src/shared/project-root.js'

const root = projectRoot

export interface RunningServer {
  url: string
  port: number
  /** The server's temporary directory (SQLite file, uploads). */
  dir: string
  stop(): Promise<void>
  /** Everything the server wrote to stdout and stderr so far. */
  logs(): string
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve()
  return new Promise((done) => child.once('exit', () => done()))
}

/**
 * Starts the BUILT server (dist/, made by `node scripts/ensure-build.mjs`, which `npm run test:browser` runs first)
 * on a fresh SQLite database, and waits until /healthz answers 200.
 */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  // Its own loopback address: browser files run two at a time, and no server may answer for another.
  const { host, port } = await freeAddress()
  const dir = mkdtempSync(join(tmpdir(), 'portal-browser-'))
  const url = `http://${host}:${port}`
  let output = ''
  const child = spawn(process.execPath, ['dist/server/src/server.js'], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      HOME: process.env.HOME ?? dir,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      HOST: host,
      PORT: String(port),
      DATABASE_URL: `sqlite:${join(dir, 'portal.sqlite')}`,
      PUBLIC_URL: url,
      UPLOAD_DIR: join(dir, 'uploads'),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()))

  let stopped = false
  const stop = async () => {
    if (stopped) return
    stopped = true
    if (child.exitCode === null && child.signalCode === null) {
      const done = exited(child)
      child.kill('SIGTERM')
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000)
      await done
      clearTimeout(timer)
    }
    rmSync(dir, { recursive: true, force: true })
  }

  // A minute: on CI the three legs share two cores with Chromium and MariaDB, and a start (migrations,
  // the administrator's hash) once took more than 20 s there (it takes about 2 s alone).
  const deadline = Date.now() + STARTUP_MS
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      await stop()
      throw new Error(`The server exited (${child.exitCode ?? child.signalCode}) before answering /healthz:\n${output}`)
    }
    try {
      const response = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(2_000) })
      if (response.status === 200) break
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop()
      throw new Error(`The server did not answer /healthz with 200 within ${STARTUP_MS / 1000} s:\n${output}`)
    }
    await new Promise((r) => setTimeout(r, 100))
  }
  return { url, port, dir, stop, logs: () => output }
}

/** Debian's Chromium (CHROMIUM_PATH to override), with the flags this machine's closed network needs. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  })
}

export interface BrowserSuite {
  smtp: TestSmtp
  server: RunningServer
  browser: Browser
}

/**
 * For `t.before`: a test SMTP server, the built server sending its mail there (`env` added to its
 * environment) and the browser; at `t`'s teardown the browser closes, then the server stops, then the SMTP server.
 */
export async function startSuite(t: { teardown: (fn: () => unknown) => void }, env: Record<string, string> = {}): Promise<BrowserSuite> {
  let server: RunningServer | undefined
  let browser: Browser | undefined
  t.teardown(async () => {
    await browser?.close()
    await server?.stop()
  })
  const smtp = await startSmtp(t)
  server = await startServer({ SMTP_URL: smtp.url, ...env })
  browser = await launchBrowser()
  return { smtp, server, browser }
}

export interface OpenPageOptions extends BrowserContextOptions {
  /** The context's default timeout for actions, waits and navigations, in ms (30 s: a busy two-core machine runs the three test runs side by side; it costs nothing when pages answer at once). */
  timeout?: number
}

/**
 * A page in a fresh context (1280×900 unless `viewport` says otherwise) that records console errors and
 * uncaught page errors in `problems`; the context closes at `t`'s teardown.
 */
/** How long a test server may take to answer /healthz at its start. */
const STARTUP_MS = 60_000

export async function openPage(
  browser: Browser,
  t: { teardown: (fn: () => unknown) => void },
  { timeout = 30_000, ...options }: OpenPageOptions = {},
): Promise<{ page: Page; problems: string[] }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, ...options })
  t.teardown(() => context.close())
  context.setDefaultTimeout(timeout)
  // A page's load waits for the server's answer and its assets: on a loaded CI machine, once beyond 30 s.
  context.setDefaultNavigationTimeout(Math.max(timeout, 60_000))
  const page = await context.newPage()
  const problems: string[] = []
  page.on('console', (message) => {
    // A refused API call (e.g. 401 on status) logs a network error; only script errors matter here.
    if (message.type() === 'error' && !/Failed to load resource/.test(message.text())) problems.push(message.text())
  })
  page.on('pageerror', (error) => problems.push(error.message))
  return { page, problems }
}

/** Logs in through the form at `url`/login and waits for the home page. */
export async function logIn(page: Page, url: string, email: string, password: string): Promise<void> {
  await page.goto(`${url}/login`)
  await page.getByLabel('E-mail').fill(email)
  await page.getByLabel('Mot de passe', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Se connecter' }).click()
  await page.waitForURL(`${url}/`)
}

/** Logs in through the API and answers the session's `Cookie` header. */
export async function apiSession(url: string, email: string, password: string): Promise<string> {
  const res = await fetch(`${url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) })
  if (res.status !== 200) throw new Error(`login: ${res.status}`)
  return res.headers.getSetCookie().map((cookie) => cookie.split(';')[0]).join('; ')
}

/** `method` `path` with the session `cookie` (JSON body, or a FormData as is); throws unless 2xx. */
export async function call(url: string, cookie: string, method: string, path: string, body?: unknown): Promise<Response> {
  const form = body instanceof FormData
  const res = await fetch(`${url}${path}`, {
    method,
    headers: { cookie, ...(body === undefined || form ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : form ? body : JSON.stringify(body),
  })
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`)
  return res
}

function registered(status: number): void {
  if (status !== 201) throw new Error(`register: ${status}`)
}

export interface NewAccount {
  username: string
  email: string
  password: string
  entreprise?: string
  telephone?: string
}

/**
 * Registers through the API and waits for the verification mail. `checkStatus` judges the answer's
 * status (by default: throws unless 201). `follow`: `'api'` follows the mailed link through the API
 * (throws unless 200), a page follows it in that page and waits for E-mail vérifié, `false` (the
 * default) leaves the address unverified. Answers the user id and the link.
 */
export async function register(
  url: string,
  smtp: TestSmtp,
  { username, email, password, entreprise = 'SARL Atlas', telephone = '0551234567' }: NewAccount,
  { follow = false, checkStatus = registered }: { follow?: 'api' | Page | false; checkStatus?: (status: number) => void } = {},
): Promise<{ id: number; link: URL }> {
  const res = await fetch(`${url}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, email, entreprise, telephone, password, confirmPassword: password }),
  })
  checkStatus(res.status)
  const link = linkIn(await smtp.nextMail(email, 10_000), /^\/users\/\d+\/verify\//)
  const [, , userId, , token] = link.pathname.split('/')
  if (follow === 'api') {
    const verified = await fetch(`${url}/api/auth/${userId}/verify/${token}`)
    if (verified.status !== 200) throw new Error(`verify: ${verified.status}`)
  } else if (follow) {
    await follow.goto(link.toString())
    // The page's GET verifies nothing (issue 34): its button does.
    await follow.locator('form[data-hydrated]').waitFor()
    await follow.getByRole('button', { name: 'Vérifier mon adresse e-mail' }).click()
    await follow.getByRole('heading', { name: 'E-mail vérifié' }).waitFor()
  }
  return { id: Number(userId), link }
}

/** Registers `account` through the API (its address verified), then accepts it with the administrator's `adminCookie`; answers its id. */
export async function acceptedClient(url: string, smtp: TestSmtp, adminCookie: string, account: NewAccount): Promise<number> {
  const { id } = await register(url, smtp, account, { follow: 'api' })
  await call(url, adminCookie, 'POST', `/api/users/accept/${id}`)
  return id
}

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

/**
 * axe's violations on the page as it stands, one line each (`id (impact): targets`). The page must let
 * an inline script in (`openPage(…, { bypassCSP: true })`). Motion is reduced first: a toast fading in
 * (200 ms) is measured half transparent, and contrast is judged on what stays.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  await page.waitForLoadState('networkidle')
  await page.emulateMedia({ reducedMotion: 'reduce' })
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))))
  await page.addScriptTag({ content: AXE_SOURCE })
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(context: Document, options: object): Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }> } }).axe
    const result = await axe.run(document, { resultTypes: ['violations'] })
    return result.violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
  })
}

/** The error tied to the field labelled `label`: the text its aria-describedby names last, if it is marked invalid. */
export async function errorOf(page: Page, label: string): Promise<string | null> {
  const field = page.getByLabel(label, { exact: true })
  if ((await field.getAttribute('aria-invalid')) !== 'true') return null
  const ids = (await field.getAttribute('aria-describedby'))?.split(' ') ?? []
  return page.locator(`[id="${ids.at(-1)}"]`).textContent()
}

/**
 * What sticks out of the window sideways: the document itself, or a shown element (not one a box
 * of its own clips, nor a 1 px visually hidden one) past either edge.
 */
export function overflowing(page: Page): Promise<string[]> {
  return page.evaluate(`(() => {
    const root = document.documentElement
    const problems = root.scrollWidth > root.clientWidth ? ['the page scrolls sideways: ' + root.scrollWidth + ' > ' + root.clientWidth] : []
    const clipped = (element) => {
      for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
        if (getComputedStyle(parent).overflowX !== 'visible') return true
      }
      return false
    }
    for (const element of document.body.querySelectorAll('*')) {
      const rect = element.getBoundingClientRect()
      if (rect.width <= 1 || rect.height <= 1 || getComputedStyle(element).visibility === 'hidden' || clipped(element)) continue
      if (rect.left < -1 || rect.right > root.clientWidth + 1) {
        problems.push(element.tagName.toLowerCase() + '.' + [...element.classList].join('.') + ': ' + Math.round(rect.left) + '–' + Math.round(rect.right) + ' of ' + root.clientWidth)
      }
    }
    return problems
  })()`)
}

/**
 * Text and controls that overlap one another (neither holding the other): headings, paragraphs, list
 * items, links, buttons, labels, fields and pictures that are shown, in the page's flow (the floating
 * controls, which are meant to sit over the page, the carousel's pictures, which its captions are
 * written on, and visually hidden text aside). Within 1 px.
 */
export function overlapping(page: Page, within = 'header, main, footer'): Promise<string[]> {
  return page.evaluate(`(() => {
    const shown = (element) => element.getClientRects().length > 0 && getComputedStyle(element).visibility !== 'hidden' && !element.closest('[inert], [hidden], [aria-hidden="true"], .sr-only, .floating-controls, .contact-honeypot, .carousel-image')
    const name = (element) => element.tagName.toLowerCase() + (element.className && typeof element.className === 'string' ? '.' + element.className.trim().split(/\\s+/).join('.') : '') + ' « ' + (element.textContent || element.getAttribute('alt') || '').trim().slice(0, 30) + ' »'
    const elements = [...document.querySelectorAll(${JSON.stringify(within)})].flatMap((root) => [...root.querySelectorAll('h1, h2, h3, p, li, a, button, label, input, textarea, select, img, dt, dd, address, iframe')]).filter(shown)
    const boxes = elements.map((element) => ({ element, rect: element.getBoundingClientRect() })).filter(({ rect }) => rect.width > 1 && rect.height > 1)
    const problems = []
    for (let i = 0; i < boxes.length; i++) {
      for (let j = i + 1; j < boxes.length; j++) {
        const a = boxes[i], b = boxes[j]
        if (a.element.contains(b.element) || b.element.contains(a.element)) continue
        const x = Math.min(a.rect.right, b.rect.right) - Math.max(a.rect.left, b.rect.left)
        const y = Math.min(a.rect.bottom, b.rect.bottom) - Math.max(a.rect.top, b.rect.top)
        if (x > 1 && y > 1) problems.push(name(a.element) + ' over ' + name(b.element))
      }
    }
    return problems
  })()`)
}
