// Issue 17: every form works without JavaScript (contract §8). A browser with scripts off registers,
// logs in, writes to the firm, runs the back-office, uploads a document and changes its photo; what it
// posts is answered with a redirect and a flash message, or with the page again and the errors in place.
import t from 'tap'
import sharp from 'sharp'
import type { Browser, Page } from 'playwright-core'
import { linkIn, type TestSmtp } from '../helpers/smtp.js'
import { acceptedClient, apiSession, call, errorOf, logIn, openPage, register, startSuite, type RunningServer } from './helpers.js'

const ADMIN = { email: 'cabinet-sans-js@example.dz', password: 'Qv7!rTz2Lp#m' }
const PASSWORD = 'Zt9#qLm2vR!x'
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n', 'latin1')

let server: RunningServer
let browser: Browser
let smtp: TestSmtp

// 1 MB per file, so that "too large" is a small file.
t.before(async () => ({ smtp, server, browser } = await startSuite(t, { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, MAX_UPLOAD_MB: '1' })))

/** A page whose scripts never run. */
async function withoutScripts(t: { teardown: (fn: () => unknown) => void }): Promise<Page> {
  const { page } = await openPage(browser, t, { javaScriptEnabled: false })
  return page
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

  // The mailed link's page: its button posts to the page (issue 34), then on to the login.
  const link = linkIn(await smtp.nextMail(email, 10_000), /^\/users\/\d+\/verify\//)
  await page.goto(link.toString())
  await page.getByRole('button', { name: 'Vérifier mon adresse e-mail' }).click()
  await page.waitForURL(`${server.url}/login`)
  await page.locator('.toast', { hasText: 'Adresse e-mail vérifiée avec succès' }).waitFor()

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

t.test('the back-office without JavaScript: accept a user, view and archive a document, add a type, delete through a confirmation page', async (t) => {
  const unique = Date.now().toString(36)
  const client = { username: `Client admin ${unique}`, email: `admin-sans-js-${unique}@example.dz` }
  const { id: clientId } = await register(server.url, smtp, { ...client, password: PASSWORD }, { follow: 'api' })
  const admin = await withoutScripts(t)
  await logIn(admin, server.url, ADMIN.email, ADMIN.password)

  // Accept: the row's link leads to the confirmation page standing in for the dialog.
  await admin.goto(`${server.url}/admin-dashboard/new-users?q=${encodeURIComponent(client.email)}`)
  await admin.getByRole('link', { name: `Accepter ${client.username}` }).click()
  await admin.getByRole('heading', { name: `Accepter ${client.username} ?` }).waitFor()
  t.match(await admin.locator('.admin-lead').textContent(), 'ne peut plus être remis en attente', 'the dialog’s warning')
  await admin.getByRole('button', { name: 'Confirmer' }).click()
  await admin.locator('.toast', { hasText: 'Utilisateur accepté avec succès.' }).waitFor()
  t.equal(new URL(admin.url()).search, `?q=${encodeURIComponent(client.email).replace(/%20/g, '+')}`, 'back to the list, its search kept')
  t.equal(await admin.locator('tr', { hasText: client.username }).count(), 0, 'no longer waiting')
  await admin.goto(`${server.url}/admin-dashboard/clients`)
  await admin.locator('tr', { hasText: client.username }).waitFor()
  t.pass('the user is among the clients')

  // The client sends a document; « Voir le document » is a form its row posts.
  const adminCookie = await apiSession(server.url, ADMIN.email, ADMIN.password)
  await call(server.url, adminCookie, 'POST', '/api/documents/types', { typeName: `Bilan ${unique}` })
  const fileName = `bilan-sans-js-${unique}.pdf`
  const body = new FormData()
  body.append('file', new Blob([PDF], { type: 'application/pdf' }), fileName)
  body.append('type', `Bilan ${unique}`)
  body.append('userId', String(clientId))
  await call(server.url, await apiSession(server.url, client.email, PASSWORD), 'POST', '/api/documents/upload', body)
  await admin.goto(`${server.url}/admin-dashboard/new-documents`)
  await admin.getByRole('button', { name: `Voir le document ${fileName}` }).click()
  await admin.locator('.toast', { hasText: 'Document marqué comme consulté.' }).waitFor()
  t.equal(await admin.locator('tr', { hasText: fileName }).count(), 0, 'it left the new documents')

  // Archive, after its confirmation page.
  await admin.goto(`${server.url}/admin-dashboard/documents`)
  await admin.getByRole('link', { name: `Archiver ${fileName}` }).click()
  await admin.getByRole('heading', { name: `Archiver ${fileName} ?` }).waitFor()
  await admin.getByRole('button', { name: 'Confirmer' }).click()
  await admin.locator('.toast', { hasText: 'Document archivé avec succès.' }).waitFor()
  t.equal(new URL(admin.url()).pathname, '/admin-dashboard/documents')
  t.equal(await admin.locator('tr', { hasText: fileName }).count(), 0, 'it left the viewed documents')

  // Delete it from the archive: Annuler goes back with nothing changed, Confirmer deletes.
  await admin.goto(`${server.url}/admin-dashboard/arch-documents`)
  await admin.getByRole('link', { name: `Supprimer ${fileName}` }).click()
  await admin.getByRole('heading', { name: `Supprimer ${fileName} ?` }).waitFor()
  t.match(await admin.locator('.admin-confirm-facts').textContent(), client.username, 'the page shows what would be deleted')
  await admin.getByRole('link', { name: 'Annuler' }).click()
  await admin.locator('tr', { hasText: fileName }).waitFor()
  t.equal(new URL(admin.url()).pathname, '/admin-dashboard/arch-documents', 'Annuler: back to the archive, the document still there')
  await admin.getByRole('link', { name: `Supprimer ${fileName}` }).click()
  await admin.getByRole('button', { name: 'Confirmer' }).click()
  await admin.locator('.toast', { hasText: 'Document supprimé avec succès.' }).waitFor()
  t.equal(await admin.locator('tr', { hasText: fileName }).count(), 0, 'deleted')

  // A type: 'Ajouter un type' leads to the dialog's page; a name already used is refused under the field.
  await admin.goto(`${server.url}/admin-dashboard/documents/types`)
  await admin.getByRole('link', { name: 'Ajouter un type' }).first().click()
  await admin.getByRole('heading', { name: 'Créer Nouveau Type' }).waitFor()
  await admin.getByLabel('Nom de Type').fill(`bilan ${unique}`)
  await admin.getByRole('button', { name: 'Ajouter' }).click()
  await admin.getByLabel('Nom de Type').and(admin.locator('[aria-invalid="true"]')).waitFor()
  t.equal(await errorOf(admin, 'Nom de Type'), 'Ce type de document existe déjà.', 'the refusal under the field')
  t.equal(await admin.getByLabel('Nom de Type').inputValue(), `bilan ${unique}`, 'what was typed is kept')
  await admin.getByLabel('Nom de Type').fill(`Paie ${unique}`)
  await admin.getByRole('button', { name: 'Ajouter' }).click()
  await admin.locator('.toast', { hasText: 'Type ajouté avec succès !' }).waitFor()
  t.equal(new URL(admin.url()).pathname, '/admin-dashboard/documents/types')
  await admin.locator('tr', { hasText: `Paie ${unique}` }).waitFor()
  t.pass('the new type is listed')

  // Renamed (contract §8: editable), on its page, which shows the current name to edit.
  await admin.getByRole('link', { name: `Renommer Paie ${unique}` }).click()
  await admin.getByRole('heading', { name: `Renommer le type Paie ${unique}` }).waitFor()
  t.equal(await admin.getByLabel('Nom de Type').inputValue(), `Paie ${unique}`)
  await admin.getByLabel('Nom de Type').fill(`Bulletins ${unique}`)
  await admin.getByRole('button', { name: 'Renommer' }).click()
  await admin.locator('.toast', { hasText: 'Type renommé avec succès.' }).waitFor()
  await admin.locator('tr', { hasText: `Bulletins ${unique}` }).waitFor()
  t.equal(await admin.locator('tr', { hasText: `Paie ${unique}` }).count(), 0, 'listed under its new name only')
})

/** An accepted client, logged in without JavaScript; answers the page and the client's id. */
async function loggedInClient(t: { teardown: (fn: () => unknown) => void }, label: string): Promise<{ page: Page; id: number }> {
  const unique = `${Date.now().toString(36)}${label}`
  const email = `sans-js-${unique}@example.dz`
  const id = await acceptedClient(server.url, smtp, await apiSession(server.url, ADMIN.email, ADMIN.password), { username: `Client ${unique}`, email, password: PASSWORD })
  const page = await withoutScripts(t)
  await logIn(page, server.url, email, PASSWORD)
  return { page, id }
}

t.test('upload a document without JavaScript: a refused type and a file too large under the file field, then sent and listed', async (t) => {
  const adminCookie = await apiSession(server.url, ADMIN.email, ADMIN.password)
  await call(server.url, adminCookie, 'POST', '/api/documents/types', { typeName: 'Pièces sans script' })
  const { page } = await loggedInClient(t, 'u')
  const fileName = `releve-${Date.now().toString(36)}.pdf`
  await page.goto(`${server.url}/files`)
  const form = page.locator('form.upload-form')
  t.equal(await form.getAttribute('data-hydrated'), null, 'no script has taken the form over')
  const fileField = form.getByLabel('Fichier', { exact: true })

  await form.getByLabel('Type de document').selectOption('Pièces sans script')
  await form.getByLabel('Description').fill('Relevé de mars')
  await fileField.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('des notes') })
  await form.getByRole('button', { name: 'Envoyez' }).click()
  await page.getByRole('alert').filter({ hasText: 'Type de fichier non accepté.' }).waitFor()
  t.equal(new URL(page.url()).pathname, '/files', 'the page again')
  t.match(await errorOf(page, 'Fichier'), /^Type de fichier non accepté\. Formats acceptés : pdf/, 'under the file field, tied to it')
  t.equal(await form.getByLabel('Description').inputValue(), 'Relevé de mars', 'what was typed is kept')
  t.equal(await form.getByLabel('Type de document').inputValue(), 'Pièces sans script')

  // Refused from its size before it is read: the answer still reaches the browser.
  await fileField.setInputFiles({ name: 'gros.pdf', mimeType: 'application/pdf', buffer: Buffer.concat([PDF, Buffer.alloc(1536 * 1024, 0x20)]) })
  await form.getByRole('button', { name: 'Envoyez' }).click()
  await page.getByRole('alert').filter({ hasText: 'Fichier trop volumineux : 1 Mo au maximum.' }).waitFor()
  t.equal(await errorOf(page, 'Fichier'), 'Fichier trop volumineux : 1 Mo au maximum.', 'too large, under the file field')

  await form.getByLabel('Type de document').selectOption('Pièces sans script')
  await fileField.setInputFiles({ name: fileName, mimeType: 'application/pdf', buffer: PDF })
  await form.getByRole('button', { name: 'Envoyez' }).click()
  // Home (the browser keeps the action's #envoi across the redirect; the home page has no such anchor).
  await page.waitForURL((url) => url.pathname === '/')
  await page.locator('.toast', { hasText: 'Document envoyé avec succès.' }).waitFor()
  t.pass('home, which says it is sent')
  await page.goto(`${server.url}/files`)
  await page.locator('.space-own', { hasText: fileName }).waitFor()
  t.pass('listed among « Mes documents »')
  const received = (await (await call(server.url, adminCookie, 'GET', `/api/documents/new-documents?q=${encodeURIComponent(fileName)}`)).json()) as { name: string }[]
  t.same(received.map((doc) => doc.name), [fileName], 'the firm has it')
})

