// The forms' rough edges of issue 34 in a real browser: an error summary spans its form and moves no
// field out of its column (registration, 390 and 1280 px, with and without JavaScript); a form's error
// toast goes when that form passes its check (no stale error beside the success that follows: the
// registration's dialog, two-factor's « activée »); a form whose island validates says novalidate,
// so a `pattern` gives the portal's French message beside the field, never the browser's bubble.
import { Secret, TOTP } from 'otpauth'
import t from 'tap'
import type { Browser, Locator, Page } from 'playwright-core'
import { messages } from '../../src/modules/identity/validation.js'
import { PHONE_HINT } from '../../src/shared/validation.js'
import type { TestSmtp } from '../helpers/smtp.js'
import { errorOf, openPage, register, startSuite, type RunningServer } from './helpers.js'

let server: RunningServer
let browser: Browser
let smtp: TestSmtp

t.before(async () => ({ smtp, server, browser } = await startSuite(t)))

const PASSWORD = 'Zt9#qLm2vR!x'
const WIDTHS = [390, 1280]

async function box(locator: Locator) {
  const found = await locator.boundingBox()
  if (!found) throw new Error('no box')
  return found
}

/** Within a pixel: sub-pixel layout rounds differently from one box to the next. */
const near = (a: number, b: number) => Math.abs(a - b) <= 1

const errorToasts = (page: Page) => page.locator('.toast[data-type="error"]')

async function registrationPage(page: Page, javaScript: boolean) {
  await page.goto(`${server.url}/registration`)
  if (javaScript) await page.locator('form[data-hydrated]').waitFor()
}

for (const width of WIDTHS) {
  for (const javaScript of [true, false]) {
    t.test(`at ${width} px ${javaScript ? 'with' : 'without'} JavaScript, the error summary spans the registration form and moves no field aside`, async (t) => {
      const { page, problems } = await openPage(browser, t, { viewport: { width, height: 900 }, javaScriptEnabled: javaScript })
      await registrationPage(page, javaScript)
      const form = page.locator('form.auth-form')
      const fields = ['Nom d’utilisateur', 'E-mail', 'Téléphone', 'Mot de passe']
      const before = await Promise.all(fields.map((label) => box(page.getByLabel(label, { exact: true }))))

      await page.getByLabel('Mot de passe', { exact: true }).fill('abc')
      await page.getByLabel('Confirmer le mot de passe', { exact: true }).fill('abd')
      await page.getByRole('button', { name: 'S’inscrire' }).click()
      const summary = form.locator('.error-summary')
      await summary.waitFor()

      const [formBox, summaryBox] = [await box(form), await box(summary)]
      t.ok(near(summaryBox.x, formBox.x) && near(summaryBox.width, formBox.width), `the summary spans the form (${summaryBox.x}+${summaryBox.width} in ${formBox.x}+${formBox.width})`)
      const after = await Promise.all(fields.map((label) => box(page.getByLabel(label, { exact: true }))))
      fields.forEach((label, i) => {
        t.ok(near(after[i]!.x, before[i]!.x) && near(after[i]!.width, before[i]!.width), `« ${label} » keeps its column and its width (${before[i]!.x}+${before[i]!.width} → ${after[i]!.x}+${after[i]!.width})`)
      })
      t.ok(after[0]!.y >= summaryBox.y + summaryBox.height, '« Nom d’utilisateur » is below the summary, not beside it')
      if (width === 1280) t.ok(near(after[0]!.y, after[1]!.y), 'the username and the e-mail still share a row')
      t.same(problems, [], 'no script error')
    })
  }
}

