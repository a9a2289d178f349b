// Documents in a real browser: an accepted client uploads a PDF (progress bar, redirect home), an
// administrator finds it in New documents, views it (new tab), finds it in Documents, archives it
// and finds it in Archived documents; the owner deletes an unviewed document from the profile and
// has no delete button on the viewed one.
import t from 'tap'
import type { Browser } from 'playwright-core'
import type { TestSmtp } from '../helpers/smtp.js'
import { acceptedClient, apiSession, call, logIn, openPage, startSuite, type RunningServer } from './helpers.js'

let server: RunningServer
let browser: Browser
let smtp: TestSmtp

const PASSWORD = 'Zt9#qLm2vR!x'
const ADMIN = { email: 'cabinet-docs@example.dz', password: 'Adm1n#Cabinet!x' }

t.before(async () => ({ smtp, server, browser } = await startSuite(t, { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password })))

/** A PDF of some size, so that sending it is not instantaneous. */
const PDF = Buffer.concat([Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n'), Buffer.alloc(512 * 1024, 0x20), Buffer.from('\ntrailer << /Root 1 0 R >>\n%%EOF\n')])

/** A verified client accepted by the administrator; answers its id. */
function clientOfTheFirm(adminCookie: string, email: string, username: string): Promise<number> {
  return acceptedClient(server.url, smtp, adminCookie, { username, email, password: PASSWORD, entreprise: 'SARL Documents' })
}

t.test('upload, then New documents → view (new tab) → Documents → archive → Archived documents; the owner’s deletions', async (t) => {
  const unique = Date.now().toString(36)
  const client = { email: `docs-${unique}@example.dz`, username: `Client ${unique}` }
  const adminCookie = await apiSession(server.url, ADMIN.email, ADMIN.password)
  await call(server.url, adminCookie, 'POST', '/api/documents/types', { typeName: 'Bilan' })
  const clientId = await clientOfTheFirm(adminCookie, client.email, client.username)
  const fileName = `bilan-${unique}.pdf`

  // The client uploads through the form; the request is held until the progress bar has been seen.
  const owner = await openPage(browser, t, { acceptDownloads: true })
  await logIn(owner.page, server.url, client.email, PASSWORD)
  await owner.page.goto(`${server.url}/files`)
  await owner.page.getByRole('heading', { name: 'Choisir Vos Documents et Télécharge' }).waitFor()
  // The island has taken over (before, the form is posted to /files, which works too: no-javascript.test.ts).
  await owner.page.locator('form.upload-form[data-hydrated]').waitFor()
  await owner.page.getByRole('button', { name: 'Envoyez' }).click()
  await owner.page.locator('.toast', { hasText: 'Type de document requis' }).waitFor()
  await owner.page.getByLabel('Type de document').selectOption('Bilan')
  await owner.page.getByRole('button', { name: 'Envoyez' }).click()
  await owner.page.locator('.toast', { hasText: 'Veuillez sélectionner un fichier' }).waitFor()
  await owner.page.getByLabel('Description').fill('Bilan de l’exercice')
  await owner.page.getByLabel('Fichier').setInputFiles({ name: fileName, mimeType: 'application/pdf', buffer: PDF })
  let release!: () => void
  const held = new Promise<void>((resolve) => (release = resolve))
  await owner.page.route('**/api/documents/upload', async (route) => {
    await held
    await route.continue()
  })
  await owner.page.getByRole('button', { name: 'Envoyez' }).click()
  const bar = owner.page.getByRole('progressbar', { name: 'Progression de l’envoi' })
  await bar.waitFor()
  t.equal(Number(await bar.getAttribute('max')) >= PDF.length, true, 'the bar measures the bytes to send')
  t.ok(await owner.page.getByRole('button', { name: 'Annuler l’envoi' }).isVisible(), 'a cancel button while sending')
  release()
  await owner.page.waitForURL(`${server.url}/`)
  await owner.page.locator('.toast', { hasText: 'Document envoyé avec succès.' }).waitFor()
  await owner.page.unroute('**/api/documents/upload')

  // The administrator: New documents → View opens the file in a new tab and the list reloads.
  const admin = await openPage(browser, t, { acceptDownloads: true })
  await logIn(admin.page, server.url, ADMIN.email, ADMIN.password)
  await admin.page.goto(`${server.url}/admin-dashboard/new-documents`)
  const row = admin.page.locator('tr', { hasText: fileName })
  await row.waitFor()
  t.match(await row.textContent(), client.username)
  // « Voir le document » is a form the row posts until the island takes over (contract §8).
  await admin.page.locator('.admin-list[data-hydrated]').waitFor()
  const [tab] = await Promise.all([admin.page.context().waitForEvent('page'), admin.page.getByRole('button', { name: `Voir le document ${fileName}` }).click()])
  await tab.waitForURL(/\/uploads\/[0-9a-f]{32}\.pdf$/)
  await row.waitFor({ state: 'detached' })
  await admin.page.getByText('Aucun nouveau document.').waitFor()
  await tab.close()

  await admin.page.goto(`${server.url}/admin-dashboard/documents`)
  await admin.page.locator('tr', { hasText: fileName }).waitFor()
  await admin.page.getByRole('button', { name: `Archiver ${fileName}` }).click()
  await admin.page.getByRole('alertdialog').getByRole('button', { name: 'Archiver' }).click()
  await admin.page.locator('.toast', { hasText: 'Document archivé avec succès.' }).waitFor()
  await admin.page.locator('tr', { hasText: fileName }).waitFor({ state: 'detached' })

  await admin.page.goto(`${server.url}/admin-dashboard/arch-documents`)
  await admin.page.locator('tr', { hasText: fileName }).waitFor()
  await admin.page.getByRole('button', { name: `Voir ${fileName}` }).click()
  await admin.page.locator('.toast', { hasText: 'archivé' }).waitFor()

  // The owner: a second, unviewed document can be deleted from the profile; the viewed one cannot.
  const body = new FormData()
  body.append('file', new Blob([PDF], { type: 'application/pdf' }), `brouillon-${unique}.pdf`)
  body.append('type', 'Bilan')
  body.append('userId', String(clientId))
  await call(server.url, await apiSession(server.url, client.email, PASSWORD), 'POST', '/api/documents/upload', body)
  await owner.page.goto(`${server.url}/users/profile/${clientId}`)
  // The documents' own section: the activity section below names the same files.
  const owned = owner.page.locator('section[aria-labelledby="profile-documents-title"]')
  await owned.locator('tr', { hasText: `brouillon-${unique}.pdf` }).waitFor()
  t.equal(await owner.page.getByRole('button', { name: `Supprimer ${fileName}` }).count(), 0, 'no delete button on the viewed document')
  await owner.page.getByRole('button', { name: `Supprimer brouillon-${unique}.pdf` }).click()
  await owner.page.getByRole('alertdialog').getByRole('button', { name: 'Supprimer' }).click()
  await owned.locator('tr', { hasText: `brouillon-${unique}.pdf` }).waitFor({ state: 'detached' })
  t.equal(await owned.locator('tr', { hasText: fileName }).count(), 1, 'the viewed document stays')

  t.same(owner.problems, [], 'no script errors for the client')
  t.same(admin.problems, [], 'no script errors for the administrator')
})

t.test('cancelling an upload aborts it: nothing is stored', async (t) => {
  const unique = `${Date.now().toString(36)}c`
  const adminCookie = await apiSession(server.url, ADMIN.email, ADMIN.password)
  const email = `cancel-${unique}@example.dz`
  await clientOfTheFirm(adminCookie, email, `Client ${unique}`)
  const { page } = await openPage(browser, t, { acceptDownloads: true })
  await logIn(page, server.url, email, PASSWORD)
  await page.goto(`${server.url}/files`)
  await page.locator('form.upload-form[data-hydrated]').waitFor()
  await page.getByLabel('Type de document').selectOption('Bilan')
  await page.getByLabel('Fichier').setInputFiles({ name: `annule-${unique}.pdf`, mimeType: 'application/pdf', buffer: PDF })
  // Never answered: the upload stays under way until it is cancelled.
  await page.route('**/api/documents/upload', () => {})
  await page.getByRole('button', { name: 'Envoyez' }).click()
  await page.getByRole('button', { name: 'Annuler l’envoi' }).click()
  // The file's own row says so (issue 16: a file's outcome stays on its row, not in a toast).
  await page.locator('.upload-file', { hasText: 'Envoi annulé.' }).waitFor()
  await page.getByRole('progressbar').waitFor({ state: 'detached' })
  t.equal(page.url(), `${server.url}/files`, 'still on the form')
  const list = await call(server.url, adminCookie, 'GET', `/api/documents/new-documents?q=${encodeURIComponent(`annule-${unique}`)}`)
  t.same(await list.json(), [], 'nothing stored')
})
