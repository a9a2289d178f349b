// The identity flow in a real browser: register through the form, follow the mailed link,
// log in, see the user in the navigation bar, log out; with JavaScript, the login's and the
// registration's, the forgotten password's and the reset's errors stay under their fields and in an alert (issue 17).
import t from 'tap'
import type { Browser, Page } from 'playwright-core'
import { messages } from '../../src/modules/identity/validation.js'
import { linkIn, type TestSmtp } from '../helpers/smtp.js'
import { axeViolations, errorOf, openPage, register, startSuite, type RunningServer } from './helpers.js'

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
  await page.locator('form[data-hydrated]').waitFor()
  await page.getByRole('button', { name: 'Vérifier mon adresse e-mail' }).click()
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
  await page.locator('form[data-hydrated]').waitFor()
  await page.getByRole('button', { name: 'Vérifier mon adresse e-mail' }).click()
  await page.getByRole('heading', { name: 'E-mail non trouvé' }).waitFor()
  t.equal(await page.getByRole('link', { name: 'S’inscrire' }).last().getAttribute('href'), '/registration')
})

t.test('a forged reset link shows Lien Invalide ! with a retry link', async (t) => {
  const { page } = await openPage(browser, t)
  await page.goto(`${server.url}/reset-password/999/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAA`)
  await page.getByRole('heading', { name: 'Lien Invalide !' }).waitFor()
  t.equal(await page.getByRole('link', { name: 'Réessayer' }).getAttribute('href'), '/forget-password')
})

/** The form's error summary holding `text` (the island's error toast, an alert, announces it: one alert for one refusal). */
const summary = (page: Page, text: string) => page.locator('form .error-summary', { hasText: text })
/** The error toast holding `text` (spec §5, §8: a refusal is a toast), announced as an alert. */
const errorToast = (page: Page, text: string) => page.locator('.toast[data-type="error"]', { hasText: text })

/** The page was not left (the island answered, no form post reloaded it): a mark set on the window before is still there. */
const stayed = (page: Page) => page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed === true)

t.test('with JavaScript, a login error stays under its field and is announced', async (t) => {
  const unique = Date.now().toString(36)
  const email = `erreurs-${unique}@example.dz`
  await register(server.url, smtp, { username: `Erreurs ${unique}`, email, password: PASSWORD }, { follow: 'api' })
  const { page, problems } = await openPage(browser, t, { bypassCSP: true })
  // Time is the test's: moved on by hand below, past any toast's 2 seconds, without waiting for it.
  await page.clock.install()
  await page.goto(`${server.url}/login`)
  await page.locator('form[data-hydrated]').waitFor()
  await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true))

  // The shared check: nothing typed.
  await page.getByRole('button', { name: 'Se connecter' }).click()
  await summary(page, 'Email est requis').waitFor()
  t.equal(await errorOf(page, 'E-mail'), 'Email est requis', 'the check’s error under the e-mail, tied to it')
  t.equal(await errorOf(page, 'Mot de passe'), 'Mot de passe requis', 'and the password’s under it')

  // The server's refusal: a wrong password, told under the password.
  await page.getByLabel('E-mail').fill(email)
  await page.getByLabel('Mot de passe', { exact: true }).fill('Faux#Mot2passe')
  await page.getByRole('button', { name: 'Se connecter' }).click()
  await summary(page, 'Email ou mot de passe incorrect.').waitFor()
  t.equal(await errorOf(page, 'Mot de passe'), 'Email ou mot de passe incorrect.', 'the refusal under the password, tied to it')
  t.equal(await errorOf(page, 'E-mail'), null, 'the e-mail, typed now, is no longer marked')
  t.ok(await stayed(page), 'the island answered: the page was not reloaded')

  await errorToast(page, 'Email ou mot de passe incorrect.').waitFor() // the toaster is its own island: a moment after the form
  t.pass('and an error toast says it (spec §8)')
  t.equal(await page.locator('form .error-summary[role="alert"]').count(), 0, 'announced once: by the toast, not by the summary too')

  await page.clock.fastForward(10_000)
  t.equal(await errorOf(page, 'Mot de passe'), 'Email ou mot de passe incorrect.', 'ten seconds later, still there')
  t.ok(await summary(page, 'Email ou mot de passe incorrect.').isVisible(), 'the summary too')
  t.ok(await errorToast(page, 'Email ou mot de passe incorrect.').isVisible(), 'and the error toast, until dismissed')
  t.equal(new URL(page.url()).pathname, '/login', 'stays on /login')
  t.same(await axeViolations(page), [], 'the errors shown: no axe violation')
  t.same(problems, [], 'no script error')
})