t.test('change the profile photo without JavaScript: a refusal under the file, then the new photo', async (t) => {
  const { page, id } = await loggedInClient(t, 'p')
  await page.goto(`${server.url}/users/profile/${id}`)
  const form = page.locator('form.profile-photo-form')
  const input = page.getByLabel('Choisir une photo')
  await input.setInputFiles({ name: 'faux.png', mimeType: 'image/png', buffer: Buffer.from('pas une image') })
  t.ok(await form.getByText('Photo choisie').isVisible(), 'the choice is said, the name being out of reach')
  t.notOk(await form.getByText('Aucun fichier choisi').isVisible())
  await form.getByRole('button', { name: 'Mettre à jour la photo' }).click()
  const refusal = page.locator('.profile-photo-error')
  await refusal.filter({ hasText: 'Le fichier n’est pas une image acceptée' }).waitFor()
  t.equal(new URL(page.url()).pathname, `/users/profile/${id}`, 'the profile again')
  t.equal(await input.getAttribute('aria-invalid'), 'true', 'the input is marked invalid')
  t.ok((await input.getAttribute('aria-describedby'))?.split(' ').includes((await refusal.getAttribute('id'))!), 'and described by the refusal')

  const picture = await sharp({ create: { width: 600, height: 400, channels: 3, background: '#2a6' } }).png().toBuffer()
  await input.setInputFiles({ name: 'portrait.png', mimeType: 'image/png', buffer: picture })
  await form.getByRole('button', { name: 'Mettre à jour la photo' }).click()
  await page.locator('.toast', { hasText: 'Photo de profil mise à jour avec succès.' }).waitFor()
  t.equal(new URL(page.url()).pathname, `/users/profile/${id}`, 'back to the profile')
  t.match(await page.locator('.profile-avatar').getAttribute('src'), /^\/uploads\/photos\/[0-9a-f]{32}\.webp$/, 'showing the new photo')
  t.equal(await page.locator('.profile-photo-error').count(), 0, 'the refusal is gone')
})

