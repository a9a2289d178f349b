// Issue 16, contract §7: one thread per client. Who may read and write it, what a message may be,
// how reading marks the other side's messages, the unread counts, and pages counted from the newest.
import t from 'tap'
import type { FastifyInstance } from 'fastify'
import { injectAs, seedAccount, type SeededAccount } from '../helpers/accounts.js'
import { buildTestApp } from '../helpers/app.js'

type T = Parameters<Parameters<typeof t.test>[0]>[0]

const post = (app: FastifyInstance, as: SeededAccount | null, userId: number | string, body: unknown) =>
  injectAs(app, as, { method: 'POST', url: `/api/messages/${userId}`, payload: body as Record<string, unknown> })
const read = (app: FastifyInstance, as: SeededAccount | null, userId: number | string, query = '', headers: Record<string, string> = {}) =>
  injectAs(app, as, { method: 'GET', url: `/api/messages/${userId}${query}`, headers })

/** Who asks for an unread count: a company's owner (their company is themselves) or an administrator. */
const reader = (account: { id: number }, role: 'admin' | 'client', isAccepted = true) => ({ id: account.id, isAdmin: role === 'admin', isAccepted, role, companyId: role === 'client' ? account.id : null })

async function cast(t: T) {
  const { app, db } = await buildTestApp(t)
  const admin = await seedAccount(app, { admin: true, username: 'Cabinet Amrani' })
  const client = await seedAccount(app, { accepted: true, username: 'SARL Atlas' })
  const other = await seedAccount(app, { accepted: true, username: 'EURL Zitouna' })
  const waiting = await seedAccount(app, { accepted: false })
  return { app, db, admin, client, other, waiting }
}

t.test('the permission matrix: the thread’s client and administrators; visitors 401, other clients 403, no thread 404', async (t) => {
  const { app, admin, client, other, waiting } = await cast(t)
  const hello = { text: 'Bonjour' }

  t.equal((await read(app, null, client.id)).statusCode, 401, 'visitor reads')
  t.equal((await post(app, null, client.id, hello)).statusCode, 401, 'visitor writes')
  t.equal((await read(app, null, client.id)).json().message, 'Veuillez vous connecter.')

  t.equal((await post(app, client, client.id, hello)).statusCode, 201, 'the client writes in their thread')
  t.equal((await read(app, client, client.id)).statusCode, 200, 'and reads it')
  t.equal((await post(app, admin, client.id, hello)).statusCode, 201, 'an administrator writes')
  t.equal((await read(app, admin, client.id)).statusCode, 200, 'and reads')

  for (const [what, response] of [
    ['another client reads', await read(app, other, client.id)],
    ['another client writes', await post(app, other, client.id, hello)],
    ['another client writes nothing at all', await post(app, other, client.id, {})],
    ['a client reads the thread of an id that does not exist', await read(app, other, 999_999)],
    ['a client reads an administrator’s id', await read(app, client, admin.id)],
    ['an unaccepted user reads another’s', await read(app, waiting, client.id)],
  ] as const) {
    t.equal(response.statusCode, 403, what)
    t.equal(response.json().message, 'Cette conversation ne vous concerne pas.')
  }
  for (const [what, response] of [
    ['an unaccepted user reads their own', await read(app, waiting, waiting.id)],
    ['an unaccepted user writes their own', await post(app, waiting, waiting.id, hello)],
    ['an administrator reads an unaccepted user’s', await read(app, admin, waiting.id)],
    ['an administrator writes to an unaccepted user', await post(app, admin, waiting.id, hello)],
    ['an administrator writes to an unknown user', await post(app, admin, 999_999, hello)],
    ['an administrator reads an administrator’s', await read(app, admin, admin.id)],
  ] as const) {
    t.equal(response.statusCode, 404, what)
    t.equal(response.json().message, 'Conversation introuvable.')
  }
  t.equal((await read(app, admin, 'abc')).statusCode, 400, 'a malformed id')
  const thread = (await read(app, admin, client.id)).json()
  t.equal(thread.length, 2, 'only the two allowed messages were stored')
})

