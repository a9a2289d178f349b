// The profile page in a real browser: the owner changes their photo (the navigation bar follows
// without a reload), tries a wrong old password, then deletes the account and can no longer log in.
import t from 'tap'
import sharp from 'sharp'
import type { Browser, Page } from 'playwright-core'
import type { TestSmtp } from '../helpers/smtp.js'
import { apiSession, call, errorOf, logIn, openPage, register, startSuite, type RunningServer } from './helpers.js'

let server: RunningServer
let browser: Browser
let smtp: TestSmtp

const PASSWORD = 'Zt9#qLm2vR!x'
const ADMIN = { email: 'cabinet-admin@example.dz', password: 'Adm1n#Cabinet!x' }

t.before(async () => ({ smtp, server, browser } = await startSuite(t, { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password })))

/** Registers through the API, follows the mailed link in the page, logs in through the form; answers the user id. */
async function registerAndLogIn(page: Page, email: string, username: string): Promise<number> {
  const { id } = await register(server.url, smtp, { username, email, password: PASSWORD, entreprise: 'SARL Profil' }, { follow: page })
  await logIn(page, server.url, email, PASSWORD)
  return id
}

t.test('the owner changes the photo, then deletes the account', async (t) => {
  const { page, problems } = await openPage(browser, t)
  const unique = Date.now().toString(36)
  const email = `profile-${unique}@example.dz`
  const username = `Profil ${unique}`
  const id = await registerAndLogIn(page, email, username)

  await page.locator('.user-menu-button').click()
  await page.getByRole('link', { name: 'Profile' }).click()
  await page.waitForURL(`${server.url}/users/profile/${id}`)
  await page.getByRole('heading', { name: username }).waitFor()
  const navPhoto = page.locator('.user-menu-button img')
  t.equal(await navPhoto.getAttribute('src'), '/static/avatar.svg', 'the blank avatar at first')

  // Marks this document: a reload would lose the mark.
  await page.evaluate(() => ((window as unknown as { noReload: boolean }).noReload = true))

  const submit = page.getByRole('button', { name: 'Mettre à jour la photo' })
  // The island has taken over (before, the form is posted to the profile, which works too: no-javascript.test.ts).
  await page.locator('form.profile-photo-form[data-hydrated]').waitFor()
  await submit.click()
  await page.locator('.toast[data-type="warning"]', { hasText: 'There is no file!' }).waitFor()
  // The refusal also stays beside the file (issue 17), named by the input, until another file is chosen.
  const input = page.getByLabel('Choisir une photo')
  const fileError = page.locator('.profile-photo-error')
  await fileError.filter({ hasText: 'There is no file!' }).waitFor()
  t.equal(await input.getAttribute('aria-invalid'), 'true', 'the input is marked invalid')
  t.ok((await input.getAttribute('aria-describedby'))?.split(' ').includes((await fileError.getAttribute('id'))!), 'and described by the error')
  await input.setInputFiles({ name: 'faux.png', mimeType: 'image/png', buffer: Buffer.from('not a picture at all') })
  await fileError.waitFor({ state: 'detached' })
  t.equal(await input.getAttribute('aria-invalid'), null, 'a new choice clears it')
  await submit.click()
  const refusal = (await page.locator('.toast[data-type="error"] .toast-message').first().textContent())!
  await fileError.filter({ hasText: refusal }).waitFor()

  const picture = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#2a6' } }).png().toBuffer()
  await page.getByLabel('Choisir une photo').setInputFiles({ name: 'portrait.png', mimeType: 'image/png', buffer: picture })
  await page.locator('.profile-photo-file', { hasText: 'portrait.png' }).waitFor()
  await submit.click()
  await page.locator('.user-menu-button img[src^="/uploads/photos/"]').waitFor()
  await page.locator('.toast[data-type="success"]').first().waitFor()
  const src = await navPhoto.getAttribute('src')
  t.match(src, /^\/uploads\/photos\/[0-9a-f]{32}\.webp$/, 'the navigation bar shows the new photo')
  t.equal(await page.locator('.profile-avatar').getAttribute('src'), src, 'the profile avatar too')
  t.equal(await page.evaluate(() => (window as unknown as { noReload?: boolean }).noReload), true, 'without a reload')
  await page.waitForFunction(() => {
    const image = document.querySelector<HTMLImageElement>('.user-menu-button img')
    return image?.complete === true && image.naturalWidth > 0
  })
  t.ok(await navPhoto.evaluate((image: HTMLImageElement) => image.naturalWidth <= 512 && image.naturalWidth > 0), 'the photo loads, at most 512 px wide')

  // A link to the page of the same form until the dialog's script takes over (test/browser/no-javascript.test.ts).
  await page.locator('a[href="/users/profile/password"][data-hydrated]').waitFor()
  await page.getByRole('button', { name: 'Changer le mot de passe' }).click()
  const passwordDialog = page.getByRole('dialog', { name: 'Changer le mot de passe' })
  await passwordDialog.waitFor()
  await passwordDialog.getByRole('button', { name: 'Enregistrer' }).click()
  await page.locator('.toast[data-type="error"]', { hasText: 'Mots de pass requis' }).waitFor()
  t.equal(await errorOf(page, 'Ancien mot de passe'), 'Ancien mots de pass requis', 'each field’s error stays under it in the dialog')
  await passwordDialog.getByLabel('Ancien mot de passe', { exact: true }).fill('Wrong#Pass1x')
  await passwordDialog.getByLabel('Nouveau mot de passe', { exact: true }).fill('Nv7$kWq3pL!z')
  await passwordDialog.getByRole('button', { name: 'Enregistrer' }).click()
  await page.locator('.toast[data-type="error"]', { hasText: 'Erreur lors de changement du votre mot de pass' }).waitFor()
  t.equal(await errorOf(page, 'Ancien mot de passe'), 'Ancien mot de passe incorrect.', 'the server’s reason under the old password')
  t.equal(await errorOf(page, 'Nouveau mot de passe'), null, 'the new one, given, is not marked')
  await passwordDialog.getByRole('button', { name: 'Annuler' }).click()
  await passwordDialog.waitFor({ state: 'hidden' })

  await page.locator('.profile-delete[data-hydrated]').waitFor() // the dialog's button (before it, a link to the confirmation page)
  await page.getByRole('button', { name: 'Supprimer mon compte' }).click()
  const confirm = page.getByRole('alertdialog', { name: 'Supprimer votre compte ?' })
  await confirm.waitFor()
  await confirm.getByRole('button', { name: 'Supprimer définitivement' }).click()
  await page.locator('.toast[data-type="success"]', { hasText: /supprimé/i }).waitFor()
  await page.waitForURL(`${server.url}/`)
  await page.locator('header a[href="/login"]').first().waitFor()
  t.equal(await page.locator('.user-menu-button').count(), 0, 'logged out')

  const login = await fetch(`${server.url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: PASSWORD }) })
  t.equal(login.status, 400, 'the account no longer logs in')
  const photo = await fetch(`${server.url}${src}`)
  t.equal(photo.status, 404, 'the photo file is gone')
  t.same(problems, [], 'no script errors')
})

t.test('the owner deletes an unviewed document after confirming', async (t) => {
  const { page, problems } = await openPage(browser, t)
  const unique = Date.now().toString(36)
  const email = `docs-${unique}@example.dz`
  const id = await registerAndLogIn(page, email, `Documents ${unique}`)

  const admin = await apiSession(server.url, ADMIN.email, ADMIN.password)
  await call(server.url, admin, 'POST', `/api/users/accept/${id}`)
  await call(server.url, admin, 'POST', '/api/documents/types', { typeName: `Bilan ${unique}` })
  const owner = await apiSession(server.url, email, PASSWORD)
  const form = new FormData()
  form.append('file', new Blob([Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n', 'latin1')], { type: 'application/pdf' }), 'bilan-annuel.pdf')
  form.append('type', `Bilan ${unique}`)
  form.append('userId', String(id))
  form.append('description', 'Bilan de l’exercice')
  await call(server.url, owner, 'POST', '/api/documents/upload', form)

  await page.goto(`${server.url}/users/profile/${id}`)
  // The documents' own section: the activity section below names the same file.
  const row = page.locator('section[aria-labelledby="profile-documents-title"] tbody tr', { hasText: 'bilan-annuel.pdf' })
  await row.waitFor()
  t.match(await row.textContent(), `Bilan ${unique}`, 'the type is shown')
  await page.getByRole('button', { name: 'Supprimer bilan-annuel.pdf' }).click()
  const confirm = page.getByRole('alertdialog', { name: 'Supprimer ce document ?' })
  await confirm.waitFor()
  await confirm.getByRole('button', { name: 'Annuler' }).click()
  await confirm.waitFor({ state: 'hidden' })
  t.equal(await row.count(), 1, 'cancelling keeps the document')

  await page.getByRole('button', { name: 'Supprimer bilan-annuel.pdf' }).click()
  await confirm.getByRole('button', { name: 'Supprimer', exact: true }).click()
  await page.getByText('Aucun document pour le moment.').waitFor()
  await page.locator('.toast[data-type="success"]').first().waitFor()
  await page.reload()
  await page.getByText('Aucun document pour le moment.').waitFor()
  t.same(problems, [], 'no script errors')
})