// ---- Messages, requests and the firm's send without JavaScript (issue 17, branch nojs-more) ----

/** A day `days` after today, `YYYY-MM-DD` (a few days' margin makes Algiers' time zone irrelevant). */
const dayIn = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)

/** A new client, accepted by the firm through the API. */
async function clientOfTheFirm(prefix: string) {
  const unique = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`
  const client = { username: `${prefix} ${unique}`, email: `${prefix.toLowerCase()}-${unique}@example.dz`, unique }
  const id = await acceptedClient(server.url, smtp, await apiSession(server.url, ADMIN.email, ADMIN.password), { ...client, password: PASSWORD, entreprise: 'SARL Sans Script' })
  return { ...client, id }
}

t.test('a client writes to the firm without JavaScript: an empty message refused under the field, then the message in the thread', async (t) => {
  const client = await clientOfTheFirm('Messages')
  const page = await withoutScripts(t)
  await logIn(page, server.url, client.email, PASSWORD)
  await page.goto(`${server.url}/messages`)
  await page.getByRole('button', { name: 'Envoyer' }).click()
  await page.getByRole('alert').filter({ hasText: 'Le message est requis.' }).waitFor()
  t.equal(new URL(page.url()).pathname, '/messages', 'the page again')
  t.equal(await errorOf(page, 'Votre message'), 'Le message est requis.', 'the error tied to the field')

  await page.getByLabel('Votre message').fill('Bonjour,\nvoici ma question, sans JavaScript.')
  await page.getByRole('button', { name: 'Envoyer' }).click()
  await page.locator('.toast', { hasText: 'Message envoyé.' }).waitFor()
  const mine = page.locator('.thread-message').last()
  t.equal(await mine.locator('.thread-text').textContent(), 'Bonjour,\nvoici ma question, sans JavaScript.', 'the message in the thread')
  t.equal(await mine.locator('.thread-author').textContent(), 'Vous')
  t.equal(await page.getByLabel('Votre message').inputValue(), '', 'a fresh form after the redirect')
  t.equal(await errorOf(page, 'Votre message'), null, 'no error left')
})

t.test('the firm asks a client for a document without JavaScript (a past date refused in place), the client sees it on /files; another is cancelled through its confirmation page', async (t) => {
  const client = await clientOfTheFirm('Demandes')
  const typeName = `Relevés ${client.unique}`
  await call(server.url, await apiSession(server.url, ADMIN.email, ADMIN.password), 'POST', '/api/documents/types', { typeName })
  const admin = await withoutScripts(t)
  await logIn(admin, server.url, ADMIN.email, ADMIN.password)
  await admin.goto(`${server.url}/admin-dashboard/requests`)
  const form = admin.locator('form.request-form')
  await form.getByLabel('Client', { exact: true }).selectOption({ label: `${client.username} (SARL Sans Script)` })
  await form.getByLabel('Type de document').selectOption({ label: typeName })
  await form.getByLabel('Intitulé').fill(`Relevés de mars ${client.unique}`)
  await form.getByLabel('Note pour le client').fill('Les trois comptes, merci.')
  await form.getByLabel('Date limite').fill(dayIn(-3))
  await form.getByRole('button', { name: 'Envoyer la demande' }).click()

  await admin.getByRole('alert').filter({ hasText: 'La date limite doit être aujourd’hui ou plus tard.' }).waitFor()
  t.equal(await errorOf(admin, 'Date limite'), 'La date limite doit être aujourd’hui ou plus tard.', 'under the due date, tied to it')
  t.equal(await errorOf(admin, 'Intitulé'), null, 'nothing under the title')
  t.equal(await form.getByLabel('Intitulé').inputValue(), `Relevés de mars ${client.unique}`, 'what was typed is kept')
  t.equal(await form.getByLabel('Note pour le client').inputValue(), 'Les trois comptes, merci.')
  t.equal(await form.getByLabel('Client', { exact: true }).inputValue(), String(client.id), 'the client chosen too')
  await form.getByLabel('Date limite').fill(dayIn(10))
  await form.getByRole('button', { name: 'Envoyer la demande' }).click()
  await admin.locator('.toast', { hasText: 'Demande envoyée au client.' }).waitFor()
  await admin.locator('tr', { hasText: `Relevés de mars ${client.unique}` }).getByText('Ouverte').waitFor()
  t.pass('listed, open')

  const owner = await withoutScripts(t)
  await logIn(owner, server.url, client.email, PASSWORD)
  await owner.goto(`${server.url}/files`)
  const card = owner.locator('.request-card', { hasText: `Relevés de mars ${client.unique}` })
  await card.waitFor()
  t.match(await card.textContent(), 'Les trois comptes, merci.', 'the client sees it on Mon espace, with its note')

  // Another, cancelled: the row's link leads to the confirmation page standing in for the dialog.
  await form.getByLabel('Client', { exact: true }).selectOption({ label: `${client.username} (SARL Sans Script)` })
  await form.getByLabel('Type de document').selectOption({ label: typeName })
  await form.getByLabel('Intitulé').fill(`À annuler ${client.unique}`)
  await form.getByLabel('Date limite').fill(dayIn(5))
  await form.getByRole('button', { name: 'Envoyer la demande' }).click()
  await admin.locator('.toast', { hasText: 'Demande envoyée au client.' }).waitFor()
  await admin.getByRole('link', { name: `Annuler la demande À annuler ${client.unique}, ${client.username} (SARL Sans Script)` }).click()
  await admin.getByRole('heading', { name: 'Annuler cette demande ?' }).waitFor()
  await admin.getByRole('button', { name: 'Confirmer' }).click()
  await admin.locator('.toast', { hasText: 'Demande annulée.' }).waitFor()
  await admin.locator('tr', { hasText: `À annuler ${client.unique}` }).getByText('Annulée').waitFor()
  t.equal(new URL(admin.url()).pathname, '/admin-dashboard/requests', 'back to the list')
  await owner.reload()
  t.equal(await owner.locator('.request-card', { hasText: `À annuler ${client.unique}` }).count(), 0, 'the client no longer sees the cancelled one')
})

t.test('the firm sends a client a document without JavaScript: a refused type answered under the file, then the file sent and listed', async (t) => {
  const client = await clientOfTheFirm('Envois')
  const admin = await withoutScripts(t)
  await logIn(admin, server.url, ADMIN.email, ADMIN.password)
  await admin.goto(`${server.url}/users/profile/${client.id}`)
  const section = admin.locator('section[aria-labelledby="firm-sent-title"]')
  await section.getByLabel('Fichier').setInputFiles({ name: 'outil.exe', mimeType: 'application/octet-stream', buffer: Buffer.from('MZ pas un document') })
  await section.getByLabel('Nom du document').fill(`Attestation ${client.unique}`)
  await section.getByRole('button', { name: 'Envoyer au client' }).click()

  await admin.getByRole('alert').filter({ hasText: 'Type de fichier non accepté.' }).waitFor()
  t.equal(new URL(admin.url()).pathname, `/admin-dashboard/clients/${client.id}/send`, 'the client’s send page, with the form')
  t.match((await errorOf(admin, 'Fichier')) ?? '', 'Type de fichier non accepté.', 'the refusal under the file, tied to it')
  t.equal(await admin.getByLabel('Nom du document').inputValue(), `Attestation ${client.unique}`, 'the name typed is kept')

  await admin.getByLabel('Fichier').setInputFiles({ name: `attestation-${client.unique}.pdf`, mimeType: 'application/pdf', buffer: PDF })
  await admin.getByRole('button', { name: 'Envoyer au client' }).click()
  await admin.locator('.toast', { hasText: 'Document envoyé au client.' }).waitFor()
  t.equal(new URL(admin.url()).pathname, `/users/profile/${client.id}`, 'back to the client’s page')
  await admin.locator('section[aria-labelledby="firm-sent-title"] tr', { hasText: `Attestation ${client.unique}` }).waitFor()
  t.pass('listed among what the firm sent')
})

t.test('the profile without JavaScript: a token created and shown once, then another session ended', async (t) => {
  const client = await clientOfTheFirm('Profil')
  const elsewhere = await apiSession(server.url, client.email, PASSWORD)
  const page = await withoutScripts(t)
  await logIn(page, server.url, client.email, PASSWORD)
  await page.goto(`${server.url}/users/profile/${client.id}`)

  const tokens = page.locator('section[aria-labelledby="profile-tokens-title"]')
  await tokens.getByLabel('Nom du jeton').fill(`Export ${client.unique}`)
  await tokens.getByLabel('Validité (jours)').fill('30')
  await tokens.getByRole('button', { name: 'Créer le jeton' }).click()
  const value = page.locator('[data-token-value]')
  await value.waitFor()
  const token = await value.inputValue()
  t.match(token, /^pat_[A-Za-z0-9_-]{43}$/, 'the new token, on the page answered')
  t.equal(new URL(page.url()).pathname, '/users/profile/tokens', 'the page answered to the post, no redirect')
  const status = await fetch(`${server.url}/api/auth/status`, { headers: { authorization: `Bearer ${token}` } })
  t.equal(status.status, 200, 'the token works')
  await page.goto(`${server.url}/users/profile/${client.id}`)
  await tokens.locator('tr', { hasText: `Export ${client.unique}` }).waitFor()
  t.equal(await page.locator('[data-token-value]').count(), 0, 'never shown again')

  const sessions = page.locator('section[aria-labelledby="profile-sessions-title"]')
  t.equal(await sessions.locator('tbody tr').count(), 2, 'this browser and the other session')
  await sessions.locator('tr', { hasNotText: 'cet appareil' }).getByRole('button', { name: /Déconnecter/ }).click()
  await page.locator('.toast', { hasText: 'Appareil déconnecté.' }).waitFor()
  t.equal(new URL(page.url()).pathname, `/users/profile/${client.id}`, 'back to the profile')
  t.equal(await sessions.locator('tbody tr').count(), 1, 'only this one is left')
  const ended = await fetch(`${server.url}/api/auth/status`, { headers: { cookie: elsewhere } })
  t.equal(ended.status, 401, 'the other session ended')
})
