// The foundation in a real browser: rendering, hydration of the theme toggle, the mobile menu, the 404 page,
// and that a page without islands ships no JavaScript.
import t from 'tap'
import type { Browser, Page, BrowserContext } from 'playwright-core'
import { startSuite, type RunningServer } from './helpers.js'

let server: RunningServer
let browser: Browser

t.before(async () => ({ server, browser } = await startSuite(t)))

interface Watched {
  page: Page
  context: BrowserContext
  /** Console errors, uncaught page errors and CSP violations seen so far. */
  problems: string[]
}

/** A page in a fresh context that records console errors, page errors and CSP violation events. */
async function openPage(t: { teardown: (fn: () => unknown) => void }, viewport = { width: 1280, height: 900 }): Promise<Watched> {
  const context = await browser.newContext({ viewport })
  t.teardown(() => context.close())
  const problems: string[] = []
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`)
    })
  })
  context.setDefaultTimeout(10_000)
  const page = await context.newPage()
  page.on('console', (message) => {
    const text = message.text()
    if (message.type() === 'error' || /Content Security Policy|Refused to/i.test(text)) problems.push(`console ${message.type()}: ${text}`)
  })
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`))
  return { page, context, problems }
}

/** Resolves once every island marker on the page carries a hydrated React root. */
async function waitForHydration(page: Page, selector: string) {
  await page.waitForFunction(
    (sel) => {
      const element = document.querySelector(sel)
      return !!element && Object.keys(element).some((key) => key.startsWith('__reactFiber') || key.startsWith('__reactProps'))
    },
    selector,
    { timeout: 30_000 },
  )
}

t.test('the home page renders without console errors or CSP violations', async (t) => {
  const { page, problems } = await openPage(t)
  const response = await page.goto(`${server.url}/`, { waitUntil: 'load' })
  t.equal(response?.status(), 200)
  t.ok(await page.locator('h1').first().isVisible(), 'h1 visible')
  t.ok(await page.locator('nav, header.navbar').first().isVisible(), 'navigation visible')
  t.ok(await page.locator('footer').first().isVisible(), 'footer visible')
  await page.waitForLoadState('networkidle')
  t.same(problems, [], 'no console error, page error or CSP violation')
})

t.test('the theme toggle hydrates on / at the first intent and switches without a navigation', async (t) => {
  const { page, problems } = await openPage(t)
  const scripts: string[] = []
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname)
  })
  await page.goto(`${server.url}/`, { waitUntil: 'load' })
  await page.waitForLoadState('networkidle')
  const button = page.locator('.theme-toggle button')
  t.equal((await button.textContent())?.trim(), 'DRK')
  t.notOk(scripts.some((path) => /\/ThemeToggle-/.test(path)), 'its chunk waits for the visitor')
  await button.hover()
  await waitForHydration(page, '.theme-toggle button')
  await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 1))

  await button.click()
  await page.waitForFunction(() => document.querySelector('.theme-toggle button')?.textContent?.trim() === 'LTH')
  t.equal(await page.evaluate(() => document.documentElement.dataset.theme), 'dark')
  t.equal(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker), 1, 'no navigation happened')

  await button.click()
  await page.waitForFunction(() => document.querySelector('.theme-toggle button')?.textContent?.trim() === 'DRK')
  t.equal(await page.evaluate(() => document.documentElement.dataset.theme), 'light')
  t.equal(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker), 1, 'still no navigation')
  t.same(problems, [], 'no console error')
})

t.test('without JavaScript the theme toggle is a form the server answers: /services switches and stays dark', async (t) => {
  const { page, problems } = await openPage(t)
  await page.goto(`${server.url}/services`, { waitUntil: 'load' })
  t.equal(await page.locator('script[type="module"]').count(), 0, '/services ships no JavaScript: the form posts')
  await Promise.all([page.waitForURL(`${server.url}/services`), page.locator('.theme-toggle button').click()])
  await page.waitForLoadState('load')
  t.equal(await page.evaluate(() => document.documentElement.dataset.theme), 'dark', 'the server answered with the dark page')
  t.equal((await page.locator('.theme-toggle button').textContent())?.trim(), 'LTH')
  await page.goto(`${server.url}/login`, { waitUntil: 'load' })
  t.equal(await page.evaluate(() => document.documentElement.dataset.theme), 'dark', 'and the next page too')
  t.same(problems, [], 'no console error')
})

t.test('the mobile menu opens and closes at 375×800', async (t) => {
  const { page, problems } = await openPage(t, { width: 375, height: 800 })
  await page.goto(`${server.url}/`, { waitUntil: 'load' })
  await page.waitForLoadState('networkidle')
  const menu = page.locator('[data-testid="nav-menu"]')
  const toggle = page.locator('[data-testid="nav-toggle"]')
  t.equal(await menu.isVisible(), false, 'menu hidden at first')
  await toggle.click()
  await menu.waitFor({ state: 'visible' })
  t.equal(await menu.isVisible(), true, 'menu visible after one click')
  await toggle.click()
  await menu.waitFor({ state: 'hidden' })
  t.equal(await menu.isVisible(), false, 'menu hidden after a second click')
  t.same(problems, [], 'no console error')
})

t.test('an unknown address shows the French 404 page', async (t) => {
  const { page } = await openPage(t)
  const response = await page.goto(`${server.url}/nope`, { waitUntil: 'load' })
  t.equal(response?.status(), 404)
  t.ok(await page.getByText('404', { exact: true }).first().isVisible(), '404 shown')
  t.ok(await page.getByText('Page non trouvée').first().isVisible(), 'Page non trouvée shown')
  const home = page.getByRole('link', { name: "Allez à l'accueil" })
  t.ok(await home.isVisible(), "Allez à l'accueil shown")
  await Promise.all([page.waitForURL(`${server.url}/`), home.click()])
  t.equal(new URL(page.url()).pathname, '/')
})

t.test('a page without islands loads no script', async (t) => {
  const { page, problems } = await openPage(t)
  const scripts: string[] = []
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url())
  })
  const response = await page.goto(`${server.url}/services`, { waitUntil: 'load' })
  t.equal(response?.status(), 200)
  await page.waitForLoadState('networkidle')
  t.same(scripts, [], 'no script requested')
  // The JSON-LD block describing the firm is data, not script (issue 8).
  t.equal(await page.evaluate(() => [...document.scripts].filter((script) => script.type !== 'application/ld+json').length), 0, 'no <script> element but data')
  t.same(problems, [], 'no console error')
})
