// Issue 16: a client and an administrator, each in their own browser, exchange two messages through
// the thread pages; the unread counts in the client's navigation bar and the firm's sidebar move;
// the client works on a 390 px wide screen, by keyboard; axe finds nothing on either thread page.
import t from 'tap'
import type { Browser, Page } from 'playwright-core'
import type { TestSmtp } from '../helpers/smtp.js'
import { acceptedClient, apiSession, axeViolations, call, logIn, openPage, startSuite, type RunningServer } from './helpers.js'

let server: RunningServer
let browser: Browser
let smtp: TestSmtp

const PASSWORD = 'Zt9#qLm2vR!x'
const ADMIN = { email: 'cabinet-messages@example.dz', password: 'Adm1n#Cabinet!x' }

t.before(async () => ({ smtp, server, browser } = await startSuite(t, { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password })))

/** The number on a link's badge ('' when it has none); read from the DOM, so a folded menu does not matter. */
const badgeOf = (page: Page, href: string) => page.locator(`a[href="${href}"]`).first().evaluate((a) => a.querySelector('.nav-badge')?.textContent ?? '')

/** Nothing wider than the screen: no sideways scrolling. */
const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)

/** The island has hydrated (before, the form would be posted to the page, which works too, by a reload). */
const hydrated = (page: Page) => page.locator('.thread-form[data-hydrated]').waitFor()