t.test('a message: 1 to 5,000 characters once trimmed, stored and answered as sent (HTML is text)', async (t) => {
  const { app, admin, client } = await cast(t)
  for (const [body, message] of [
    [{}, 'Le message est requis.'],
    [{ text: '' }, 'Le message est requis.'],
    [{ text: ' \n\t ' }, 'Le message est requis.'],
    [{ text: '\u200B\u202E' }, 'Le message est requis.'],
    [{ text: 'a'.repeat(5001) }, 'Le message ne doit pas dépasser 5000 caractères.'],
    [{ text: 'bip\u0007' }, 'Le message contient des caractères non autorisés.'],
  ] as const) {
    const response = await post(app, client, client.id, body)
    t.equal(response.statusCode, 400, JSON.stringify(body).slice(0, 40))
    t.same(response.json(), { message, code: 'validation', field: 'text' }, 'under the text field')
  }
  t.equal((await post(app, client, client.id, { text: ` ${'a'.repeat(5000)} ` })).statusCode, 201, '5,000 characters after trimming')
  // Characters, not UTF-16 units: an emoji is one character of two units (and four bytes in utf8mb4).
  const emoji = await post(app, client, client.id, { text: '😀'.repeat(5000) })
  t.equal(emoji.statusCode, 201, '5,000 emoji')
  t.equal((await read(app, client, client.id)).json<Array<{ text: string }>>().at(-1)!.text, '😀'.repeat(5000), 'stored whole (four bytes each in utf8mb4: 20,000 of TEXT’s 65,535)')
  const tooMany = await post(app, client, client.id, { text: '😀'.repeat(5001) })
  t.same([tooMany.statusCode, tooMany.json().message], [400, 'Le message ne doit pas dépasser 5000 caractères.'], '5,001 emoji')

  const html = '<b>Bonjour</b> <script>alert(1)</script>\r\n<a href="javascript:alert(1)">ici</a>'
  const created = await post(app, client, client.id, { text: html })
  t.equal(created.statusCode, 201)
  const message = created.json()
  t.equal(message.text, html.replace('\r\n', '\n'), 'stored as sent, line break normalised')
  t.same(message.author, { id: client.id, username: 'SARL Atlas', isAdmin: false, role: 'client' })
  t.equal(message.readAt, null)
  t.ok(Number.isInteger(message.id))
  t.ok(!Number.isNaN(Date.parse(message.at)))

  const hidden = await post(app, admin, client.id, { text: 'Voir la facture\u202Efdp.exe et le lien\u200B' })
  t.equal(hidden.json().text, 'Voir la facturefdp.exe et le lien', 'format characters removed (they reverse what follows)')
  t.same(hidden.json().author, { id: admin.id, username: 'Cabinet Amrani', isAdmin: true, role: 'admin' })
  const joined = await post(app, client, client.id, { text: 'می‌خواهم 👩‍💼' })
  t.equal(joined.json().text, 'می‌خواهم 👩‍💼', 'joiners that words and emoji need are kept')

  const listed = (await read(app, client, client.id)).json()
  t.equal(listed.find((m: { id: number }) => m.id === message.id).text, message.text, 'listed as stored')
})

