// Issue 17 in a real browser: a deep link survives the login. A logged-out client opening their
// space's address lands on /login and, once logged in, on that address; an administrator opening a
// firm mail's link to a back-office page while logged out comes back to it after logging in.
import t from 'tap'
import type { Browser } from 'playwright-core'
import type { TestSmtp } from '../helpers/smtp.js'
import { acceptedClient, apiSession, openPage, startSuite, type RunningServer } from './helpers.js'

let server: RunningServer
let browser: Browser
let smtp: TestSmtp

const PASSWORD = 'Zt9#qLm2vR!x'
const ADMIN = { email: 'cabinet-liens@example.dz', password: 'Adm1n#Cabinet!x' }

t.before(async () => ({ smtp, server, browser } = await startSuite(t, { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password })))

async function logInOnThePage(page: import('playwright-core').Page, email: string, password: string) {
  await page.getByLabel('E-mail').fill(email)
  await page.getByLabel('Mot de passe', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Se connecter' }).click()
}

t.test('a client’s deep link: /login, then the address they opened', async (t) => {
  const unique = Date.now().toString(36)
  const email = `liens-${unique}@example.dz`
  const adminCookie = await apiSession(server.url, ADMIN.email, ADMIN.password)
  const id = await acceptedClient(server.url, smtp, adminCookie, { username: `Client ${unique}`, email, password: PASSWORD, entreprise: 'SARL Liens' })
  const { page } = await openPage(browser, t)
  await page.goto(`${server.url}/messages`)
  t.equal(new URL(page.url()).pathname, '/login', 'sent to the login')
  await logInOnThePage(page, email, PASSWORD)
  await page.waitForURL(`${server.url}/messages`)
  t.pass('back on the address opened')
  // A later login without a kept address goes home, as the specification says.
  await page.context().clearCookies()
  await page.goto(`${server.url}/login`)
  await logInOnThePage(page, email, PASSWORD)
  await page.waitForURL(`${server.url}/`)
})

t.test('an administrator’s mail link opened logged out: the login, then the page (contract §8, issue 34)', async (t) => {
  const { page } = await openPage(browser, t)
  await page.goto(`${server.url}/admin-dashboard/requests?status=overdue`)
  t.equal(new URL(page.url()).pathname, '/login', 'a visitor on a back-office page logs in first')
  await logInOnThePage(page, ADMIN.email, ADMIN.password)
  await page.waitForURL(`${server.url}/admin-dashboard/requests?status=overdue`)
  t.pass('the page of the link, after the login')
})
