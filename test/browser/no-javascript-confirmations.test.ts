// Contract §8, continued from no-javascript.test.ts: the last two actions that needed a script. With
// scripts off, a client deletes an unviewed document of theirs (from the profile and from their space)
// and an administrator turns a client's two-factor off, each through a page standing in for the
// dialog, posting to itself; a refusal is shown on that page.
import { Secret, TOTP } from 'otpauth'
import t from 'tap'
import type { Browser, Page } from 'playwright-core'
import type { TestSmtp } from '../helpers/smtp.js'
import { acceptedClient, apiSession, call, logIn, openPage, startSuite, type RunningServer } from './helpers.js'

const ADMIN = { email: 'cabinet-confirmations@example.dz', password: 'Qv7!rTz2Lp#m' }
const PASSWORD = 'Zt9#qLm2vR!x'
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n', 'latin1')
const TYPE = 'Pièces'

let server: RunningServer
let browser: Browser
let smtp: TestSmtp
let adminCookie: string

t.before(async () => {
  ;({ smtp, server, browser } = await startSuite(t, { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password }))
  adminCookie = await apiSession(server.url, ADMIN.email, ADMIN.password)
  await call(server.url, adminCookie, 'POST', '/api/documents/types', { typeName: TYPE })
})

/** A page whose scripts never run. */
async function withoutScripts(t: { teardown: (fn: () => unknown) => void }): Promise<Page> {
  const { page } = await openPage(browser, t, { javaScriptEnabled: false })
  return page
}

/** An accepted client of the firm, with a session of the API's. */
async function clientOfTheFirm(prefix: string) {
  const unique = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`
  const client = { username: `${prefix} ${unique}`, email: `${prefix.toLowerCase()}-${unique}@example.dz`, unique }
  const id = await acceptedClient(server.url, smtp, adminCookie, { ...client, password: PASSWORD })
  return { ...client, id, cookie: await apiSession(server.url, client.email, PASSWORD) }
}

/** What the login answers to the password alone. */
async function passwordAlone(email: string): Promise<unknown> {
  const res = await fetch(`${server.url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: PASSWORD }) })
  return res.json()
}

async function upload(cookie: string, name: string): Promise<number> {
  const body = new FormData()
  body.append('file', new Blob([PDF], { type: 'application/pdf' }), name)
  body.append('type', TYPE)
  return ((await (await call(server.url, cookie, 'POST', '/api/documents/upload', body)).json()) as { id: number }).id
}

