// Two-factor sign-in in a real browser (issue 15): an administrator under REQUIRE_ADMIN_2FA=true is sent to the
// setup page, enrolls by reading the secret from the page and typing the code with the keyboard alone, keeps the
// recovery codes (downloaded as a text file), then signs in with the second step; a client turns it on from the
// profile and off again; an administrator turns a client's off from the client's profile, after a confirmation.
// axe finds nothing on the new pages. Codes are computed here from the secret on the page.
import { readFileSync } from 'node:fs'
import { Secret, TOTP } from 'otpauth'
import t, { type Test } from 'tap'
import type { Browser, Page } from 'playwright-core'
import { describeUserAgent } from '../../src/shared/user-agent.js'
import { decodeMime, type TestSmtp } from '../helpers/smtp.js'
import { axeViolations, errorOf, openPage, register, startSuite, type RunningServer } from './helpers.js'

const ADMIN = { email: 'cabinet-2fa@example.dz', password: 'Adm1n#Cabinet!x' }
const PASSWORD = 'Zt9#qLm2vR!x'
const STEP_MS = 30_000

let server: RunningServer
let browser: Browser
let smtp: TestSmtp
/** The administrator's recovery codes (the first test enrolls them): a later test signs in with one, with no wait for the next TOTP step. */
let adminCodes: string[] = []

t.before(async () => ({ smtp, server, browser } = await startSuite(t, { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, REQUIRE_ADMIN_2FA: 'true' })))

/**
 * The code of the step after the current one: the server accepts one step either side and never a step
 * it already accepted, so each later use takes the next step (no waiting for the clock).
 */
function code(secret: string, stepsAhead: number): string {
  return new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + stepsAhead * STEP_MS })
}


/** Types into the field named `label` and submits with Enter: no mouse. */
async function typeAndSubmit(page: Page, label: string, value: string): Promise<void> {
  await page.getByLabel(label, { exact: true }).focus()
  await page.keyboard.type(value)
  await page.keyboard.press('Enter')
}