t.test('reading marks the other side’s messages only, and a GET from another site marks nothing', async (t) => {
  const { app, admin, client } = await cast(t)
  await post(app, client, client.id, { text: 'Question 1' })
  await post(app, client, client.id, { text: 'Question 2' })
  await post(app, admin, client.id, { text: 'Réponse' })
  const unread = () => Promise.all([app.services.messages.unreadFor(reader(client, 'client')), app.services.messages.unreadFor(reader(admin, 'admin'))])
  t.same(await unread(), [1, 2], 'the client has one unread, the firm two')

  for (const site of ['cross-site', 'same-site']) {
    const listed = (await read(app, client, client.id, '', { 'sec-fetch-site': site })).json()
    t.equal(listed.length, 3)
    t.ok(listed.every((m: { readAt: unknown }) => m.readAt === null), `${site}: nothing read`)
  }
  t.same(await unread(), [1, 2], 'a link from another site changed nothing')
  const head = await injectAs(app, client, { method: 'HEAD', url: `/api/messages/${client.id}`, headers: { 'sec-fetch-site': 'same-origin' } })
  t.equal(head.statusCode, 200)
  t.same(await unread(), [1, 2], 'a HEAD read nothing')
  // The pages too: a HEAD changes nothing (docs/decisions/058-get-and-head-change-nothing.md).
  for (const [who, url] of [[client, '/messages'], [admin, `/admin-dashboard/clients/${client.id}/messages`]] as const) {
    const page = await injectAs(app, who, { method: 'HEAD', url, headers: { 'sec-fetch-site': 'same-origin' } })
    t.equal(page.statusCode, 200, `HEAD ${url}`)
  }
  t.same(await unread(), [1, 2], 'a HEAD of either thread page read nothing')

  const byClient = (await read(app, client, client.id, '', { 'sec-fetch-site': 'same-origin' })).json()
  t.same(byClient.map((m: { text: string; readAt: string | null }) => [m.text, m.readAt !== null]), [['Question 1', false], ['Question 2', false], ['Réponse', true]], 'the client read the firm’s message, not their own')
  t.same(await unread(), [0, 2])

  const byFirm = (await read(app, admin, client.id)).json()
  t.ok(byFirm.every((m: { readAt: unknown }) => m.readAt !== null), 'the firm read the client’s (a script without Sec-Fetch-Site is the user’s own act)')
  t.same(await unread(), [0, 0])
  const readAt = byFirm[2].readAt
  await read(app, client, client.id)
  t.equal((await read(app, admin, client.id)).json()[2].readAt, readAt, 'read once: the first reading’s time stays')
})

t.test('unread counts: per client, and the firm’s total over every client', async (t) => {
  const { app, admin, client, other } = await cast(t)
  const second = await seedAccount(app, { admin: true })
  await post(app, client, client.id, { text: 'a' })
  await post(app, other, other.id, { text: 'b' })
  await post(app, other, other.id, { text: 'c' })
  await post(app, admin, other.id, { text: 'd' })
  const { messages } = app.services
  t.equal(await messages.unreadFor(reader(admin, 'admin')), 3)
  t.equal(await messages.unreadFor(reader(other, 'client')), 1)
  t.equal(await messages.unreadFor(reader(client, 'client')), 0)
  await read(app, second, other.id)
  t.equal(await messages.unreadFor(reader(admin, 'admin')), 1, 'one administrator’s reading is the firm’s')
  t.equal(await messages.unreadFor(reader(other, 'client')), 1, 'the client’s own count is theirs')
  t.equal(await messages.unreadFor(reader({ id: 12345 }, 'client', false)), 0, 'an unaccepted user has none')
})

t.test('the navigation counts unread messages up to 100 (« 99+ »); the threads list counts each thread’s exactly', async (t) => {
  const { app, db, admin, client, other } = await cast(t)
  const at = new Date().toISOString().replace('T', ' ').slice(0, 19)
  const rows = (userId: number, n: number) => Array.from({ length: n }, (_, i) => ({ user_id: userId, author_id: userId, from_firm: 0, text: `Pièce ${i}`, created_at: at, read_at: null }))
  await post(app, client, client.id, { text: 'Bonjour' }) // the thread's row; then many more at once
  await db.insertInto('messages').values(rows(client.id, 120)).execute()
  await post(app, other, other.id, { text: 'Une question' })
  const firm = reader(admin, 'admin')
  t.equal(await app.services.messages.unreadFor(firm), 100, 'counted up to 100, not 122')
  t.equal(await app.services.messages.unreadFor(reader(client, 'client')), 0)

  const page = await injectAs(app, admin, { method: 'GET', url: '/admin-dashboard/threads' })
  t.equal(page.statusCode, 200)
  t.match(page.body, /<span class="nav-badge" aria-hidden="true">99\+<\/span><span class="sr-only"> \(plus de 99 messages non lus\)<\/span>/, 'the badge and what a screen reader says')
  t.match(page.body, /<strong>121 messages non lus<\/strong>/, 'the client’s thread: its exact count')
  t.match(page.body, /<strong>1 message non lu<\/strong>/, 'the other thread')
})