t.test('a registration refused then sent: the refusal’s toast goes, the dialog stays alone', async (t) => {
  const { page, problems } = await openPage(browser, t)
  const unique = Date.now().toString(36)
  const email = `toast-${unique}@example.dz`
  await registrationPage(page, true)
  await page.getByLabel('Nom d’utilisateur').fill(`Toast ${unique}`)
  await page.getByLabel('E-mail').fill(email)
  await page.getByLabel('Entreprise').fill('SARL Atlas')
  await page.getByLabel('Téléphone').fill('0551234567')
  await page.getByLabel('Mot de passe', { exact: true }).fill(PASSWORD)
  await page.getByLabel('Confirmer le mot de passe', { exact: true }).fill(`${PASSWORD}?`)
  await page.getByRole('button', { name: 'S’inscrire' }).click()
  await errorToasts(page).filter({ hasText: messages.mismatch }).waitFor()

  await page.getByLabel('Confirmer le mot de passe', { exact: true }).fill(PASSWORD)
  await page.getByRole('button', { name: 'S’inscrire' }).click()
  await page.getByRole('dialog', { name: 'Vérifiez votre e-mail' }).waitFor()
  t.equal(await errorToasts(page).count(), 0, 'no error toast beside the dialog')
  await smtp.nextMail(email, 10_000)
  t.same(problems, [], 'no script error')
})

t.test('two-factor setup: « Code incorrect » goes when the right code turns it on', async (t) => {
  const { page, problems } = await openPage(browser, t)
  const email = `toast-2fa-${Date.now().toString(36)}@example.dz`
  await register(server.url, smtp, { username: 'Toast Deux', email, password: PASSWORD }, { follow: 'api' })
  await page.goto(`${server.url}/login`)
  await page.getByLabel('E-mail').fill(email)
  await page.getByLabel('Mot de passe', { exact: true }).fill(PASSWORD)
  await page.getByRole('button', { name: 'Se connecter' }).click()
  await page.waitForURL(`${server.url}/`)
  await page.goto(`${server.url}/users/profile/two-factor`)
  await page.locator('.auth-form[data-hydrated]').waitFor()
  const secret = ((await page.locator('.twofactor-secret').textContent()) ?? '').replace(/\s+/g, '')
  const right = new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate()
  const field = page.getByLabel('Code à 6 chiffres', { exact: true })
  // Turning it on asks for the password too (issue 34, « Flows »).
  await page.getByLabel('Mot de passe', { exact: true }).fill(PASSWORD)

  await field.fill(right === '000000' ? '111111' : '000000')
  await page.getByRole('button', { name: 'Activer la double authentification' }).click()
  await errorToasts(page).filter({ hasText: 'Code incorrect' }).waitFor()

  await field.fill(right)
  await page.getByRole('button', { name: 'Activer la double authentification' }).click()
  await page.locator('.toast[data-type="success"]', { hasText: 'activée' }).waitFor()
  t.equal(await errorToasts(page).count(), 0, 'no « Code incorrect » beside « activée »')
  t.same(problems, [], 'no script error')
})

for (const javaScript of [true, false]) {
  t.test(`${javaScript ? 'with' : 'without'} JavaScript, a telephone off its pattern gets the portal’s French message beside it, marked invalid`, async (t) => {
    const { page, problems } = await openPage(browser, t, { javaScriptEnabled: javaScript })
    await registrationPage(page, javaScript)
    t.equal(await page.locator('form.auth-form').getAttribute('novalidate'), '', 'the form says novalidate: the browser checks nothing itself')
    const unique = Date.now().toString(36)
    await page.getByLabel('Nom d’utilisateur').fill(`Pattern ${unique}`)
    await page.getByLabel('E-mail').fill(`pattern-${unique}@example.dz`)
    await page.getByLabel('Entreprise').fill('SARL Atlas')
    await page.getByLabel('Téléphone').fill('123')
    await page.getByLabel('Mot de passe', { exact: true }).fill(PASSWORD)
    await page.getByLabel('Confirmer le mot de passe', { exact: true }).fill(PASSWORD)
    await page.getByRole('button', { name: 'S’inscrire' }).click()
    // A native bubble would have stopped the submit: the French text shows only if the island (or the server) checked it.
    await page.locator('.field-error', { hasText: PHONE_HINT }).waitFor()
    t.equal(await page.getByLabel('Téléphone').getAttribute('aria-invalid'), 'true', 'the telephone is marked invalid')
    t.equal(await errorOf(page, 'Téléphone'), PHONE_HINT, 'its error, in French, tied to it')
    t.same(problems, [], 'no script error')
  })
}
