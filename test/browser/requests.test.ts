// Issue 16 in a real browser: an administrator asks a client for a document from the client's page;
// the client, logged in, sees it first on « Mon espace » (also 390 px wide), sends the file into it
// and sees it received; the firm's requests list cancels another after a confirmation. Axe-clean.
import t from 'tap'
import type { Browser } from 'playwright-core'
import type { TestSmtp } from '../helpers/smtp.js'
import { acceptedClient, apiSession, axeViolations, call, logIn, openPage, startSuite, type RunningServer } from './helpers.js'

let server: RunningServer
let browser: Browser
let smtp: TestSmtp

const PASSWORD = 'Zt9#qLm2vR!x'
const ADMIN = { email: 'cabinet-demandes@example.dz', password: 'Adm1n#Cabinet!x' }
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n', 'latin1')

t.before(async () => ({ smtp, server, browser } = await startSuite(t, { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password })))

/** A day `days` after today, `YYYY-MM-DD` (in Algiers; a few days' margin makes the zone irrelevant). */
const dayIn = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)

t.test('asked from the client’s page, seen first on Mon espace, answered by an upload; cancelled from the list', async (t) => {
  const unique = Date.now().toString(36)
  const client = { email: `demandes-${unique}@example.dz`, username: `Client ${unique}` }
  const adminCookie = await apiSession(server.url, ADMIN.email, ADMIN.password)
  await call(server.url, adminCookie, 'POST', '/api/documents/types', { typeName: 'Bilan' })
  const clientId = await acceptedClient(server.url, smtp, adminCookie, { username: client.username, email: client.email, password: PASSWORD, entreprise: 'SARL Demandes' })
  await smtp.nextMail(client.email, 10_000) // the acceptance
  const title = `Bilan 2025 ${unique}`

  // The administrator asks from the client's page.
  const admin = await openPage(browser, t, { bypassCSP: true })
  await logIn(admin.page, server.url, ADMIN.email, ADMIN.password)
  await admin.page.goto(`${server.url}/users/profile/${clientId}`)
  const form = admin.page.locator('form.request-form')
  await admin.page.locator('form.request-form[data-hydrated]').waitFor() // the island's handler (before it, the form posts to the client's page of it)
  await form.getByRole('button', { name: 'Envoyer la demande' }).click()
  await admin.page.locator('.toast', { hasText: 'Type de document requis' }).waitFor()
  await form.getByLabel('Type de document').selectOption('Bilan')
  await form.getByLabel('Intitulé').fill(title)
  await form.getByLabel('Note pour le client').fill('Avec les annexes, merci.')
  await form.getByLabel('Date limite').fill(dayIn(10))
  await form.getByRole('button', { name: 'Envoyer la demande' }).click()
  await admin.page.locator('.toast', { hasText: 'Demande envoyée au client.' }).waitFor()
  await admin.page.locator('.client-requests tr', { hasText: title }).waitFor()
  t.same(await axeViolations(admin.page), [], 'axe: the client’s page with its requests')
  t.match((await smtp.nextMail(client.email, 10_000)).decoded, 'Le cabinet vous demande le document suivant', 'the client is mailed')

  // The client sees it first on Mon espace, on a phone, and sends the file into it.
  const owner = await openPage(browser, t, { bypassCSP: true, viewport: { width: 390, height: 844 } })
  await logIn(owner.page, server.url, client.email, PASSWORD)
  await owner.page.goto(`${server.url}/files`)
  await owner.page.getByRole('heading', { name: 'Mon espace', level: 1 }).waitFor()
  const first = owner.page.locator('.request-card').first()
  t.equal(await first.locator('h3').textContent(), title, 'the request comes first')
  t.ok(await owner.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), 'nothing wider than the screen at 390 px')
  t.same(await axeViolations(owner.page), [], 'axe: Mon espace at 390 px')
  await first.getByRole('link', { name: `Envoyer : ${title}` }).click()
  await owner.page.waitForURL(/\/files\?request=\d+#envoi$/)
  t.match(await owner.page.locator('.upload-fixed-type').textContent(), 'Bilan', 'the type is the request’s, shown not chosen')
  await owner.page.locator('form.upload-form[data-hydrated]').waitFor()
  // Three files at once into the request, each with its own progress, one request after another.
  const names = [1, 2, 3].map((n) => `bilan-${unique}-${n}.pdf`)
  await owner.page.getByLabel('Fichiers').setInputFiles(names.map((name) => ({ name, mimeType: 'application/pdf', buffer: PDF })))
  let release!: () => void
  const held = new Promise<void>((resolve) => (release = resolve))
  await owner.page.route('**/api/documents/upload', async (route) => {
    await held
    await route.continue()
  })
  await owner.page.getByRole('button', { name: 'Envoyez' }).click()
  for (const name of names) await owner.page.getByRole('progressbar', { name: `Progression de l’envoi de ${name}` }).waitFor()
  release()
  await owner.page.waitForURL(`${server.url}/files`)
  const answered = owner.page.locator('.request-answered li', { hasText: title })
  await answered.waitFor()
  for (const name of names) t.match(await answered.textContent(), name, `${name} answers the request`)
  t.equal(await owner.page.locator('.request-card', { hasText: title }).count(), 0, 'no longer among the open ones')
  t.same(await axeViolations(owner.page), [], 'axe: Mon espace after the upload')

  // The firm's list: received; another asked with the client chooser, then cancelled after a confirmation.
  await admin.page.goto(`${server.url}/admin-dashboard/requests?userId=${clientId}`)
  await admin.page.locator('tr', { hasText: title }).getByText('Reçue').waitFor()
  const ask = admin.page.locator('form.request-form')
  await admin.page.locator('form.request-form[data-hydrated]').waitFor()
  await ask.getByLabel('Client', { exact: true }).selectOption({ label: `${client.username} (SARL Demandes)` })
  await ask.getByLabel('Type de document').selectOption('Bilan')
  await ask.getByLabel('Intitulé').fill(`Relevés ${unique}`)
  await ask.getByLabel('Date limite').fill(dayIn(5))
  await ask.getByRole('button', { name: 'Envoyer la demande' }).click()
  await admin.page.locator('.toast', { hasText: 'Demande envoyée au client.' }).waitFor()
  await admin.page.locator('tr', { hasText: `Relevés ${unique}` }).getByText('Ouverte').waitFor()
  t.same(await axeViolations(admin.page), [], 'axe: the requests list')
  await admin.page.getByRole('button', { name: `Annuler la demande Relevés ${unique}, ${client.username} (SARL Demandes)` }).click()
  await admin.page.getByRole('alertdialog').getByRole('button', { name: 'Annuler la demande' }).click()
  await admin.page.locator('.toast', { hasText: 'Demande annulée.' }).waitFor()
  await admin.page.locator('tr', { hasText: `Relevés ${unique}` }).getByText('Annulée').waitFor()
  await admin.page.getByLabel('État').selectOption('cancelled')
  await admin.page.getByRole('button', { name: 'Rechercher' }).click()
  await admin.page.waitForURL(/status=cancelled/, { waitUntil: 'load' })
  // The filtered page's rows, once they replaced the previous page's (a count right after the URL changed raced with them).
  await admin.page.locator('tbody tr', { hasText: `Relevés ${unique}` }).getByText('Annulée').waitFor()
  await admin.page.waitForFunction(() => document.querySelectorAll('tbody tr').length === 1, undefined, { timeout: 5_000 }).catch(() => undefined)
  t.equal(await admin.page.locator('tbody tr').count(), 1, 'the state filter keeps the cancelled one')
  await admin.page.goto(`${server.url}/admin-dashboard`)
  await admin.page.getByRole('link', { name: /Demandes en retard/ }).waitFor()

  t.same(owner.problems, [], 'no script errors for the client')
  t.same(admin.problems, [], 'no script errors for the administrator')
})
