// Issue 17 in a real browser: a user creates a personal access token on their profile, reads it once
// (copy button, warning), a script (Node's fetch) calls the API with it, and the user revokes it from
// the list; the section passes axe.
import t from 'tap'
import type { Browser } from 'playwright-core'
import type { TestSmtp } from '../helpers/smtp.js'
import { axeViolations, logIn, openPage, register, startSuite, type RunningServer } from './helpers.js'

let server: RunningServer
let browser: Browser
let smtp: TestSmtp

const PASSWORD = 'Zt9#qLm2vR!x'

t.before(async () => ({ smtp, server, browser } = await startSuite(t)))

t.test('creating a token on the profile, reading it once, using it from a script, revoking it', async (t) => {
  const unique = Date.now().toString(36)
  const email = `tokens-${unique}@example.dz`
  const { id } = await register(server.url, smtp, { username: `Jetons ${unique}`, email, password: PASSWORD, entreprise: 'SARL Jetons' }, { follow: 'api' })
  const { page, problems } = await openPage(browser, t, { bypassCSP: true, permissions: ['clipboard-read', 'clipboard-write'] })
  await logIn(page, server.url, email, PASSWORD)
  await page.goto(`${server.url}/users/profile/${id}`)

  const section = page.getByRole('region', { name: 'Jetons d’accès personnels' })
  await section.getByText('Aucun jeton d’accès.').waitFor()
  await page.locator('.profile-tokens[data-hydrated]').waitFor() // the island's own handler (before it, the form posts to the profile)
  await section.getByLabel('Nom du jeton').fill('Script de sauvegarde')
  await section.getByLabel('Validité (jours)').fill('7')
  await section.getByRole('button', { name: 'Créer le jeton' }).click()

  const created = section.getByRole('region', { name: 'Votre nouveau jeton : « Script de sauvegarde »' })
  await created.waitFor()
  t.ok(await created.getByText('il ne sera plus jamais affiché').isVisible(), 'the warning is shown with it')
  const token = await created.getByLabel('Votre nouveau jeton').inputValue()
  t.match(token, /^pat_[A-Za-z0-9_-]{43}$/)
  await created.getByRole('button', { name: 'Copier le jeton' }).click()
  await page.locator('.toast', { hasText: 'Jeton copié.' }).waitFor()
  t.equal(await page.evaluate(() => navigator.clipboard.readText()), token, 'the copy button copies it')
  t.same(await axeViolations(page), [], 'axe: no violation with the new token shown')

  // A script, with the token alone: it acts as the user; account management stays closed to it.
  const bearer = { authorization: `Bearer ${token}` }
  const status = await fetch(`${server.url}/api/auth/status`, { headers: bearer })
  t.equal(status.status, 200)
  t.equal(((await status.json()) as { id: number }).id, id)
  const profile = await fetch(`${server.url}/api/users/profile/${id}`, { headers: bearer })
  t.equal(profile.status, 200, 'its own profile, as the user')
  const more = await fetch(`${server.url}/api/auth/tokens`, { method: 'POST', headers: { ...bearer, 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Encore', expiresInDays: 30 }) })
  t.equal(more.status, 403)
  t.equal(((await more.json()) as { code: string }).code, 'forbidden', 'a token makes no token')

  // Shown once: gone when dismissed, and nowhere in the page once reloaded; the list names it.
  await created.getByRole('button', { name: 'J’ai copié le jeton' }).click()
  await created.waitFor({ state: 'detached' })
  await page.reload()
  const row = section.locator('tbody tr', { hasText: 'Script de sauvegarde' })
  await row.waitFor()
  t.notOk((await page.content()).includes(token.slice(4)), 'the secret is not in the page')
  t.notOk(await row.getByText('jamais').isVisible(), 'its last use is listed (the script used it)')
  t.same(await axeViolations(page), [], 'axe: no violation on the list')
  await page.context().addCookies([{ name: 'theme', value: 'dark', url: server.url }])
  await page.reload()
  await row.waitFor()
  t.same(await axeViolations(page), [], 'axe: no violation, dark theme')

  await page.locator('.profile-tokens[data-hydrated]').waitFor()
  await row.getByRole('button', { name: 'Révoquer : Script de sauvegarde' }).click()
  const dialog = page.getByRole('alertdialog', { name: 'Révoquer le jeton « Script de sauvegarde » ?' })
  await dialog.getByRole('button', { name: 'Révoquer' }).click()
  await page.locator('.toast', { hasText: 'Jeton révoqué.' }).waitFor()
  await row.waitFor({ state: 'detached' })

  const after = await fetch(`${server.url}/api/auth/status`, { headers: bearer })
  t.equal(after.status, 401, 'the revoked token opens nothing')
  t.equal(((await after.json()) as { code: string }).code, 'unauthenticated')
  t.same(problems, [], 'no script errors')
})
