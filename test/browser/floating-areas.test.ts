// Issue 34, pages: the floating WhatsApp and theme buttons showed in the back-office and the portal
// and covered their controls on phones (at 390 px on /registration, WhatsApp covered « Afficher
// confirmer le mot de passe »). They are the public pages' (the visitors' forms: on wide screens
// only); the portal's theme switch is in the navigation bar, the back-office's in its sidebar, and
// both work without JavaScript.
import t from 'tap'
import type { Test } from 'tap'
import type { Browser, Page } from 'playwright-core'
import { DEFAULT_DOCUMENT_TYPES } from '../../migrations/0009-default-document-types.js'
import type { TestSmtp } from '../helpers/smtp.js'
import { apiSession, call, logIn, openPage, register, startSuite, type RunningServer } from './helpers.js'

const ADMIN = { email: 'cabinet-flottant@example.dz', password: 'Qv7!rTz2Lp#m' }
const CLIENT = { username: 'Sarl Sans Bouton', email: 'sans-bouton@example.dz', password: 'Zt9#qLm2vR!x' }
const PHONE = { width: 390, height: 844 }
const WIDE = { width: 1280, height: 900 }

let server: RunningServer
let browser: Browser
let smtp: TestSmtp
let clientId = 0

t.before(async () => {
  ;({ smtp, server, browser } = await startSuite(t, { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password }))
  clientId = (await register(server.url, smtp, CLIENT, { follow: 'api' })).id
  const admin = await apiSession(server.url, ADMIN.email, ADMIN.password)
  await call(server.url, admin, 'POST', `/api/users/accept/${clientId}`)
  const client = await apiSession(server.url, CLIENT.email, CLIENT.password)
  const form = new FormData()
  form.append('file', new Blob([Buffer.from('%PDF-1.4\n%%EOF\n')], { type: 'application/pdf' }), 'bilan.pdf')
  form.append('type', DEFAULT_DOCUMENT_TYPES[0]!)
  form.append('userId', String(clientId))
  await call(server.url, client, 'POST', '/api/documents/upload', form)
  await call(server.url, client, 'POST', `/api/messages/${clientId}`, { text: 'Bonjour, voici notre bilan.' })
})

const PORTAL = () => ['/files', `/users/profile/${clientId}`, '/users/profile/activity', '/users/profile/two-factor', '/users/profile/password', '/users/profile/delete', '/messages', '/team']
const BACK_OFFICE = () => [
  '/admin-dashboard',
  '/admin-dashboard/new-users',
  '/admin-dashboard/clients',
  '/admin-dashboard/new-documents',
  '/admin-dashboard/documents',
  '/admin-dashboard/arch-documents',
  '/admin-dashboard/documents/types',
  '/admin-dashboard/requests',
  '/admin-dashboard/sub-admins',
  '/admin-dashboard/messages',
  '/admin-dashboard/journal',
  `/admin-dashboard/clients/${clientId}/messages`,
  `/admin-dashboard/clients/${clientId}/ask`,
  `/users/profile/${clientId}`,
]

/**
 * What floats over the page: every shown element fixed or sticky (the navigation bar, on top of
 * the page's flow, and the toasts, which come and go, aside), and the controls of `controls` it
 * covers at the top of the page, at its end, and as each control is brought into view (a scroll or
 * a keyboard reaching it).
 */
function floatingOver(page: Page, controls: string): Promise<{ floating: string[]; covered: string[]; checked: number }> {
  // A string, not a function: tsx would wrap named inner functions in a helper the page lacks.
  return page.evaluate(`(() => {
    const meets = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom
    const shown = (element) => element.getClientRects().length > 0 && getComputedStyle(element).visibility !== 'hidden'
    const floats = [...document.querySelectorAll('body *')].filter((element) => {
      const position = getComputedStyle(element).position
      return (position === 'fixed' || position === 'sticky') && shown(element) && !element.closest('header.navbar, .toaster, .skip-link, dialog')
    })
    const name = (element) => element.tagName + ' ' + (element.getAttribute('aria-label') || element.textContent || '').trim().slice(0, 40)
    const targets = [...document.querySelectorAll(${JSON.stringify(controls)})].filter((element) => shown(element) && !floats.some((float) => float.contains(element)))
    const covered = new Set()
    const look = () => {
      const boxes = floats.map((float) => float.getBoundingClientRect())
      for (const target of targets) {
        const box = target.getBoundingClientRect()
        if (box.bottom < 0 || box.top > innerHeight) continue
        if (boxes.some((float) => meets(float, box))) covered.add(name(target))
      }
    }
    window.scrollTo(0, 0)
    look()
    window.scrollTo(0, document.documentElement.scrollHeight)
    look()
    for (const target of targets) {
      window.scrollTo(0, 0)
      target.scrollIntoView({ block: 'nearest', inline: 'nearest', behavior: 'instant' })
      look()
    }
    window.scrollTo(0, 0)
    return { floating: floats.map(name), covered: [...covered], checked: targets.length }
  })()`)
}

const CONTROLS = 'a[href], button, input:not([type=hidden]), select, textarea, summary, label'