t.test('pages of a thread: page 1 is the latest messages, each page oldest first; the list parameters apply', async (t) => {
  const { app, admin, client } = await cast(t)
  for (let i = 1; i <= 60; i++) await post(app, i % 3 ? client : admin, client.id, { text: `Message n° ${i}${i === 7 ? ' sur la déclaration G50' : ''}` })
  const first = await read(app, admin, client.id)
  t.equal(first.headers['x-total-count'], '60')
  const texts = (response: typeof first) => response.json().map((m: { text: string }) => m.text.replace(/ sur .*/, ''))
  t.same(texts(first), Array.from({ length: 50 }, (_, i) => `Message n° ${i + 11}`), 'the latest 50, oldest first')
  t.same(texts(await read(app, admin, client.id, '?page=2')), Array.from({ length: 10 }, (_, i) => `Message n° ${i + 1}`), 'then the 10 before')
  t.same(texts(await read(app, admin, client.id, '?page=3')), [], 'past the end: empty')
  t.same(texts(await read(app, admin, client.id, '?pageSize=5&page=2')), ['Message n° 51', 'Message n° 52', 'Message n° 53', 'Message n° 54', 'Message n° 55'])
  const found = await read(app, client, client.id, '?q=declaration')
  t.equal(found.headers['x-total-count'], '1', 'q ignores case and accents')
  t.same(texts(found), ['Message n° 7'])
  t.equal((await read(app, client, client.id, '?from=2000-01-01&to=2000-01-02')).headers['x-total-count'], '0', 'days filter')
  t.equal((await read(app, client, client.id, '?pageSize=0')).statusCode, 400)
})

t.test('deleting a client deletes their thread', async (t) => {
  const { app, db, admin, client, other } = await cast(t)
  await post(app, client, client.id, { text: 'a' })
  await post(app, admin, client.id, { text: 'b' })
  await post(app, other, other.id, { text: 'c' })
  t.equal((await injectAs(app, admin, { method: 'DELETE', url: `/api/users/profile/${client.id}` })).statusCode, 200)
  const rows = await db.selectFrom('messages').select('user_id').execute()
  t.same(rows.map((r) => Number(r.user_id)), [other.id])
  t.same((await db.selectFrom('message_threads').select('user_id').execute()).map((r) => Number(r.user_id)), [other.id])
})

t.test('writing is rate-limited per user (RATE_LIMIT_MESSAGE_USER)', async (t) => {
  const { app } = await buildTestApp(t, { RATE_LIMIT_MESSAGE_USER: '3' })
  const client = await seedAccount(app, { accepted: true })
  for (let i = 0; i < 3; i++) t.equal((await post(app, client, client.id, { text: `m${i}` })).statusCode, 201)
  const refused = await post(app, client, client.id, { text: 'encore' })
  t.equal(refused.statusCode, 429)
  t.ok(refused.headers['retry-after'])
  t.match(refused.json().message, /Trop de tentatives/)
  const other = await seedAccount(app, { accepted: true })
  t.equal((await post(app, other, other.id, { text: 'moi' })).statusCode, 201, 'another user has their own count')
})