t.test('a client deletes an unviewed document without JavaScript: a confirmation page, a refusal in place when the firm viewed it meanwhile, then deleted', async (t) => {
  const client = await clientOfTheFirm('Suppression')
  const kept = `garde-${client.unique}.pdf`
  const viewed = `vu-${client.unique}.pdf`
  const gone = `efface-${client.unique}.pdf`
  await upload(client.cookie, kept)
  const viewedId = await upload(client.cookie, viewed)
  await upload(client.cookie, gone)
  const page = await withoutScripts(t)
  await logIn(page, server.url, client.email, PASSWORD)
  await page.goto(`${server.url}/users/profile/${client.id}`)
  const documents = page.locator('section[aria-labelledby="profile-documents-title"]')

  // « Annuler » goes back with nothing changed.
  await documents.getByRole('link', { name: `Supprimer ${kept}` }).click()
  await page.getByRole('heading', { name: 'Supprimer ce document ?' }).waitFor()
  t.match(await page.locator('.auth-lead').textContent(), `« ${kept} » sera définitivement supprimé.`, 'the dialog’s words')
  t.match(await page.locator('.admin-confirm-facts').textContent(), TYPE, 'the page shows what would be deleted')
  await page.getByRole('link', { name: 'Annuler' }).click()
  await documents.locator('tr', { hasText: kept }).waitFor()
  t.equal(new URL(page.url()).pathname, `/users/profile/${client.id}`, 'Annuler: back to the profile, the document still there')

  // The firm views one while its confirmation page is open: the refusal is shown there.
  await documents.getByRole('link', { name: `Supprimer ${viewed}` }).click()
  await page.getByRole('heading', { name: 'Supprimer ce document ?' }).waitFor()
  await call(server.url, adminCookie, 'GET', `/api/documents/view-document/${viewedId}`)
  await page.getByRole('button', { name: 'Supprimer', exact: true }).click()
  await page.getByRole('alert').filter({ hasText: 'Ce document a déjà été consulté par le cabinet : il ne peut plus être supprimé.' }).waitFor()
  t.equal(new URL(page.url()).pathname, `/users/profile/documents/${viewedId}/delete`, 'the confirmation page again')

  await page.goto(`${server.url}/users/profile/${client.id}`)
  t.equal(await documents.getByRole('link', { name: `Supprimer ${viewed}` }).count(), 0, 'a viewed document has no « Supprimer »')
  await documents.getByRole('link', { name: `Supprimer ${gone}` }).click()
  await page.getByRole('button', { name: 'Supprimer', exact: true }).click()
  await page.locator('.toast', { hasText: 'Document supprimé avec succès.' }).waitFor()
  t.equal(new URL(page.url()).pathname, `/users/profile/${client.id}`, 'back to the profile')
  t.equal(await documents.locator('tr', { hasText: gone }).count(), 0, 'deleted')
  t.equal(await documents.locator('tr', { hasText: viewed }).count(), 1, 'the viewed one stays')

  // From the client's space, back to it.
  await page.goto(`${server.url}/files`)
  const own = page.locator('.space-own')
  await own.getByRole('link', { name: `Supprimer ${kept}` }).click()
  await page.getByRole('button', { name: 'Supprimer', exact: true }).click()
  await page.locator('.toast', { hasText: 'Document supprimé avec succès.' }).waitFor()
  t.equal(new URL(page.url()).pathname, '/files', 'back to the client’s space')
  t.equal(await own.locator('tr', { hasText: kept }).count(), 0, 'deleted')
})

t.test('an administrator turns a client’s two-factor off without JavaScript, through its confirmation page', async (t) => {
  const client = await clientOfTheFirm('Double')
  const { secret } = (await (await call(server.url, client.cookie, 'POST', '/api/auth/2fa/setup')).json()) as { secret: string }
  const code = new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate()
  await call(server.url, client.cookie, 'POST', '/api/auth/2fa/enable', { code })
  t.same(await passwordAlone(client.email), { twoFactorRequired: true }, 'the password alone no longer opens a session')

  const admin = await withoutScripts(t)
  await logIn(admin, server.url, ADMIN.email, ADMIN.password)
  await admin.goto(`${server.url}/users/profile/${client.id}`)
  const section = admin.locator('section[aria-labelledby="profile-twofactor-title"]')
  t.match(await section.getByRole('status').textContent(), 'Activée')
  await section.getByRole('link', { name: 'Désactiver la double authentification' }).click()
  await admin.getByRole('heading', { name: 'Désactiver la double authentification ?' }).waitFor()
  t.match(await admin.locator('.auth-lead').textContent(), `${client.username} se connectera de nouveau avec son seul mot de passe`, 'the dialog’s words')
  t.match(await admin.locator('.admin-confirm-facts').textContent(), client.email, 'whose it is')
  await admin.getByRole('button', { name: 'Désactiver', exact: true }).click()
  await admin.locator('.toast', { hasText: 'La double authentification de cet utilisateur a été désactivée' }).waitFor()
  t.equal(new URL(admin.url()).pathname, `/users/profile/${client.id}`, 'back to the client’s profile')
  t.equal(await section.getByRole('status').textContent(), 'Non activée.')
  t.match(await passwordAlone(client.email), { id: client.id }, 'the password alone opens a session again')
})
