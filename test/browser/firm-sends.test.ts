// Issue 16 in a real browser: an administrator sends a document from the client's page (progress
// bar, then the list of what was sent); the client, on a 390 px wide screen, finds it under « Reçus
// du cabinet » marked « Nouveau », downloads it, and the mark goes; the firm sees when. Axe clean on
// both pages, wide and narrow.
import t from 'tap'
import type { Browser, Page } from 'playwright-core'
import { linkIn, type TestSmtp } from '../helpers/smtp.js'
import { acceptedClient, apiSession, axeViolations, call, logIn, openPage, startSuite, type RunningServer } from './helpers.js'
import { nextYear } from '../helpers/due-dates.js'

let server: RunningServer
let browser: Browser
let smtp: TestSmtp

const PASSWORD = 'Zt9#qLm2vR!x'
const ADMIN = { email: 'cabinet-envois@example.dz', password: 'Adm1n#Cabinet!x' }
const PDF = Buffer.concat([Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n'), Buffer.alloc(256 * 1024, 0x20), Buffer.from('\ntrailer << /Root 1 0 R >>\n%%EOF\n')])

t.before(async () => ({ smtp, server, browser } = await startSuite(t, { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password })))

async function axeAt(t: { same: (found: unknown, wanted: unknown, message: string) => unknown }, page: Page, label: string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 })
    t.same(await axeViolations(page), [], `${label}: axe clean at ${width} px`)
  }
}

t.test('the firm sends a document; the client finds it under « Reçus du cabinet » and downloads it', async (t) => {
  const unique = Date.now().toString(36)
  const client = { email: `recus-${unique}@example.dz`, username: `Client ${unique}` }
  const adminCookie = await apiSession(server.url, ADMIN.email, ADMIN.password)
  const clientId = await acceptedClient(server.url, smtp, adminCookie, { ...client, password: PASSWORD, entreprise: 'SARL Envois' })
  await smtp.nextMail(client.email) // « Votre espace client est ouvert »

  // The administrator, on the client's page.
  const admin = await openPage(browser, t, { bypassCSP: true })
  await logIn(admin.page, server.url, ADMIN.email, ADMIN.password)
  await admin.page.goto(`${server.url}/users/profile/${clientId}`)
  const section = admin.page.locator('section[aria-labelledby="firm-sent-title"]')
  await section.getByRole('heading', { name: 'Envoyer un document au client' }).waitFor()
  await section.getByText('Aucun document envoyé à ce client.').waitFor()
  await axeAt(t, admin.page, 'the client’s page')
  await admin.page.setViewportSize({ width: 1280, height: 900 })

  await section.locator('form.upload-form[data-hydrated]').waitFor() // the island's handler (before it, the form posts to the client's send page)
  await section.getByRole('button', { name: 'Envoyer au client' }).click()
  await admin.page.locator('.toast', { hasText: 'Veuillez sélectionner un fichier' }).waitFor()
  await section.getByLabel('Fichier').setInputFiles({ name: `bilan-signe-${unique}.pdf`, mimeType: 'application/pdf', buffer: PDF })
  await section.getByLabel('Nom du document').fill('Bilan 2025 signé')
  await section.getByLabel('Description').fill('Votre bilan, signé par le cabinet.')
  let release!: () => void
  const held = new Promise<void>((resolve) => (release = resolve))
  await admin.page.route('**/api/documents/send/*', async (route) => {
    await held
    await route.continue()
  })
  await section.getByRole('button', { name: 'Envoyer au client' }).click()
  const bar = admin.page.getByRole('progressbar', { name: 'Progression de l’envoi' })
  await bar.waitFor()
  t.equal(await bar.getAttribute('max'), '100', 'the bar counts the percent of the file sent')
  release()
  await admin.page.locator('.toast', { hasText: 'Document envoyé au client.' }).waitFor()
  const sentRow = admin.page.locator('section[aria-labelledby="firm-sent-title"] tr', { hasText: 'Bilan 2025 signé' })
  await sentRow.waitFor()
  t.match(await sentRow.textContent(), /Pas encore/)
  const mail = await smtp.nextMail(client.email)
  t.match(mail.decoded, /Le cabinet vous a envoy/, 'the client is mailed')
  t.equal(linkIn(mail, /^\/files$/).origin, server.url, 'with a link to their space')

  // The client, on a phone-sized screen.
  const owner = await openPage(browser, t, { viewport: { width: 390, height: 844 }, bypassCSP: true, acceptDownloads: true })
  await logIn(owner.page, server.url, client.email, PASSWORD)
  await owner.page.goto(`${server.url}/files`)
  const received = owner.page.locator('section#recus-du-cabinet')
  await received.getByRole('heading', { name: 'Reçus du cabinet' }).waitFor()
  const row = received.locator('tr', { hasText: 'Bilan 2025 signé' })
  t.match(await row.textContent(), /Nouveau/)
  t.match(await row.textContent(), /Votre bilan, signé par le cabinet\./)
  await axeAt(t, owner.page, '/files with a document received')
  await owner.page.setViewportSize({ width: 390, height: 844 })
  t.ok(await owner.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), 'nothing wider than the phone')

  const [download] = await Promise.all([owner.page.waitForEvent('download'), row.getByRole('link', { name: 'Bilan 2025 signé' }).click()])
  t.equal(download.suggestedFilename(), `bilan-signe-${unique}.pdf`)
  t.equal((await download.path()) !== null, true, 'downloaded')
  await owner.page.reload()
  t.match(await received.locator('tr', { hasText: 'Bilan 2025 signé' }).textContent(), /Téléchargé/, 'the mark goes after the first download')
  t.notMatch(await received.locator('tr', { hasText: 'Bilan 2025 signé' }).textContent(), /Nouveau/)

  await admin.page.reload()
  t.match(await sentRow.textContent(), /Oui, le/, 'the firm sees that it was downloaded')
  // Never among what clients sent.
  await admin.page.goto(`${server.url}/admin-dashboard/new-documents`)
  await admin.page.getByText('Aucun nouveau document.').waitFor()

  t.same(owner.problems, [], 'no script errors for the client')
  t.same(admin.problems, [], 'no script errors for the administrator')
})