t.test('a message outlives its administrator’s account: it stays the firm’s', async (t) => {
  const { app, db, admin, client } = await cast(t)
  const leaving = await seedAccount(app, { admin: true, username: 'Ancien associé' })
  await post(app, leaving, client.id, { text: 'Bonjour de ma part' })
  await post(app, admin, client.id, { text: 'Et de la mienne' })
  await db.transaction().execute((trx) => app.services.identity.accounts.deleteAccount(trx, leaving.id))
  const listed = (await read(app, client, client.id)).json()
  t.same(listed.map((m: { author: unknown }) => m.author), [{ id: null, username: 'Le cabinet', isAdmin: true, role: null }, { id: admin.id, username: 'Cabinet Amrani', isAdmin: true, role: 'admin' }])
})

t.test('GET /api/messages: every client’s thread for the firm, newest first, searched and paged like every list', async (t) => {
  const { app, admin, client, other, waiting } = await cast(t)
  await post(app, client, client.id, { text: 'Voici le relevé de mars.' })
  await post(app, other, other.id, { text: 'Une question sur la G50' })
  await post(app, other, other.id, { text: 'Et une autre' })
  await post(app, admin, other.id, { text: 'Réponse du cabinet' })
  const list = (as: SeededAccount | null, query = '') => injectAs(app, as, { method: 'GET', url: `/api/messages${query}` })

  t.equal((await list(null)).statusCode, 401, 'a visitor')
  for (const [who, as] of [['a client', client], ['an unaccepted user', waiting]] as const) {
    const refused = await list(as)
    t.equal(refused.statusCode, 403, `${who}: 403`)
    t.equal(refused.json().code, 'forbidden')
  }

  // A client's personal access token: the client's rights, no more.
  const made = await injectAs(app, client, { method: 'POST', url: '/api/auth/tokens', payload: { name: 'Script', expiresInDays: 30 } })
  const byToken = await app.inject({ method: 'GET', url: '/api/messages', headers: { authorization: `Bearer ${made.json().token}` } })
  t.equal(byToken.statusCode, 403, 'a client’s token: 403')

  const all = await list(admin)
  t.equal(all.statusCode, 200)
  t.equal(all.headers['x-total-count'], '2')
  t.same(all.json().map((thread: { userId: number; username: string; lastMessage: string; unread: number }) => [thread.userId, thread.username, thread.lastMessage, thread.unread]), [
    [other.id, 'EURL Zitouna', 'Réponse du cabinet', 2],
    [client.id, 'SARL Atlas', 'Voici le relevé de mars.', 1],
  ], 'the most recently written first, the last message and the firm’s unread count')
  t.match(all.json()[0], { entreprise: String, lastMessageAt: /^\d{4}-\d\d-\d\dT/ })

  const byName = await list(admin, '?q=zitouna')
  t.same(byName.json().map((thread: { userId: number }) => thread.userId), [other.id], 'q finds the client by name')
  t.equal(byName.headers['x-total-count'], '1')
  const byText = await list(admin, `?q=${encodeURIComponent('RELEVE')}`)
  t.same(byText.json().map((thread: { userId: number }) => thread.userId), [client.id], 'and by the last message, without case or accents')
  t.same((await list(admin, `?q=${encodeURIComponent('G50')}`)).json(), [], 'an earlier message is not the last one')
  const paged = await list(admin, '?pageSize=1&page=2')
  t.same(paged.json().map((thread: { userId: number }) => thread.userId), [client.id], 'pages')
  t.equal(paged.headers['x-total-count'], '2')
  t.equal((await list(admin, '?pageSize=0')).statusCode, 400, 'the list parameters are checked')

  // What the page lists, the API lists.
  const page = await injectAs(app, admin, { method: 'GET', url: '/admin-dashboard/threads?q=zitouna' })
  t.match(page.body, 'Réponse du cabinet')
  t.notMatch(page.body, 'Voici le relevé de mars.')
})
