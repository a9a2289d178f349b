// The identity flow in a real browser: register through the form, follow the mailed link,
// log in, see the user in the navigation bar, log out.
import t from 'tap'
import type { Browser } from 'playwright-core'
import { linkIn, type TestSmtp } from '../helpers/smtp.js'
import { openPage, register, startSuite, type RunningServer } from './helpers.js'

let server: RunningServer
let browser: Browser
let smtp: TestSmtp

t.before(async () => ({ smtp, server, browser } = await startSuite(t)))

const PASSWORD = 'Zt9#qLm2vR!x'

t.test('register, verify by mail, log in and log out', async (t) => {
  const { page, problems } = await openPage(browser, t)
  const unique = Date.now().toString(36)
  const email = `client-${unique}@example.dz`
  const username = `Client ${unique}`

  await page.goto(`${server.url}/registration`)
  await page.getByLabel('Nom d’utilisateur').fill(username)
  await page.getByLabel('E-mail').fill(email)
  await page.getByLabel('Entreprise').fill('SARL Atlas')
  await page.getByLabel('Téléphone').fill('0551234567')
  await page.getByLabel('Mot de passe', { exact: true }).fill(PASSWORD)
  await page.getByLabel('Confirmer le mot de passe', { exact: true }).fill(PASSWORD)
  await page.getByRole('button', { name: 'Afficher mot de passe', exact: true }).click()
  t.equal(await page.getByLabel('Mot de passe', { exact: true }).getAttribute('type'), 'text', 'the toggle shows the password')
  // The island's own handler (the dialog); before it, the form posts to the page (test/browser/no-javascript.test.ts).
  await page.locator('form[data-hydrated]').waitFor()
  await page.getByRole('button', { name: 'S’inscrire' }).click()

  const dialog = page.getByRole('dialog', { name: 'Vérifiez votre e-mail' })
  await dialog.waitFor()
  t.ok(await dialog.isVisible(), 'the check-your-mail dialog opens')

  const link = linkIn(await smtp.nextMail(email, 10_000), /^\/users\/\d+\/verify\//)
  t.equal(link.origin, server.url, 'the link points at the portal')

  await dialog.getByRole('button', { name: 'OK' }).click()
  await page.waitForURL(`${server.url}/login`)

  await page.goto(link.toString())
  await page.getByRole('heading', { name: 'E-mail vérifié' }).waitFor()
  await page.getByRole('link', { name: 'Se connecter' }).last().click()
  await page.waitForURL(`${server.url}/login`)

  await page.getByLabel('E-mail').fill(email)
  await page.getByLabel('Mot de passe', { exact: true }).fill(PASSWORD)
  await page.getByRole('button', { name: 'Se connecter' }).click()
  await page.waitForURL(`${server.url}/`)

  const menuButton = page.locator('.user-menu-button')
  await menuButton.waitFor()
  t.match(await menuButton.textContent(), username, 'the navigation bar shows the username')
  t.equal(await page.locator('header a[href="/login"]').count(), 0, 'no login link while logged in')

  await menuButton.click()
  await page.getByRole('button', { name: 'Déconnecte' }).click()
  await page.locator('header a[href="/login"]').first().waitFor()
  t.equal(await page.locator('.user-menu-button').count(), 0, 'the user menu is gone')
  t.same(problems, [], 'no script errors')
})

t.test('a spent or forged verification link shows E-mail non trouvé', async (t) => {
  const { page } = await openPage(browser, t)
  await page.goto(`${server.url}/users/999/verify/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAA`)
  await page.getByRole('heading', { name: 'E-mail non trouvé' }).waitFor()
  t.equal(await page.getByRole('link', { name: 'S’inscrire' }).last().getAttribute('href'), '/registration')
})

t.test('a forged reset link shows Lien Invalide ! with a retry link', async (t) => {
  const { page } = await openPage(browser, t)
  await page.goto(`${server.url}/reset-password/999/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAA`)
  await page.getByRole('heading', { name: 'Lien Invalide !' }).waitFor()
  t.equal(await page.getByRole('link', { name: 'Réessayer' }).getAttribute('href'), '/forget-password')
})

t.test('login validation and server errors show as toasts', async (t) => {
  const { page } = await openPage(browser, t)
  await page.goto(`${server.url}/login`)
  await page.locator('form[data-hydrated]').waitFor()
  await page.getByRole('button', { name: 'Se connecter' }).click()
  await page.locator('.toast[data-type="error"]', { hasText: 'Email est requis' }).waitFor()
  await page.getByLabel('E-mail').fill('nobody@example.dz')
  await page.getByLabel('Mot de passe', { exact: true }).fill('Wrong#Pass1')
  await page.getByRole('button', { name: 'Se connecter' }).click()
  // The server's own message, whatever its wording, as an error toast.
  await page.locator('.toast[data-type="error"]').filter({ hasNotText: 'Email est requis' }).first().waitFor()
  t.equal(new URL(page.url()).pathname, '/login', 'stays on /login')
})

t.test('forgotten password: request the mail, set a new password, log in with it', async (t) => {
  const { page, problems } = await openPage(browser, t)
  const unique = Date.now().toString(36)
  const email = `reset-${unique}@example.dz`
  await register(
    server.url,
    smtp,
    { username: `Reset ${unique}`, email, password: PASSWORD, entreprise: 'EURL Reset', telephone: '0661234567' },
    { checkStatus: (status) => t.equal(status, 201, 'registered through the API'), follow: page },
  )

  await page.goto(`${server.url}/forget-password`)
  await page.locator('form[data-hydrated]').waitFor()
  await page.getByLabel('E-mail').fill(email)
  await page.getByRole('button', { name: 'Envoyer le lien' }).click()
  await page.locator('.form-notice-success').waitFor()
  t.equal(await page.getByLabel('E-mail').inputValue(), '', 'the field is cleared')

  const reset = linkIn(await smtp.nextMail(email, 10_000), /^\/reset-password\/\d+\//)
  await page.goto(reset.toString())
  await page.locator('form[data-hydrated]').waitFor()
  const fresh = 'Nv7$kWq3pL!z'
  await page.getByLabel('Nouveau mot de passe', { exact: true }).fill(fresh)
  await page.getByLabel('Confirmer le mot de passe', { exact: true }).fill(fresh)
  await page.getByRole('button', { name: 'Réinitialiser' }).click()
  await page.locator('.toast[data-type="success"]').first().waitFor()
  await page.waitForURL(`${server.url}/login`)

  await page.getByLabel('E-mail').fill(email)
  await page.getByLabel('Mot de passe', { exact: true }).fill(fresh)
  await page.getByRole('button', { name: 'Se connecter' }).click()
  await page.waitForURL(`${server.url}/`)
  await page.locator('.user-menu-button').waitFor()

  await page.goto(reset.toString())
  t.equal(new URL(page.url()).pathname, '/', 'a logged-in user is sent home from the reset page')
  t.same(problems, [], 'no script errors')
})