t.test('at 390 px no floating control is shown, nor covers a control, on any page of the portal or the back-office', async (t) => {
  for (const [who, paths, account] of [
    ['client', PORTAL, CLIENT],
    ['administrator', BACK_OFFICE, ADMIN],
  ] as const) {
    const { page, problems } = await openPage(browser, t, { viewport: PHONE })
    await logIn(page, server.url, account.email, account.password)
    for (const path of paths()) {
      await page.goto(`${server.url}${path}`, { waitUntil: 'networkidle' })
      const found = await floatingOver(page, CONTROLS)
      t.ok(found.checked > 5, `${who}, ${path}: ${found.checked} controls checked`)
      t.same(found.floating, [], `${who}, ${path}: nothing floats`)
      t.same(found.covered, [], `${who}, ${path}: no control covered`)
    }
    t.same(problems, [], `${who}: no script error`)
  }
})

t.test('/registration: nothing covers the password toggles, at 390 px (no floating button over the form) or 1280 px (beside it)', async (t) => {
  for (const viewport of [PHONE, { width: 390, height: 740 }, WIDE]) {
    const { page } = await openPage(browser, t, { viewport })
    await page.goto(`${server.url}/registration`, { waitUntil: 'networkidle' })
    await page.locator('form[data-hydrated]').waitFor()
    const toggles = page.getByRole('button', { name: /^Afficher (mot de passe|confirmer le mot de passe)$/ })
    t.equal(await toggles.count(), 2, 'both toggles')
    const found = await floatingOver(page, '.password-toggle, .password-field input')
    t.equal(found.checked, 4, `${viewport.width}×${viewport.height}: the two fields and their toggles checked`)
    t.same(found.covered, [], `${viewport.width}×${viewport.height}: nothing covers them`)
    // Every position of a scroll from the top to the end, as a thumb moves the page: still nothing over them.
    const over = await page.evaluate(`(() => {
      const meets = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom
      const floats = [...document.querySelectorAll('.floating-controls a, .floating-controls button')].filter((element) => element.getClientRects().length > 0)
      const toggles = [...document.querySelectorAll('.password-toggle')]
      const hits = []
      for (let y = 0; y <= document.documentElement.scrollHeight; y += 20) {
        window.scrollTo(0, y)
        for (const toggle of toggles) if (floats.some((float) => meets(float.getBoundingClientRect(), toggle.getBoundingClientRect()))) hits.push(y)
      }
      window.scrollTo(0, 0)
      return { floats: floats.length, hits }
    })()`)
    t.same((over as { hits: number[] }).hits, [], `${viewport.width}×${viewport.height}: at no scroll position`)
    const floats = (over as { floats: number }).floats
    t.equal(floats > 0, viewport.width >= 768, viewport.width >= 768 ? 'the floating buttons beside the form on a wide screen' : 'none on a phone, over the form')
  }
})

t.test('the public pages keep them: / at 390 px has WhatsApp, with the theme in the menu', async (t) => {
  const { page } = await openPage(browser, t, { viewport: PHONE })
  await page.goto(`${server.url}/`, { waitUntil: 'networkidle' })
  t.ok(await page.getByRole('link', { name: 'Nous écrire sur WhatsApp (nouvel onglet)' }).isVisible(), 'the WhatsApp button')
  await page.getByTestId('nav-toggle').click()
  t.ok(await page.getByRole('button', { name: 'Thème sombre', exact: true }).isVisible(), 'the theme in the menu')
})

async function switchesTheme(t: Test, page: Page, open?: () => Promise<void>) {
  await open?.()
  await page.getByRole('button', { name: 'Thème sombre', exact: true }).click()
  await page.waitForFunction(() => document.documentElement.dataset.theme === 'dark')
  await open?.()
  // Switched by the island, or by the form's answer (the page again) without JavaScript.
  await page.getByRole('button', { name: 'Thème clair', exact: true }).waitFor()
  t.pass('dark, and the switch now offers the light theme')
}

t.test('the portal\'s theme switch is in the navigation bar at every width, the back-office\'s in its sidebar; both work without JavaScript', async (t) => {
  for (const javaScriptEnabled of [true, false]) {
    const how = javaScriptEnabled ? 'with JavaScript' : 'without JavaScript'
    const portal = await openPage(browser, t, { viewport: WIDE, javaScriptEnabled })
    await logInAs(portal.page, CLIENT)
    await portal.page.goto(`${server.url}/files`)
    await t.test(`the portal at 1280 px, ${how}`, (t) => switchesTheme(t, portal.page))

    const phone = await openPage(browser, t, { viewport: PHONE, javaScriptEnabled })
    await logInAs(phone.page, ADMIN)
    await phone.page.goto(`${server.url}/admin-dashboard/journal`)
    t.equal(await phone.page.locator('header.navbar .nav-theme').count(), 0, `${how}: the back-office's bar does not hold it`)
    const toggle = phone.page.locator('.admin-sidebar-toggle')
    const opened = async () => {
      if (!(await phone.page.locator('.admin-sidebar-theme button').isVisible())) await toggle.click()
    }
    await t.test(`the back-office's sidebar at 390 px, ${how}`, (t) => switchesTheme(t, phone.page, opened))
  }
})

/** Logs in through the login form, which posts to /login without JavaScript (contract §8). */
async function logInAs(page: Page, account: { email: string; password: string }) {
  await page.goto(`${server.url}/login`)
  await page.getByLabel('E-mail').fill(account.email)
  await page.getByLabel('Mot de passe', { exact: true }).fill(account.password)
  await Promise.all([page.waitForURL((url) => url.pathname !== '/login'), page.getByRole('button', { name: 'Se connecter' }).click()])
}