t.test('the archive: « Restaurer » and « Supprimer », each after a confirmation', async (t) => {
  const unique = `${Date.now().toString(36)}a`
  const adminCookie = await apiSession(server.url, ADMIN.email, ADMIN.password)
  await call(server.url, adminCookie, 'POST', '/api/documents/types', { typeName: 'Bilan' })
  const email = `archive-${unique}@example.dz`
  const clientId = await acceptedClient(server.url, smtp, adminCookie, { username: `Client ${unique}`, email, password: PASSWORD, entreprise: 'SARL Archives' })
  const clientCookie = await apiSession(server.url, email, PASSWORD)
  const names = [`garde-${unique}.pdf`, `jete-${unique}.pdf`]
  for (const name of names) {
    const body = new FormData()
    body.append('file', new Blob([PDF], { type: 'application/pdf' }), name)
    body.append('type', 'Bilan')
    const { id } = (await (await call(server.url, clientCookie, 'POST', '/api/documents/upload', body)).json()) as { id: number }
    await call(server.url, adminCookie, 'GET', `/api/documents/view-document/${id}`)
    await call(server.url, adminCookie, 'POST', `/api/documents/archive/${id}`)
  }

  const { page, problems } = await openPage(browser, t, { bypassCSP: true })
  await logIn(page, server.url, ADMIN.email, ADMIN.password)
  await page.goto(`${server.url}/admin-dashboard/arch-documents`)
  await page.locator('tr', { hasText: names[0] }).waitFor()
  t.same(await axeViolations(page), [], 'the archive: axe clean')

  await page.getByRole('button', { name: `Restaurer ${names[0]}` }).click()
  const dialog = page.getByRole('alertdialog')
  await dialog.getByText('Le document reviendra dans les documents consultés.').waitFor()
  await dialog.getByRole('button', { name: 'Annuler' }).click()
  t.equal(await page.locator('tr', { hasText: names[0] }).count(), 1, 'cancelled: nothing changes')
  await page.getByRole('button', { name: `Restaurer ${names[0]}` }).click()
  await dialog.getByRole('button', { name: 'Restaurer' }).click()
  await page.locator('.toast', { hasText: 'Document restauré avec succès.' }).waitFor()
  await page.locator('tr', { hasText: names[0] }).waitFor({ state: 'detached' })

  await page.getByRole('button', { name: `Supprimer ${names[1]}` }).click()
  await dialog.getByRole('button', { name: 'Supprimer' }).click()
  await page.locator('.toast', { hasText: 'Document supprimé avec succès.' }).waitFor()
  await page.getByText('Aucun document archivé.').waitFor()

  await page.goto(`${server.url}/admin-dashboard/documents`)
  await page.locator('tr', { hasText: names[0] }).waitFor()
  t.equal(await page.locator('tr', { hasText: names[1] }).count(), 0, 'the deleted one is gone')
  t.same(problems, [], 'no script errors')
})

