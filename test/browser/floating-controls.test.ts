// Errors that stay and point (issue 17), the shell's side: an error toast stays until its button or
// Escape closes it while a success toast goes, and no toast covers the page title or a dialog's
// buttons; on phones the floating buttons cover no button, link or heading of the pages used most
// (a client's, the registration, the messages' send button, two back-office lists; the theme toggle
// is in the menu there), and since issue 34 only the public pages have them (the visitors' forms on
// wide screens only); a client's pages are axe clean in both themes with their errors shown.
import t from 'tap'
import sharp from 'sharp'
import type { Browser, Page } from 'playwright-core'
import type { TestSmtp } from '../helpers/smtp.js'
import { apiSession, axeViolations, call, logIn, openPage, register, startSuite, type RunningServer } from './helpers.js'

let server: RunningServer
let browser: Browser
let smtp: TestSmtp
let client: { id: number; email: string }
let requestId: number

const PASSWORD = 'Zt9#qLm2vR!x'
const ADMIN = { email: 'cabinet-floating@example.dz', password: 'Adm1n#Cabinet!x' }
const PHONE = { width: 390, height: 844 }
const DESKTOP = { width: 1366, height: 768 }

// One accepted client (the profile shows "Vérifié", /files its upload form) with a document, a
// request and a thread long enough to scroll; one new user waiting for acceptance.
t.before(async () => {
  ;({ smtp, server, browser } = await startSuite(t, { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password }))
  const email = `floating-${Date.now().toString(36)}@example.dz`
  const { id } = await register(server.url, smtp, { username: 'Client Flottant', email, password: PASSWORD, entreprise: 'SARL Flottant' }, { follow: 'api' })
  await register(server.url, smtp, { username: 'Client En Attente', email: `attente-${email}`, password: PASSWORD, entreprise: 'EURL Attente' }, { follow: 'api' })
  const admin = await apiSession(server.url, ADMIN.email, ADMIN.password)
  await call(server.url, admin, 'POST', `/api/users/accept/${id}`)
  await call(server.url, admin, 'POST', '/api/documents/types', { typeName: 'Factures' })
  const types = (await (await call(server.url, admin, 'GET', '/api/documents/types')).json()) as Array<{ id: number; typeName: string }>
  const dueDate = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10)
  const request = (await (await call(server.url, admin, 'POST', '/api/requests', { userId: id, typeId: types.find((type) => type.typeName === 'Factures')!.id, title: 'Factures de mars', note: 'Toutes, merci.', dueDate })).json()) as { id: number }
  const own = await apiSession(server.url, email, PASSWORD)
  const body = new FormData()
  body.append('file', new Blob([Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n', 'latin1')], { type: 'application/pdf' }), 'facture-mars.pdf')
  body.append('type', 'Factures')
  await call(server.url, own, 'POST', '/api/documents/upload', body)
  for (let n = 1; n <= 4; n++) {
    await call(server.url, own, 'POST', `/api/messages/${id}`, { text: `Message ${n} du client, assez long pour occuper quelques lignes sur un téléphone.` })
    await call(server.url, admin, 'POST', `/api/messages/${id}`, { text: `Réponse ${n} du cabinet.` })
  }
  client = { id, email }
  requestId = request.id
})

type Role = 'visitor' | 'client' | 'admin'

/** A page `viewport` wide in `theme`, logged in `as` the client or the administrator. */
async function pageFor(t: { teardown: (fn: () => unknown) => void }, viewport: { width: number; height: number }, { theme = 'light', as = 'visitor' as Role } = {}) {
  const opened = await openPage(browser, t, { bypassCSP: true, viewport })
  await opened.page.context().addCookies([{ name: 'theme', value: theme, url: server.url }])
  if (as === 'client') await logIn(opened.page, server.url, client.email, PASSWORD)
  if (as === 'admin') await logIn(opened.page, server.url, ADMIN.email, ADMIN.password)
  return opened
}

/** The boxes of `selector`'s visible elements, in the page's coordinates of the moment. */
function boxes(page: Page, selector: string) {
  return page.locator(selector).evaluateAll((elements) =>
    elements.filter((element) => element.getClientRects().length > 0).map((element) => element.getBoundingClientRect().toJSON() as DOMRect),
  )
}

function meets(a: DOMRect, b: DOMRect): boolean {
  return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom
}

t.test('an error toast stays until closed, a success toast goes; neither covers the title or the dialog\'s buttons', async (t) => {
  for (const viewport of [DESKTOP, PHONE]) {
    const { page, problems } = await pageFor(t, viewport, { as: 'client' })
    await page.goto(`${server.url}/users/profile/${client.id}`)
    const title = page.getByRole('heading', { level: 1 })
    await title.waitFor()

    // Two refusals of the change-password dialog, each checked against its buttons while it is open; the
    // second replaces the first's toast (issue 34: a form's error toast is its own).
    const opener = page.getByRole('button', { name: 'Changer le mot de passe' })
    const dialog = page.getByRole('dialog')
    const errors = page.locator('.toast[data-type="error"]')
    for (let shown = 1; shown <= 2; shown++) {
      await opener.click()
      await dialog.getByRole('button', { name: 'Enregistrer' }).click()
      await errors.first().waitFor()
      const toasts = await boxes(page, '.toast')
      const buttons = await boxes(page, 'dialog[open] button')
      t.ok(buttons.length >= 2, `${viewport.width} px: the dialog's buttons are measured`)
      t.notOk(toasts.some((toast) => buttons.some((button) => meets(toast, button))), `${viewport.width} px: no toast covers the dialog's buttons`)
      await dialog.getByRole('button', { name: 'Annuler' }).click()
      await dialog.waitFor({ state: 'hidden' })
    }
    t.equal(await errors.count(), 0, 'closing the dialog took its error toast with it (issue 34: a form’s toasts are its own)')

    // An error of the photo form stays until closed: Escape closes the toast holding the focus.
    await page.locator('form.profile-photo-form[data-hydrated]').waitFor()
    await page.getByLabel('Choisir une photo').setInputFiles({ name: 'portrait.png', mimeType: 'image/png', buffer: Buffer.from('not an image at all') })
    await page.getByRole('button', { name: 'Mettre à jour la photo' }).click()
    await errors.first().waitFor()
    t.equal(await errors.first().getAttribute('role'), 'alert', 'an error is an alert')
    await errors.first().getByRole('button', { name: 'Fermer la notification' }).focus()
    await page.keyboard.press('Escape')
    await errors.waitFor({ state: 'detached' })

    // A success goes after its delay, and covers not the page's title.
    const picture = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#36a' } }).png().toBuffer()
    await page.getByLabel('Choisir une photo').setInputFiles({ name: 'portrait.png', mimeType: 'image/png', buffer: picture })
    await page.getByRole('button', { name: 'Mettre à jour la photo' }).click()
    const success = page.locator('.toast[data-type="success"]')
    await success.waitFor()
    t.equal(await success.getAttribute('role'), 'status', 'a success is a status')
    const titleText = await title.evaluate((heading) => {
      const range = document.createRange()
      range.selectNodeContents(heading)
      return [...range.getClientRects()].map((rect) => rect.toJSON() as DOMRect)
    })
    const shown = await boxes(page, '.toast')
    t.notOk(shown.some((toast) => titleText.some((line) => meets(toast, line))), `${viewport.width} px: no toast covers the page title`)
    await success.waitFor({ state: 'detached' })
    t.same(problems, [], 'no script error')
  }
})

/**
 * The pages used most on a phone, at 390 px: what to open, which part of it to check, as whom, and
 * what shows it is ready; `axe` marks those the last test also judges with their errors shown.
 */
const PAGES: Array<{ name: string; path: string; scope: string; as: Role; ready?: string; axe?: boolean }> = [
  { name: 'the home page', path: '/', scope: 'body', as: 'visitor', axe: true },
  { name: 'the contact section', path: '/', scope: '#contact', as: 'visitor' },
  { name: 'the login page', path: '/login', scope: 'body', as: 'visitor', axe: true },
  { name: 'the registration page', path: '/registration', scope: 'body', as: 'visitor', ready: 'form[data-hydrated]' },
  { name: 'the profile and its photo form', path: 'profile', scope: 'body', as: 'client', axe: true },
  { name: 'the upload form', path: '/files', scope: 'body', as: 'client', axe: true },
  { name: 'the upload form answering a request', path: 'request', scope: 'body', as: 'client', ready: '.upload-fixed-type' },
  { name: 'the messages and their send button', path: '/messages', scope: 'body', as: 'client', ready: '.thread-form[data-ready]' },
  { name: 'the new users', path: '/admin-dashboard/new-users', scope: 'body', as: 'admin', ready: '.admin-table tbody tr' },
  { name: 'the new documents', path: '/admin-dashboard/new-documents', scope: 'body', as: 'admin', ready: '.admin-table tbody tr' },
]

const pathOf = (path: string) => (path === 'profile' ? `/users/profile/${client.id}` : path === 'request' ? `/files?request=${requestId}` : path)

/**
 * Brings each button, link and heading of `scope` into view from the top, as a keyboard or a scroll
 * down reaches it, and answers those a visible floating control then covers.
 */
function coveredTargets(page: Page, scope: string): Promise<string[]> {
  // A string, not a function: tsx would wrap named inner functions in a helper the page lacks.
  return page.evaluate(`(() => {
    const meets = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom
    const shown = (element) => element.getClientRects().length > 0 && getComputedStyle(element).visibility !== 'hidden'
    const floating = [...document.querySelectorAll('.floating-controls a, .floating-controls button')].filter(shown)
    // Issue 34: the floating buttons are the public pages' (and, on wide screens only, the visitors' forms').
    if (floating.length === 0) return []
    const targets = [...document.querySelector(${JSON.stringify(scope)}).querySelectorAll('a[href], button, h1, h2, h3, h4, h5, h6, input[type=submit]')]
      .filter((element) => shown(element) && !element.closest('.floating-controls'))
    const covered = []
    for (const target of targets) {
      window.scrollTo(0, 0)
      target.scrollIntoView({ block: 'nearest', inline: 'nearest', behavior: 'instant' })
      const box = target.getBoundingClientRect()
      if (floating.some((control) => meets(control.getBoundingClientRect(), box))) covered.push(target.tagName + ' ' + (target.textContent || target.getAttribute('aria-label') || '').trim().slice(0, 40))
    }
    window.scrollTo(0, 0)
    return covered.length ? covered : targets.length ? [] : ['nothing to check']
  })()`)
}

t.test('at 390 px no floating control covers a button, link or heading; the theme toggle is in the menu', async (t) => {
  for (const as of ['visitor', 'client', 'admin'] as const) {
    const { page } = await pageFor(t, PHONE, { as })
    for (const entry of PAGES.filter((candidate) => candidate.as === as)) {
      await page.goto(`${server.url}${pathOf(entry.path)}`, { waitUntil: 'load' })
      if (entry.ready) await page.locator(entry.ready).first().waitFor()
      await page.waitForLoadState('networkidle')
      t.same(await coveredTargets(page, entry.scope), [], `${entry.name}: nothing covered`)
      const floats = await page.locator('.floating-controls a, .floating-controls button').evaluateAll((controls) => controls.filter((control) => control.getClientRects().length > 0).length)
      t.equal(floats > 0, entry.path === '/', `${entry.name}: ${entry.path === '/' ? 'the floating button of the public pages' : 'no floating control (issue 34)'}`)
      t.notOk(await page.locator('.floating-controls .theme-toggle').isVisible(), `${entry.name}: no floating theme toggle`)
    }
  }
  // In the menu, it switches the theme.
  const { page } = await pageFor(t, PHONE)
  await page.goto(`${server.url}/login`)
  await page.getByTestId('nav-toggle').click()
  await page.getByRole('button', { name: 'Thème sombre', exact: true }).click()
  await page.waitForFunction(() => document.documentElement.dataset.theme === 'dark')
  // Switched by the island, or by the form's answer when the press came before it hydrated.
  await page.getByRole('button', { name: 'Thème clair', exact: true, includeHidden: true }).waitFor({ state: 'attached' })
})

/** The profile's photo refusal (beside the file and as a toast) and a refused file's row on /files, for axe to judge too. */
async function showErrors(t: { ok: (value: unknown, message: string) => unknown }, page: Page, path: string) {
  if (path === 'profile') {
    await page.locator('form.profile-photo-form[data-hydrated]').waitFor()
    await page.getByRole('button', { name: 'Mettre à jour la photo' }).click()
    await page.locator('.profile-photo-error').waitFor()
    await page.locator('.toast[data-type="warning"]').waitFor()
    t.ok(await page.locator('.profile-verified', { hasText: 'Vérifié' }).isVisible(), 'the profile shows "Vérifié"')
  } else if (path === '/files') {
    // Hydrated first: the island lists the choice.
    await page.locator('form.upload-form[data-hydrated]').waitFor()
    await page.getByLabel('Fichiers').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('notes') })
    await page.locator('.upload-file-error').waitFor()
  }
}

t.test('those pages, their errors shown, are axe clean in both themes, on a phone and on a wide screen', async (t) => {
  for (const viewport of [PHONE, DESKTOP]) {
    for (const theme of ['light', 'dark']) {
      for (const as of ['visitor', 'client'] as const) {
        const { page } = await pageFor(t, viewport, { theme, as })
        for (const entry of PAGES.filter((candidate) => candidate.as === as && candidate.axe)) {
          await page.goto(`${server.url}${pathOf(entry.path)}`, { waitUntil: 'load' })
          await showErrors(t, page, entry.path)
          t.same(await axeViolations(page), [], `${entry.name}, ${theme}, ${viewport.width} px: no axe violation`)
        }
      }
    }
  }
})
