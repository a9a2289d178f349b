// The journal's pages in a real browser (issue 15): /admin-dashboard/journal and the profile's
// « Qui a consulté mes documents » pass axe in both themes; the page's filters work with plain HTML.
import t from 'tap'
import type { Browser } from 'playwright-core'
import { DEFAULT_DOCUMENT_TYPES } from '../../migrations/0009-default-document-types.js'
import type { TestSmtp } from '../helpers/smtp.js'
import { apiSession, axeViolations, call, logIn, openPage, register, startSuite, type RunningServer } from './helpers.js'

const ADMIN = { email: 'admin@cabinet-benali.dz', password: 'Qv7!rTz2Lp#m' }
const CLIENT = { username: 'Sarl Tassili', email: 'tassili@example.dz', password: 'Zt9#qLm2vR!x' }

let server: RunningServer
let browser: Browser
let smtp: TestSmtp
let clientId = 0

t.before(async () => {
  ;({ smtp, server, browser } = await startSuite(t, { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password }))
  clientId = (await register(server.url, smtp, CLIENT, { follow: 'api' })).id
  const admin = await apiSession(server.url, ADMIN.email, ADMIN.password)
  await call(server.url, admin, 'POST', `/api/users/accept/${clientId}`)
  const client = await apiSession(server.url, CLIENT.email, CLIENT.password)
  const form = new FormData()
  form.append('file', new Blob([Buffer.from('%PDF-1.4\n%%EOF\n')], { type: 'application/pdf' }), 'releve-mars.pdf')
  form.append('type', DEFAULT_DOCUMENT_TYPES[2]!)
  form.append('userId', String(clientId))
  await call(server.url, client, 'POST', '/api/documents/upload', form)
  const documents = (await (await call(server.url, admin, 'GET', '/api/documents/new-documents')).json()) as Array<{ id: number }>
  await call(server.url, admin, 'GET', `/api/documents/download/${documents[0]!.id}`)
})


for (const theme of ['light', 'dark'] as const) {
  t.test(`axe finds no violation on the journal and the profile's activity, ${theme} theme`, async (t) => {
    // axe is injected as an inline script: the context bypasses the page's CSP for it.
    const admin = await openPage(browser, t, { bypassCSP: true })
    await admin.page.context().addCookies([{ name: 'theme', value: theme, url: server.url }])
    await logIn(admin.page, server.url, ADMIN.email, ADMIN.password)
    await admin.page.goto(`${server.url}/admin-dashboard/journal`, { waitUntil: 'networkidle' })
    t.same(await axeViolations(admin.page), [], '/admin-dashboard/journal')

    const client = await openPage(browser, t, { bypassCSP: true })
    await client.page.context().addCookies([{ name: 'theme', value: theme, url: server.url }])
    await logIn(client.page, server.url, CLIENT.email, CLIENT.password)
    await client.page.goto(`${server.url}/users/profile/${clientId}`, { waitUntil: 'networkidle' })
    await client.page.getByRole('heading', { name: 'Qui a consulté mes documents' }).waitFor()
    t.same(await axeViolations(client.page), [], 'the profile with its activity')
  })
}

t.test('the journal’s filters are a plain form: choosing an action narrows the table', async (t) => {
  const { page, problems } = await openPage(browser, t)
  await logIn(page, server.url, ADMIN.email, ADMIN.password)
  await page.goto(`${server.url}/admin-dashboard/journal`)
  await page.getByRole('link', { name: 'Journal' }).first().waitFor()
  await page.getByLabel('Action', { exact: true }).selectOption('document.downloaded')
  await page.getByRole('button', { name: 'Filtrer' }).click()
  await page.waitForURL(/action=document\.downloaded/)
  const rows = page.locator('table.journal-table tbody tr')
  t.equal(await rows.count(), 1, 'one download')
  t.match(await rows.first().textContent(), /Document téléchargé/)
  t.equal(await page.getByRole('link', { name: 'releve-mars.pdf' }).getAttribute('href'), `/users/profile/${clientId}`, 'the subject links to its page')
  t.same(problems, [])
})
