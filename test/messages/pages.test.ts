// Issue 16: the thread pages, who reaches them, and the unread counts in the navigation bar and the
// administrators' sidebar (read on every page render, kept apart per count in the header's cache).
import t from 'tap'
import type { FastifyInstance } from 'fastify'
import { injectAs, seedAccount, type SeededAccount } from '../helpers/accounts.js'
import { buildTestApp } from '../helpers/app.js'
import { CROSS_SITE } from '../helpers/forms.js'
import { hrefsOf, islandProps } from '../helpers/html.js'

type T = Parameters<Parameters<typeof t.test>[0]>[0]

const write = (app: FastifyInstance, as: SeededAccount, userId: number, text: string) => injectAs(app, as, { method: 'POST', url: `/api/messages/${userId}`, payload: { text } })
const page = (app: FastifyInstance, as: SeededAccount | null, url: string, headers: Record<string, string> = {}) => injectAs(app, as, { method: 'GET', url, headers })
/** The navigation bar's "Messages" link, with its badge's words when it has one. */
const messagesLink = (html: string) => /<a href="\/messages"[^>]*>Messages(?:<span class="nav-badge" aria-hidden="true">(\d+)<\/span><span class="sr-only"> \(([^)]*)\)<\/span>)?<\/a>/.exec(html)

async function cast(t: T) {
  const { app } = await buildTestApp(t)
  const admin = await seedAccount(app, { admin: true })
  const client = await seedAccount(app, { accepted: true, username: 'SARL Atlas' })
  const other = await seedAccount(app, { accepted: true })
  const waiting = await seedAccount(app, { accepted: false })
  return { app, admin, client, other, waiting }
}

t.test('who reaches the pages', async (t) => {
  const { app, admin, client, waiting } = await cast(t)
  t.equal((await page(app, null, '/messages')).headers.location, '/login', 'a visitor logs in first')
  t.equal((await page(app, client, '/messages')).statusCode, 200)
  t.equal((await page(app, waiting, '/messages')).statusCode, 404, 'no thread before acceptance')
  t.equal((await page(app, admin, '/messages')).headers.location, '/admin-dashboard/threads', 'the firm’s threads are the clients’')
  const adminThread = `/admin-dashboard/clients/${client.id}/messages`
  t.equal((await page(app, admin, adminThread)).statusCode, 200)
  t.equal((await page(app, client, adminThread)).headers.location, '/', 'a client is sent home from admin pages')
  t.equal((await page(app, null, adminThread)).headers.location, '/login', 'a visitor logs in first (contract §8)')
  t.equal((await page(app, admin, `/admin-dashboard/clients/${waiting.id}/messages`)).statusCode, 404)
  t.equal((await page(app, admin, '/admin-dashboard/clients/999999/messages')).statusCode, 404)
  t.equal((await page(app, admin, '/admin-dashboard/clients/abc/messages')).statusCode, 404)
  t.equal((await page(app, admin, '/admin-dashboard/threads')).statusCode, 200)
  t.equal((await page(app, client, '/admin-dashboard/threads')).headers.location, '/')
})

t.test('the client’s count in the navigation bar moves as the firm writes and the client reads', async (t) => {
  const { app, admin, client, other, waiting } = await cast(t)
  let html = (await page(app, client, '/files')).body
  t.ok(messagesLink(html), 'an accepted client has the Messages link')
  t.equal(messagesLink(html)![1], undefined, 'no badge with nothing unread')
  t.notOk(messagesLink((await page(app, waiting, '/')).body), 'an unaccepted user has none')
  t.notOk(messagesLink((await page(app, admin, '/')).body), 'nor an administrator (the sidebar has theirs)')

  await write(app, admin, client.id, 'Merci d’envoyer le relevé https://banque.example/releve')
  await write(app, admin, client.id, 'Et la G50')
  html = (await page(app, client, '/files')).body
  t.same(messagesLink(html)!.slice(1), ['2', '2 messages non lus'], 'the badge says two, in words for screen readers')
  t.equal(messagesLink((await page(app, other, '/files')).body)![1], undefined, 'another client’s count is theirs')

  t.equal((await page(app, client, '/messages', { 'sec-fetch-site': 'cross-site' })).statusCode, 200)
  t.same(messagesLink((await page(app, client, '/files')).body)!.slice(1), ['2', '2 messages non lus'], 'a page opened from another site marks nothing')

  html = (await page(app, client, '/messages', { 'sec-fetch-site': 'same-origin' })).body
  t.equal(messagesLink(html)![1], undefined, 'the thread page marks the firm’s messages read before its navigation is drawn')
  const props = islandProps(html, 'MessageThread') as { userId: number; viewer: string; messages: Array<{ text: string; readAt: Date | null }>; total: number; page: number }
  t.equal(props.userId, client.id)
  t.equal(props.viewer, 'client')
  t.equal(props.total, 2)
  t.same(props.messages.map((m) => m.text), ['Merci d’envoyer le relevé https://banque.example/releve', 'Et la G50'])
  t.ok(props.messages.every((m) => m.readAt instanceof Date), 'shown read')
  t.match(html, /<a href="https:\/\/banque\.example\/releve" target="_blank" rel="noopener noreferrer nofollow">/, 'the link is clickable, safely, in the server’s HTML')
  t.equal(messagesLink((await page(app, client, '/files')).body)![1], undefined, 'and stays read')
})

