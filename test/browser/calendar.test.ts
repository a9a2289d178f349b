// Issue 32 in a real browser: the client's /calendar and the firm's /admin-dashboard/calendar at 390
// and 1280 px, nothing wider than the window, axe clean; and the company's identifiers form on the
// profile, checked in the page as the server checks them, then saved.
import { join } from 'node:path'
import t from 'tap'
import type { Browser } from 'playwright-core'
import type { TestSmtp } from '../helpers/smtp.js'
import { acceptedClient, apiSession, axeViolations, call, logIn, openPage, startSuite, type RunningServer } from './helpers.js'

const ADMIN = { email: 'admin@cabinet-benali.dz', password: 'Qv7!rTz2Lp#m' }
const CLIENT = { username: 'Sarl Tassili', email: 'tassili@example.dz', password: 'Zt9#qLm2vR!x' }

let server: RunningServer
let browser: Browser
let smtp: TestSmtp
let clientId = 0

t.before(async () => {
  ;({ smtp, server, browser } = await startSuite(t, { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password }))
  const admin = await apiSession(server.url, ADMIN.email, ADMIN.password)
  clientId = await acceptedClient(server.url, smtp, admin, CLIENT)
  // Every obligation asks, 60 days ahead: today's requests are made at once by the run after the change.
  for (const o of (await (await call(server.url, admin, 'GET', '/api/obligations')).json()) as Array<{ id: number }>) await call(server.url, admin, 'PATCH', `/api/obligations/${o.id}`, { leadDays: 60 })
  await call(server.url, admin, 'PATCH', `/api/users/${clientId}/company`, { nif: '000216001234567', taxRegime: 'reel', employer: true, legalForm: 'SARL' })
})

for (const width of [390, 1280]) {
  t.test(`the calendar pages at ${width} px: nothing wider than the window, axe clean`, async (t) => {
    const client = await openPage(browser, t, { bypassCSP: true, viewport: { width, height: 900 } })
    await logIn(client.page, server.url, CLIENT.email, CLIENT.password)
    await client.page.goto(`${server.url}/calendar`, { waitUntil: 'networkidle' })
    await client.page.getByRole('heading', { name: 'Mon calendrier' }).waitFor()
    t.ok(await client.page.getByRole('cell', { name: /G50/ }).first().isVisible(), 'the G50s are listed')
    t.ok(await client.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), '/calendar: nothing wider than the window')
    t.same(await axeViolations(client.page), [], '/calendar')

    const admin = await openPage(browser, t, { bypassCSP: true, viewport: { width, height: 900 } })
    await logIn(admin.page, server.url, ADMIN.email, ADMIN.password)
    await admin.page.goto(`${server.url}/admin-dashboard/calendar`, { waitUntil: 'networkidle' })
    await admin.page.getByRole('heading', { name: 'Calendrier fiscal' }).waitFor()
    await admin.page.getByRole('heading', { name: 'Obligations' }).waitFor()
    t.ok(await admin.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), '/admin-dashboard/calendar: nothing wider than the window')
    t.same(await axeViolations(admin.page), [], '/admin-dashboard/calendar')
    // An obligation's form (issue 32: each editable), with its errors in place after a wrong post.
    await admin.page.getByRole('link', { name: 'Modifier G50', exact: true }).click()
    await admin.page.getByRole('heading', { name: 'Modifier l’obligation G50' }).waitFor()
    await admin.page.getByLabel('Délai (jours avant l’échéance)').fill('400')
    await admin.page.getByRole('button', { name: 'Enregistrer' }).click()
    await admin.page.locator('.field-error', { hasText: 'Délai invalide : un nombre de jours de 0 à 365.' }).waitFor()
    t.ok(await admin.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), 'the obligation’s form: nothing wider than the window')
    t.same(await axeViolations(admin.page), [], 'the obligation’s form, answered again')
    if (process.env.SCREENSHOTS) await admin.page.screenshot({ path: join(process.env.SCREENSHOTS, `obligation-form-${width}.png`), fullPage: true })
    t.same([...client.problems, ...admin.problems], [], 'no script error')
  })
}

t.test('the identifiers on the profile: checked in the page, then saved', async (t) => {
  const { page, problems } = await openPage(browser, t, { bypassCSP: true, viewport: { width: 390, height: 900 } })
  await logIn(page, server.url, CLIENT.email, CLIENT.password)
  await page.goto(`${server.url}/users/profile/${clientId}`, { waitUntil: 'networkidle' })
  await page.getByRole('heading', { name: 'Identifiants de l’entreprise' }).waitFor()
  t.equal(await page.getByLabel('NIF').inputValue(), '000216001234567', 'the firm’s values are there')
  t.same(await axeViolations(page), [], 'the profile with its identifiers')
  await page.getByLabel('NIS').fill('123')
  await page.getByRole('button', { name: 'Enregistrer' }).first().click()
  await page.getByText('NIS invalide : 15 chiffres.').first().waitFor()
  await page.getByLabel('NIS').fill('000216010012345')
  await page.getByRole('button', { name: 'Enregistrer' }).first().click()
  await page.getByText('Identifiants de l’entreprise enregistrés.').first().waitFor()
  const cookie = await apiSession(server.url, CLIENT.email, CLIENT.password)
  t.equal(((await (await call(server.url, cookie, 'GET', '/api/users/company')).json()) as { nis: string }).nis, '000216010012345')
  t.same(problems, [])
})
