// Issue 17: every form works without JavaScript (contract §8). A browser with scripts off registers,
// logs in and writes to the firm; what it posts is answered with a redirect and a flash message, or
// with the page again and the errors in place.
import t from 'tap'
import type { Browser, Page } from 'playwright-core'
import { linkIn, type TestSmtp } from '../helpers/smtp.js'
import { logIn, openPage, startSuite, type RunningServer } from './helpers.js'

const ADMIN = { email: 'cabinet-sans-js@example.dz', password: 'Qv7!rTz2Lp#m' }
const PASSWORD = 'Zt9#qLm2vR!x'

let server: RunningServer
let browser: Browser
let smtp: TestSmtp

t.before(async () => ({ smtp, server, browser } = await startSuite(t, { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password })))

/** A page whose scripts never run. */
async function withoutScripts(t: { teardown: (fn: () => unknown) => void }): Promise<Page> {
  const { page } = await openPage(browser, t, { javaScriptEnabled: false })
  return page
}

/** The error tied to the field labelled `label`: the element its aria-describedby names last. */
async function errorOf(page: Page, label: string): Promise<string | null> {
  const field = page.getByLabel(label, { exact: true })
  if ((await field.getAttribute('aria-invalid')) !== 'true') return null
  const ids = (await field.getAttribute('aria-describedby'))?.split(' ') ?? []
  return page.locator(`[id="${ids.at(-1)}"]`).textContent()
}

t.test('register with the errors answered in place, then log in, all without JavaScript', async (t) => {
  const page = await withoutScripts(t)
  const unique = Date.now().toString(36)
  const email = `sans-js-${unique}@example.dz`
  const username = `Client ${unique}`

  await page.goto(`${server.url}/registration`)
  t.equal(await page.locator('portal-island[data-name="RegistrationForm"]').count(), 1, 'the form is the island’s server HTML')
  await page.getByLabel('Nom d’utilisateur').fill(username)
  await page.getByLabel('E-mail').fill(email)
  await page.getByLabel('Entreprise').fill('SARL Sans Script')
  await page.getByLabel('Téléphone').fill('0551234567')
  await page.getByLabel('Mot de passe', { exact: true }).fill(PASSWORD)
  await page.getByLabel('Confirmer le mot de passe', { exact: true }).fill('Autre#Mot2passe')
  await page.getByRole('button', { name: 'S’inscrire' }).click()

  await page.getByRole('alert').filter({ hasText: 'Les mots de passe ne correspondent pas' }).waitFor()
  t.equal(new URL(page.url()).pathname, '/registration', 'the page again')
  t.equal(await errorOf(page, 'Confirmer le mot de passe'), 'Les mots de passe ne correspondent pas', 'the error under its field, tied to it')
  t.equal(await errorOf(page, 'E-mail'), null, 'a right field has none')
  t.equal(await page.getByLabel('Nom d’utilisateur').inputValue(), username, 'what was typed is kept')
  t.equal(await page.getByLabel('E-mail').inputValue(), email)
  t.equal(await page.getByLabel('Mot de passe', { exact: true }).inputValue(), '', 'but never the password')

  await page.getByLabel('Mot de passe', { exact: true }).fill(PASSWORD)
  await page.getByLabel('Confirmer le mot de passe', { exact: true }).fill(PASSWORD)
  await page.getByRole('button', { name: 'S’inscrire' }).click()
  await page.waitForURL(`${server.url}/login`)
  await page.locator('.toast', { hasText: 'Inscription réussie.' }).waitFor()
  t.pass('on to the login page, which says the mail is sent')

  // The mailed link's page checks it with a script; the link is followed through the API here.
  const link = linkIn(await smtp.nextMail(email, 10_000), /^\/users\/\d+\/verify\//)
  const [, , userId, , token] = link.pathname.split('/')
  t.equal((await fetch(`${server.url}/api/auth/${userId}/verify/${token}`)).status, 200)

  await page.getByLabel('E-mail').fill(email)
  await page.getByLabel('Mot de passe', { exact: true }).fill('Faux#Mot2passe')
  await page.getByRole('button', { name: 'Se connecter' }).click()
  await page.getByRole('alert').filter({ hasText: 'Email ou mot de passe incorrect.' }).waitFor()
  t.equal(await page.getByLabel('E-mail').inputValue(), email, 'a wrong password: the address is kept')
  t.equal(await errorOf(page, 'Mot de passe'), 'Email ou mot de passe incorrect.', 'and the refusal is under the password, tied to it')

  await page.getByLabel('Mot de passe', { exact: true }).fill(PASSWORD)
  await page.getByRole('button', { name: 'Se connecter' }).click()
  await page.waitForURL(`${server.url}/`)
  await page.locator('.toast', { hasText: 'Vous êtes connecté.' }).waitFor()
  t.match(await page.locator('.user-menu-button').textContent(), username, 'logged in: the navigation bar names the user')
})

t.test('a contact message sent without JavaScript reaches the firm’s inbox', async (t) => {
  const page = await withoutScripts(t)
  const name = `Amina ${Date.now().toString(36)}`
  await page.goto(`${server.url}/`)
  const form = page.locator('.contact-form')
  await form.getByLabel('Nom').fill(name)
  await form.getByLabel('E-mail').fill('pas-une-adresse')
  await form.getByLabel('Téléphone').fill('0551234567')
  await form.getByLabel('Message').fill('Bonjour, sans JavaScript.')
  await form.getByRole('button', { name: 'Envoyer' }).click()
  await page.getByRole('alert').filter({ hasText: 'Adresse e-mail invalide.' }).waitFor()
  t.equal(await form.getByLabel('E-mail').getAttribute('aria-invalid'), 'true', 'the e-mail is marked')
  t.equal(await form.getByLabel('Message').inputValue(), 'Bonjour, sans JavaScript.', 'the message is kept')

  await form.getByLabel('E-mail').fill('amina@example.dz')
  await form.getByRole('button', { name: 'Envoyer' }).click()
  await page.locator('.toast', { hasText: 'Votre message a été envoyé avec succès.' }).waitFor()
  t.equal(new URL(page.url()).hash, '#contact', 'back at the form')

  const admin = await withoutScripts(t)
  await logIn(admin, server.url, ADMIN.email, ADMIN.password)
  await admin.goto(`${server.url}/admin-dashboard/messages`)
  const row = admin.locator('tr', { hasText: name })
  await row.waitFor()
  t.match(await row.textContent(), 'Bonjour, sans JavaScript.', 'the firm reads it in its inbox')
})