/** Writes in the thread by keyboard only: Tab to the field from the page's top, type, Tab to Envoyer, Enter. */
async function writeByKeyboard(page: Page, text: string) {
  const field = page.getByLabel('Votre message')
  await hydrated(page)
  await page.locator('body').focus()
  for (let i = 0; i < 60 && !(await field.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab')
  t.ok(await field.evaluate((el) => el === document.activeElement), 'the field is reached with Tab')
  await page.keyboard.type(text)
  await page.keyboard.press('Tab')
  t.ok(await page.getByRole('button', { name: 'Envoyer' }).evaluate((el) => el === document.activeElement), 'then the button')
  await page.keyboard.press('Enter')
}

t.test('a client and the firm exchange two messages; counts move; 390 px and keyboard; axe clean', async (t) => {
  const unique = Date.now().toString(36)
  const client = { email: `messages-${unique}@example.dz`, username: `Client ${unique}` }
  const adminCookie = await apiSession(server.url, ADMIN.email, ADMIN.password)
  const clientId = await acceptedClient(server.url, smtp, adminCookie, { ...client, password: PASSWORD })

  // The client, on a phone-sized screen, reaches Messages from the navigation and writes first.
  const phone = await openPage(browser, t, { bypassCSP: true, viewport: { width: 390, height: 800 } })
  await logIn(phone.page, server.url, client.email, PASSWORD)
  t.equal(await badgeOf(phone.page, '/messages'), '', 'nothing unread yet')
  await phone.page.locator('[data-testid="nav-toggle"]').click()
  await phone.page.locator('[data-testid="nav-menu"]').getByRole('link', { name: 'Messages' }).click()
  await phone.page.waitForURL(`${server.url}/messages`)
  await phone.page.getByText('Aucun message pour le moment').waitFor()
  await writeByKeyboard(phone.page, 'Bonjour, le relevé est ici : https://banque.example/releve-mars')
  const mine = phone.page.locator('.thread-message').last()
  await mine.getByText('Bonjour, le relevé est ici').waitFor()
  t.equal(await mine.locator('.thread-author').textContent(), 'Vous')
  t.equal(await mine.getByRole('link', { name: 'https://banque.example/releve-mars' }).getAttribute('rel'), 'noopener noreferrer nofollow', 'the address is a safe link')
  t.equal(await phone.page.getByLabel('Votre message').inputValue(), '', 'the field is cleared')
  t.equal(await mine.locator('.thread-read').count(), 0, 'not read yet')
  t.equal(await overflow(phone.page), 0, 'the thread fits 390 px')
  t.same(await axeViolations(phone.page), [], 'axe: the client’s thread at 390 px')

  // The firm sees one unread in its sidebar, opens the thread from the client's page and answers with Ctrl+Enter.
  const desk = await openPage(browser, t, { bypassCSP: true })
  await logIn(desk.page, server.url, ADMIN.email, ADMIN.password)
  await desk.page.goto(`${server.url}/admin-dashboard`)
  t.equal(await badgeOf(desk.page, '/admin-dashboard/threads'), '1', 'the sidebar counts the client’s message')
  await desk.page.goto(`${server.url}/users/profile/${clientId}`)
  await desk.page.getByRole('link', { name: 'Messages avec ce client' }).click()
  await desk.page.waitForURL(`${server.url}/admin-dashboard/clients/${clientId}/messages`)
  await desk.page.getByText('Bonjour, le relevé est ici').waitFor()
  t.equal(await badgeOf(desk.page, '/admin-dashboard/threads'), '', 'opening the thread read it')
  await hydrated(desk.page)
  await desk.page.getByLabel('Votre message').fill('Bien reçu, merci.\nNous revenons vers vous.')
  await desk.page.getByLabel('Votre message').press('Control+Enter')
  const answer = desk.page.locator('.thread-message').last()
  await answer.getByText('Bien reçu, merci.').waitFor()
  t.equal(await answer.locator('.thread-text').evaluate((p) => (p as HTMLElement).innerText), 'Bien reçu, merci.\nNous revenons vers vous.', 'line breaks kept')
  t.same(await axeViolations(desk.page), [], 'axe: the firm’s thread')

  // The client's count moves; opening the thread reads the answer, and the firm sees "Lu".
  await phone.page.goto(`${server.url}/files`)
  t.equal(await badgeOf(phone.page, '/messages'), '1', 'the client has one unread')
  await phone.page.goto(`${server.url}/messages`)
  await phone.page.getByText('Nous revenons vers vous.').waitFor()
  t.equal(await badgeOf(phone.page, '/messages'), '', 'read on opening')
  t.equal(await phone.page.locator('.thread-own .thread-read').first().textContent(), 'Lu', 'the client’s message was read by the firm')
  await writeByKeyboard(phone.page, 'Parfait, à bientôt.')
  await phone.page.locator('.thread-message').last().getByText('Parfait, à bientôt.').waitFor()
  t.equal(await overflow(phone.page), 0)

  await desk.page.reload()
  await desk.page.getByText('Parfait, à bientôt.').waitFor()
  t.equal(await desk.page.locator('.thread-own .thread-read').last().textContent(), 'Lu', 'the firm sees its answer read')
  await desk.page.goto(`${server.url}/admin-dashboard/threads`)
  t.equal(await badgeOf(desk.page, '/admin-dashboard/threads'), '', 'nothing unread: the thread page read the second message')
  t.same(await axeViolations(desk.page), [], 'axe: the list of threads')
  await desk.page.setViewportSize({ width: 390, height: 800 })
  await desk.page.goto(`${server.url}/admin-dashboard/clients/${clientId}/messages`)
  t.equal(await overflow(desk.page), 0, 'the firm’s thread fits 390 px too')
  // The dark theme too: messages of both sides, a read mark, a link, the badge.
  await call(server.url, adminCookie, 'POST', `/api/messages/${clientId}`, { text: 'Un dernier mot : https://exemple.dz/a' })
  for (const { page } of [phone, desk]) await page.context().addCookies([{ name: 'theme', value: 'dark', url: server.url }])
  await phone.page.goto(`${server.url}/files`)
  t.equal(await badgeOf(phone.page, '/messages'), '1')
  t.same(await axeViolations(phone.page), [], 'axe: the navigation with its badge, dark theme')
  await phone.page.goto(`${server.url}/messages`)
  t.same(await axeViolations(phone.page), [], 'axe: the client’s thread, dark theme')
  await desk.page.setViewportSize({ width: 1280, height: 900 })
  await desk.page.reload()
  t.same(await axeViolations(desk.page), [], 'axe: the firm’s thread, dark theme')
  t.same(phone.problems, [], 'no script error for the client')
  t.same(desk.problems, [], 'no script error for the firm')
})

t.test('without JavaScript the thread reads and the form posts to the page', async (t) => {
  const unique = Date.now().toString(36)
  const client = { email: `messages-nojs-${unique}@example.dz`, username: `Sans JS ${unique}` }
  const adminCookie = await apiSession(server.url, ADMIN.email, ADMIN.password)
  const clientId = await acceptedClient(server.url, smtp, adminCookie, { ...client, password: PASSWORD })
  const { page } = await openPage(browser, t, { javaScriptEnabled: false })
  await page.goto(`${server.url}/login`)
  const cookie = await apiSession(server.url, client.email, PASSWORD)
  const [name, value] = cookie.split(';')[0]!.split('=') as [string, string]
  await page.context().addCookies([{ name, value, url: server.url }])
  await page.goto(`${server.url}/messages`)
  await page.getByLabel('Votre message').fill('Écrit sans JavaScript')
  await page.getByRole('button', { name: 'Envoyer' }).click()
  await page.waitForURL(`${server.url}/messages`)
  await page.locator('.thread-message').getByText('Écrit sans JavaScript').waitFor()
  t.equal(await page.getByLabel('Votre message').inputValue(), '', 'a fresh form after the redirect')
})