async function passwordStep(page: Page, email: string, password: string): Promise<void> {
  await page.goto(`${server.url}/login`)
  await page.getByLabel('E-mail').fill(email)
  await page.getByLabel('Mot de passe', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Se connecter' }).click()
}

/** The secret as the page shows it (spaces every 4 characters for reading), and the fields a password manager needs. */
async function readSetupPage(t: Test, page: Page): Promise<string> {
  const shown = (await page.locator('.twofactor-secret').textContent()) ?? ''
  const secret = shown.replace(/\s+/g, '')
  t.match(secret, /^[A-Z2-7]{32}$/, 'the secret is on the page as text')
  t.equal(await page.locator('.twofactor-qr svg').count(), 1, 'the QR code is an SVG drawn on the server')
  const field = page.getByLabel('Code à 6 chiffres', { exact: true })
  t.equal(await field.getAttribute('autocomplete'), 'one-time-code')
  t.equal(await field.getAttribute('inputmode'), 'numeric')
  return secret
}

t.test('an administrator is sent to setup, enrolls with the keyboard, keeps the codes, then signs in with the second step', async (t) => {
  const { page, problems } = await openPage(browser, t, { bypassCSP: true, acceptDownloads: true })
  await passwordStep(page, ADMIN.email, ADMIN.password)
  await page.waitForURL(`${server.url}/`)

  await page.goto(`${server.url}/admin-dashboard`)
  await page.waitForURL(`${server.url}/users/profile/two-factor`)
  await page.getByRole('alert').filter({ hasText: 'obligatoire pour les administrateurs' }).waitFor()
  t.same(await axeViolations(page), [], 'setup page: no axe violation')
  const secret = await readSetupPage(t, page)

  await page.locator('.auth-form[data-hydrated]').waitFor() // the island's own handler (before it, the form posts to the page)
  // The code alone is refused by the page: the password too, as turning it off asks (issue 34).
  await typeAndSubmit(page, 'Code à 6 chiffres', code(secret, 0))
  await page.getByLabel('Mot de passe', { exact: true }).and(page.locator('[aria-invalid="true"]')).waitFor()
  t.equal(await errorOf(page, 'Mot de passe'), 'Mot de passe requis', 'the password asked for, under its field')
  await page.getByLabel('Mot de passe', { exact: true }).fill(ADMIN.password)
  await page.keyboard.press('Enter')
  await page.getByRole('heading', { name: 'Vos codes de secours' }).waitFor()
  const codes = await page.locator('.twofactor-code-list code').allTextContents()
  t.equal(codes.length, 10, 'ten recovery codes, shown once')
  adminCodes = codes
  t.same(await axeViolations(page), [], 'recovery codes: no axe violation')

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Télécharger les codes (.txt)' }).press('Enter')])
  t.equal(download.suggestedFilename(), 'codes-de-secours.txt')
  const text = readFileSync((await download.path())!, 'utf8')
  t.ok(codes.every((c) => text.includes(c)), 'the file holds every code')

  await page.goto(`${server.url}/admin-dashboard`)
  t.equal(new URL(page.url()).pathname, '/admin-dashboard', 'enrolled: the back-office opens')

  await page.context().clearCookies()
  await passwordStep(page, ADMIN.email, ADMIN.password)
  await page.waitForURL(`${server.url}/login/2fa`)
  await page.waitForLoadState('networkidle')
  t.same(await axeViolations(page), [], 'second step: no axe violation')
  const field = page.getByLabel('Code à 6 chiffres', { exact: true })
  t.equal(await field.getAttribute('autocomplete'), 'one-time-code')
  t.equal(await field.getAttribute('inputmode'), 'numeric')
  await page.locator('.auth-form[data-hydrated]').waitFor() // the second step's own handler (before it, the form posts to the page)
  // With JavaScript too, a wrong code stays under the field, besides its toast.
  await typeAndSubmit(page, 'Code à 6 chiffres', code(secret, 1) === '000000' ? '111111' : '000000')
  await page.locator('.toast[data-type="error"]', { hasText: 'Code incorrect ou déjà utilisé.' }).waitFor()
  await field.and(page.locator('[aria-invalid="true"]')).waitFor()
  t.equal(await errorOf(page, 'Code à 6 chiffres'), 'Code incorrect ou déjà utilisé.', 'the second step’s refusal under the code')
  await field.fill('')
  await typeAndSubmit(page, 'Code à 6 chiffres', code(secret, 1))
  await page.waitForURL(`${server.url}/`)
  await page.goto(`${server.url}/admin-dashboard`)
  t.equal(new URL(page.url()).pathname, '/admin-dashboard', 'signed in with the second step')

  // A recovery code, from another browser.
  await page.context().clearCookies()
  await passwordStep(page, ADMIN.email, ADMIN.password)
  await page.waitForURL(`${server.url}/login/2fa`)
  await page.locator('.auth-form[data-hydrated]').waitFor() // the second step's own handler (before it, the form posts to the page)
  await page.getByRole('link', { name: 'Utiliser un code de secours' }).press('Enter')
  await typeAndSubmit(page, 'Code de secours', codes[0]!)
  await page.waitForURL(`${server.url}/`)
  t.same(problems, [], 'no script error')
})

t.test('a client turns two-factor on from the profile, and off again', async (t) => {
  const { page, problems } = await openPage(browser, t, { bypassCSP: true })
  // The dark theme here (the administrator's test runs in the light one): axe checks both.
  await page.context().addCookies([{ name: 'theme', value: 'dark', url: server.url }])
  const email = `twofactor-${Date.now().toString(36)}@example.dz`
  const { id } = await register(server.url, smtp, { username: 'Client Deux', email, password: PASSWORD }, { follow: 'api' })
  await passwordStep(page, email, PASSWORD)
  await page.waitForURL(`${server.url}/`)
  await page.goto(`${server.url}/users/profile/${id}`)
  await page.getByRole('link', { name: 'Double authentification' }).press('Enter')
  await page.waitForURL(`${server.url}/users/profile/two-factor`)
  t.equal(await page.getByRole('alert').filter({ hasText: 'obligatoire' }).count(), 0, 'a client is not told it is required')
  t.same(await axeViolations(page), [], 'setup page, dark theme: no axe violation')
  const secret = await enrollOnPage(t, page, id, PASSWORD)
  const browserInWords = `Navigateur : ${describeUserAgent(await page.evaluate(() => navigator.userAgent))}`
  t.match(decodeMime((await smtp.nextMail(email, 10_000)).raw), browserInWords, 'turned on: the mail names the browser in words')

  await page.goto(`${server.url}/users/profile/two-factor`)
  await page.getByRole('heading', { name: 'Désactiver la double authentification' }).waitFor()
  t.same(await axeViolations(page), [], 'disable page: no axe violation')
  await page.locator('.auth-form[data-hydrated]').waitFor() // the island's own handler (before it, the form posts to the page)
  await page.getByLabel('Mot de passe', { exact: true }).focus()
  await page.keyboard.type(PASSWORD)
  // A wrong code: the server's refusal stays under the field, the password typed kept.
  await typeAndSubmit(page, 'Code à 6 chiffres', code(secret, 1) === '000000' ? '111111' : '000000')
  await page.getByLabel('Code à 6 chiffres', { exact: true }).and(page.locator('[aria-invalid="true"]')).waitFor()
  t.equal(await errorOf(page, 'Code à 6 chiffres'), 'Code incorrect ou déjà utilisé.', 'the refusal under the code')
  t.equal(await page.getByLabel('Mot de passe', { exact: true }).inputValue(), PASSWORD, 'the password kept')
  await page.getByLabel('Code à 6 chiffres', { exact: true }).fill('')
  await typeAndSubmit(page, 'Code à 6 chiffres', code(secret, 1))
  await page.getByText('La double authentification est désactivée. Un e-mail vous le confirme.').waitFor()
  const mail = decodeMime((await smtp.nextMail(email, 10_000)).raw)
  t.match(mail, /nouveau mot de passe avec le lien ci-dessous, puis r/, 'the mail of turning it off')
  t.match(mail, browserInWords, 'turned off: the mail names the browser in words')
  t.same(problems, [], 'no script error')
})

/** From the setup page a link led to: the code typed with the keyboard, the recovery codes acknowledged; answers the secret. */
async function enrollOnPage(t: Test, page: Page, userId: number, password: string): Promise<string> {
  const secret = await readSetupPage(t, page)
  await page.locator('.auth-form[data-hydrated]').waitFor() // the island's own handler (before it, the form posts to the page)
  await page.getByLabel('Mot de passe', { exact: true }).fill(password)
  await typeAndSubmit(page, 'Code à 6 chiffres', code(secret, 0))
  await page.getByRole('heading', { name: 'Vos codes de secours' }).waitFor()
  await page.getByRole('link', { name: 'J’ai noté mes codes' }).press('Enter')
  await page.waitForURL(`${server.url}/users/profile/${userId}`)
  return secret
}

t.test('an administrator turns a client’s two-factor off from the client’s profile, after a confirmation', async (t) => {
  t.equal(adminCodes.length, 10, 'the administrator enrolled in the first test')
  const client = await openPage(browser, t, { bypassCSP: true })
  const email = `twofactor-reset-${Date.now().toString(36)}@example.dz`
  const { id } = await register(server.url, smtp, { username: 'Client Trois', email, password: PASSWORD }, { follow: 'api' })
  await passwordStep(client.page, email, PASSWORD)
  await client.page.waitForURL(`${server.url}/`)
  await client.page.goto(`${server.url}/users/profile/two-factor`)
  await enrollOnPage(t, client.page, id, PASSWORD)
  await smtp.nextMail(email, 10_000)

  const { page, problems } = await openPage(browser, t, { bypassCSP: true })
  await passwordStep(page, ADMIN.email, ADMIN.password)
  await page.waitForURL(`${server.url}/login/2fa`)
  await page.locator('.auth-form[data-hydrated]').waitFor() // the second step's own handler (before it, the form posts to the page)
  await page.getByRole('link', { name: 'Utiliser un code de secours' }).press('Enter')
  await typeAndSubmit(page, 'Code de secours', adminCodes[1]!)
  await page.waitForURL(`${server.url}/`)

  await page.goto(`${server.url}/users/profile/${id}`)
  const section = page.locator('.profile-twofactor')
  await section.getByText(/^Activée :/).waitFor()
  await page.waitForFunction(() => !document.querySelector<HTMLButtonElement>('.profile-twofactor button')?.disabled)
  t.same(await axeViolations(page), [], 'the client’s profile with the reset: no axe violation')
  await section.getByRole('button', { name: 'Désactiver la double authentification' }).press('Enter')
  const dialog = page.getByRole('alertdialog')
  await dialog.getByText('Client Trois se connectera de nouveau avec son seul mot de passe').waitFor()
  t.same(await axeViolations(page), [], 'the confirmation: no axe violation')
  await dialog.getByRole('button', { name: 'Désactiver' }).press('Enter')
  await section.getByText('Non activée.').waitFor()
  t.equal(await section.getByRole('button').count(), 0, 'no button once it is off')
  t.match(decodeMime((await smtp.nextMail(email, 10_000)).raw), /Un administrateur du cabinet a d/, 'the client is told')

  await client.page.reload()
  t.equal(new URL(client.page.url()).pathname, '/login', 'the client’s session ended')
  t.same(problems, [], 'no script error')
  t.same(client.problems, [], 'no script error on the client’s side')
})