t.test('the firm’s total in the sidebar, the list of threads and the link from a client’s profile', async (t) => {
  const { app, admin, client, other } = await cast(t)
  const sidebarBadge = async () => /<a href="\/admin-dashboard\/threads"[^>]*>Messages des clients(?:<span class="nav-badge" aria-hidden="true">(\d+)<\/span>)?/.exec((await page(app, admin, '/admin-dashboard')).body)?.[1]
  t.equal(await sidebarBadge(), undefined)
  await write(app, client, client.id, 'a')
  await write(app, other, other.id, 'b')
  await write(app, other, other.id, 'c')
  t.equal(await sidebarBadge(), '3', 'every client’s unread messages')

  const threads = (await page(app, admin, '/admin-dashboard/threads')).body
  t.ok(threads.indexOf(other.username) < threads.indexOf('SARL Atlas'), 'the most recently written first')
  t.match(threads, /2 messages non lus/)
  t.same(hrefsOf(threads, 'SARL Atlas'), [`/admin-dashboard/clients/${client.id}/messages`])

  const thread = (await page(app, admin, `/admin-dashboard/clients/${other.id}/messages`)).body
  t.equal((islandProps(thread, 'MessageThread') as { viewer: string }).viewer, 'firm')
  t.equal(await sidebarBadge(), '1', 'reading one thread leaves the other’s')

  const profile = (await page(app, admin, `/users/profile/${client.id}`)).body
  t.same(hrefsOf(profile, 'Messages avec ce client'), [`/admin-dashboard/clients/${client.id}/messages`], 'the client’s page links to the thread')
  t.same(hrefsOf((await page(app, client, `/users/profile/${client.id}`)).body, 'Messages avec ce client'), [], 'not on the client’s own profile')
})

t.test('the form works without JavaScript: a plain post to the page, then back to the thread (contract §8)', async (t) => {
  const { app, admin, client, other } = await cast(t)
  const form = (as: SeededAccount | null, url: string, text: string, headers: Record<string, string> = {}) =>
    injectAs(app, as, { method: 'POST', url, headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers }, payload: new URLSearchParams({ text }).toString() })

  const sent = await form(client, '/messages', 'Envoyé sans JavaScript\r\nsur deux lignes')
  t.equal(sent.statusCode, 303)
  t.equal(sent.headers.location, '/messages')
  t.match(String(sent.headers['set-cookie']), /flash=/, 'with a flash message')
  const adminThread = `/admin-dashboard/clients/${client.id}/messages`
  const answered = await form(admin, adminThread, 'Réponse du cabinet')
  t.equal(answered.headers.location, adminThread)
  const listed = (await injectAs(app, client, `/api/messages/${client.id}`)).json().map((m: { text: string }) => m.text)
  t.same(listed, ['Envoyé sans JavaScript\nsur deux lignes', 'Réponse du cabinet'])

  const refused = await form(client, '/messages', 'x'.repeat(5001))
  t.equal(refused.statusCode, 400, 'refused: the page again')
  const props = islandProps(refused.body, 'MessageThread') as { draft: string; error: string }
  t.equal(props.error, 'Le message ne doit pas dépasser 5000 caractères.', 'with the error in place')
  t.equal(props.draft.length, 5001, 'and the text as typed')
  // maxlength counts UTF-16 units: 5,000 emoji are 10,000 of them, which the field must let through.
  const textarea = /<textarea[^>]*name="text"[^>]*>/.exec((await page(app, client, '/messages')).body)?.[0]
  t.match(textarea, /maxlength="10000"/i, 'the field takes 5,000 characters of two units each; the shared check counts characters')

  t.equal((await form(null, '/messages', 'a')).headers.location, '/login', 'a visitor logs in first')
  t.equal((await form(other, adminThread, 'a')).statusCode, 403, 'a client cannot post as the firm')
  t.equal((await form(admin, '/messages', 'a')).statusCode, 403, 'the firm has no thread of its own')
  t.equal((await form(client, '/messages', 'a', CROSS_SITE)).statusCode, 403, 'another site cannot post')
  t.equal((await form(admin, '/admin-dashboard/clients/999999/messages', 'a')).statusCode, 404)
  t.equal((await injectAs(app, client, `/api/messages/${client.id}`)).json().length, 2, 'nothing else was stored')
})