t.test('a send that answers one of the client’s open requests: chosen on the client’s page, then received', async (t) => {
  const unique = `${Date.now().toString(36)}r`
  const adminCookie = await apiSession(server.url, ADMIN.email, ADMIN.password)
  await call(server.url, adminCookie, 'POST', '/api/documents/types', { typeName: `Liasse ${unique}` })
  const types = (await (await call(server.url, adminCookie, 'GET', '/api/documents/types?pageSize=200')).json()) as Array<{ id: number; typeName: string }>
  const typeId = types.find((type) => type.typeName === `Liasse ${unique}`)!.id
  const email = `reponse-${unique}@example.dz`
  const clientId = await acceptedClient(server.url, smtp, adminCookie, { username: `Client ${unique}`, email, password: PASSWORD, entreprise: 'SARL Réponses' })
  const due = nextYear('12-31')
  const request = (await (await call(server.url, adminCookie, 'POST', '/api/requests', { userId: clientId, typeId, title: 'Liasse fiscale 2025', dueDate: due })).json()) as { id: number }

  const { page, problems } = await openPage(browser, t, { bypassCSP: true })
  await logIn(page, server.url, ADMIN.email, ADMIN.password)
  await page.goto(`${server.url}/users/profile/${clientId}`)
  const section = page.locator('section[aria-labelledby="firm-sent-title"]')
  const select = section.getByLabel('En réponse à la demande')
  await select.waitFor()
  t.same(await select.locator('option').allTextContents(), ['Aucune', `Liasse fiscale 2025 (Liasse ${unique}) — à rendre le 31 décembre ${due.slice(0, 4)}`], 'the client’s open request, by title, type and due date')
  await axeAt(t, page, 'the client’s page with an open request')
  await page.setViewportSize({ width: 1280, height: 900 })

  await section.getByLabel('Fichier').setInputFiles({ name: `liasse-${unique}.pdf`, mimeType: 'application/pdf', buffer: PDF })
  await select.selectOption(String(request.id))
  await section.locator('form.upload-form[data-hydrated]').waitFor() // the island's handler (before it, the form posts to the client's send page)
  await section.getByRole('button', { name: 'Envoyer au client' }).click()
  await page.locator('.toast', { hasText: 'Document envoyé au client.' }).waitFor()
  await section.locator('tr', { hasText: `liasse-${unique}.pdf` }).waitFor()
  t.equal(await section.getByLabel('En réponse à la demande').count(), 0, 'no open request left to answer')

  const [answered] = (await (await call(server.url, adminCookie, 'GET', `/api/requests?userId=${clientId}`)).json()) as Array<{ status: string; documents: Array<{ name: string }> }>
  t.match(answered, { status: 'fulfilled', documents: [{ name: `liasse-${unique}.pdf` }] }, 'the request is received and lists the document')
  t.same(problems, [], 'no script errors')
})