t.test('with JavaScript, a registration error stays under its field and is announced, in both themes', async (t) => {
  const unique = Date.now().toString(36)
  const taken = `deja-${unique}@example.dz`
  await register(server.url, smtp, { username: `Déjà ${unique}`, email: taken, password: PASSWORD }, { follow: 'api' })
  for (const theme of ['light', 'dark']) {
    const { page, problems } = await openPage(browser, t, { bypassCSP: true })
    await page.context().addCookies([{ name: 'theme', value: theme, url: server.url }])
    await page.clock.install()
    await page.goto(`${server.url}/registration`)
    await page.locator('form[data-hydrated]').waitFor()
    await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true))
    await page.getByLabel('Nom d’utilisateur').fill(`Client ${unique}`)
    await page.getByLabel('E-mail').fill(taken)
    await page.getByLabel('Entreprise').fill('SARL Atlas')
    await page.getByLabel('Téléphone').fill('0551234567')
    await page.getByLabel('Mot de passe', { exact: true }).fill(PASSWORD)
    await page.getByLabel('Confirmer le mot de passe', { exact: true }).fill('Autre#Mot2passe')
    await page.getByRole('button', { name: 'S’inscrire' }).click()

    await summary(page, 'Les mots de passe ne correspondent pas').waitFor()
    await errorToast(page, 'Les mots de passe ne correspondent pas').waitFor() // the toaster is its own island: a moment after the form
    t.pass(`${theme}: the error toast of spec §5 too`)
    t.equal(await errorOf(page, 'Confirmer le mot de passe'), 'Les mots de passe ne correspondent pas', `${theme}: the error under the confirmation, tied to it`)
    t.equal(await errorOf(page, 'E-mail'), null, `${theme}: a right field has none`)
    await page.clock.fastForward(10_000)
    t.equal(await errorOf(page, 'Confirmer le mot de passe'), 'Les mots de passe ne correspondent pas', `${theme}: ten seconds later, still there`)
    t.same(await axeViolations(page), [], `${theme}: the errors shown, no axe violation`)

    // The server's own refusal (a password of its list of weak ones), told under the password; the mismatch is gone.
    await page.getByLabel('Mot de passe', { exact: true }).fill('Password1!')
    await page.getByLabel('Confirmer le mot de passe', { exact: true }).fill('Password1!')
    await page.getByRole('button', { name: 'S’inscrire' }).click()
    await summary(page, "Ce mot de passe n'est pas accepter choisir autre.").waitFor()
    t.equal(await errorOf(page, 'Mot de passe'), "Ce mot de passe n'est pas accepter choisir autre.", `${theme}: the refusal under the password`)
    t.equal(await errorOf(page, 'Confirmer le mot de passe'), null, `${theme}: the confirmation, right now, is no longer marked`)
    t.equal(await errorOf(page, 'E-mail'), null, `${theme}: the address already registered is not told (issue 34)`)
    t.ok(await stayed(page), `${theme}: the island answered, the page was not reloaded`)
    t.same(problems, [], `${theme}: no script error`)
  }
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
  // A refusal stays under its field (and is toasted), as on the page answered again without JavaScript.
  await page.getByRole('button', { name: 'Envoyer le lien' }).click()
  await errorToast(page, messages.forgotEmailRequired).waitFor()
  t.equal(await errorOf(page, 'E-mail'), messages.forgotEmailRequired, 'an empty address: the error under it')
  await page.getByLabel('E-mail').fill(email)
  await page.getByRole('button', { name: 'Envoyer le lien' }).click()
  await page.locator('.form-notice-success').waitFor()
  t.equal(await page.getByLabel('E-mail').inputValue(), '', 'the field is cleared')

  const reset = linkIn(await smtp.nextMail(email, 10_000), /^\/reset-password\/\d+\//)
  await page.goto(reset.toString())
  await page.locator('form[data-hydrated]').waitFor()
  const fresh = 'Nv7$kWq3pL!z'
  await page.getByLabel('Nouveau mot de passe', { exact: true }).fill(fresh)
  await page.getByLabel('Confirmer le mot de passe', { exact: true }).fill(`${fresh}?`)
  await page.getByRole('button', { name: 'Réinitialiser' }).click()
  await errorToast(page, messages.resetMismatch).waitFor()
  t.equal(await errorOf(page, 'Confirmer le mot de passe'), messages.resetMismatch, 'the check’s refusal under the confirmation')
  // A password on the server's list of common ones (the island does not run it): the server's refusal, under the new password.
  await page.getByLabel('Nouveau mot de passe', { exact: true }).fill('Password1!')
  await page.getByLabel('Confirmer le mot de passe', { exact: true }).fill('Password1!')
  await page.getByRole('button', { name: 'Réinitialiser' }).click()
  await errorToast(page, messages.weak).waitFor()
  t.equal(await errorOf(page, 'Nouveau mot de passe'), messages.weak, 'the server’s refusal under the new password')
  t.equal(await errorOf(page, 'Confirmer le mot de passe'), null, 'the confirmation, now right, is no longer marked')
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
