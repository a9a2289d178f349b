// Issue 17: the thread pages' form without JavaScript (contract §8), the client's on /messages and the
// firm's on a client's thread: a 303 back to the thread with a flash message, or the page again at the
// API's status with the error under the field and the text kept; the API's limit, one bucket for both.
import t from 'tap'
import { injectAs, seedAccount, type SeededAccount } from '../helpers/accounts.js'
import { isPage } from '../helpers/admin-forms.js'
import { buildTestApp } from '../helpers/app.js'
import { CROSS_SITE, flashAfter, FORM, submit } from '../helpers/forms.js'
import { islandProps } from '../helpers/html.js'
import { cookieOf } from '../helpers/two-factor.js'

const { app, db } = await buildTestApp(t, { RATE_LIMIT_MESSAGE_USER: '4' })
/** Each test has its own administrator: the limit counts per user. */
const firm = () => seedAccount(app, { admin: true })

const texts = async (userId: number) => (await db.selectFrom('messages').select('text').where('user_id', '=', userId).orderBy('id').execute()).map((row) => row.text)
const api = (as: SeededAccount, userId: number, text: string) => injectAs(app, as, { method: 'POST', url: `/api/messages/${userId}`, payload: { text } })

/** The thread's field and the error it names (aria-invalid, aria-describedby), as the page answered again shows them. */
function fieldOf(html: string): { value: string; invalid: boolean; error: string | undefined } {
  const field = /<textarea[^>]*name="text"[^>]*>([^<]*)<\/textarea>/.exec(html)
  const attributes = field?.[0] ?? ''
  const ids = /aria-describedby="([^"]*)"/.exec(attributes)?.[1]?.split(' ') ?? []
  const error = ids.map((id) => new RegExp(`<p id="${id}" class="thread-error" role="alert">([^<]+)</p>`).exec(html)?.[1]).find(Boolean)
  return { value: field?.[1] ?? '', invalid: /aria-invalid="true"/.test(attributes), error }
}

t.test('the form is a real form: it posts to its page, its button works before any script', async (t) => {
  const admin = await firm()
  const client = await seedAccount(app, { accepted: true })
  for (const [who, url] of [[client, '/messages'], [admin, `/admin-dashboard/clients/${client.id}/messages`]] as const) {
    const html = (await injectAs(app, who, url)).body
    t.match(html, /<form class="thread-form"[^>]* method="post">/, `${url}: a form posted to the page itself (no action)`)
    t.notMatch(html, /<button type="submit"[^>]*disabled/, `${url}: its button is enabled`)
    t.notMatch(html, /data-hydrated/, 'not hydrated in the server’s HTML')
  }
})

t.test('the client writes, the firm answers: 303 back to the thread with the API’s message', async (t) => {
  const admin = await firm()
  const client = await seedAccount(app, { accepted: true })
  const sent = await submit(app, '/messages', { text: '  Bonjour,\r\nle relevé suit.  ' }, client.cookie)
  t.equal(sent.statusCode, 303)
  t.equal(sent.headers.location, '/messages')
  t.match(await flashAfter(app, sent, client.cookie), 'Message envoyé.')
  const thread = `/admin-dashboard/clients/${client.id}/messages`
  const answered = await submit(app, `${thread}?page=1`, { text: 'Bien reçu.' }, admin.cookie)
  t.equal(answered.statusCode, 303)
  t.equal(answered.headers.location, thread)
  t.match(await flashAfter(app, answered, admin.cookie), 'Message envoyé.')
  t.same(await texts(client.id), ['Bonjour,\nle relevé suit.', 'Bien reçu.'], 'stored as the API stores them')
  const shown = islandProps((await injectAs(app, client, '/messages')).body, 'MessageThread') as { messages: Array<{ text: string; author: { isAdmin: boolean } }> }
  t.same(shown.messages.map((m) => [m.text, m.author.isAdmin]), [['Bonjour,\nle relevé suit.', false], ['Bien reçu.', true]], 'both in the thread')
})

t.test('refused: the page again at 400, the error under the field, the text kept, nothing stored', async (t) => {
  const admin = await firm()
  const client = await seedAccount(app, { accepted: true })
  for (const [text, message] of [
    ['   ', 'Le message est requis.'],
    ['x'.repeat(5001), 'Le message ne doit pas dépasser 5000 caractères.'],
    ['a\u0007b', 'Le message contient des caractères non autorisés.'],
  ] as const) {
    for (const url of ['/messages', `/admin-dashboard/clients/${client.id}/messages`]) {
      const res = await submit(app, url, { text }, url === '/messages' ? client.cookie : admin.cookie)
      isPage(t, res, 400, `${url}: ${message}`)
      const field = fieldOf(res.body)
      t.ok(field.invalid, 'the field is marked')
      t.equal(field.error, message, 'the API’s message, tied to the field')
      t.equal((islandProps(res.body, 'MessageThread') as { draft: string }).draft, text, 'the text as typed')
    }
  }
  t.same(await texts(client.id), [], 'nothing stored')
  const api400 = await api(client, client.id, '   ')
  t.equal(api400.json().message, 'Le message est requis.', 'the same message as the API’s')
})

t.test('the API’s limit, one bucket for both: the form’s post counts for the API, and its 429 is the page with the text kept', async (t) => {
  const admin = await firm()
  const client = await seedAccount(app, { accepted: true })
  t.equal((await api(client, client.id, 'un')).statusCode, 201)
  t.equal((await submit(app, '/messages', { text: 'deux' }, client.cookie)).statusCode, 303)
  t.equal((await api(client, client.id, 'trois')).statusCode, 201)
  t.equal((await submit(app, '/messages', { text: 'quatre' }, client.cookie)).statusCode, 303)
  t.equal((await api(client, client.id, 'cinq')).statusCode, 429, 'four in all: the API is refused')
  const limited = await submit(app, '/messages', { text: 'six' }, client.cookie)
  isPage(t, limited, 429, 'and so is the form')
  t.ok(limited.headers['retry-after'], 'with Retry-After')
  t.match(fieldOf(limited.body).error ?? '', /Trop de/, 'the refusal in place')
  t.equal(fieldOf(limited.body).value, 'six', 'the text kept')
  t.same(await texts(client.id), ['un', 'deux', 'trois', 'quatre'])
  t.equal((await submit(app, `/admin-dashboard/clients/${client.id}/messages`, { text: 'le cabinet' }, admin.cookie)).statusCode, 303, 'counted per user: the firm still writes')
})

t.test('refusals: a visitor logs in first and comes back; the wrong role is the 403 page; no thread is the 404 page; nothing stored', async (t) => {
  const admin = await firm()
  const client = await seedAccount(app, { accepted: true })
  const other = await seedAccount(app, { accepted: true })
  const waiting = await seedAccount(app)
  const thread = `/admin-dashboard/clients/${client.id}/messages`

  for (const url of ['/messages', thread]) {
    const visitor = await submit(app, url, { text: 'a' })
    t.equal(visitor.statusCode, 303, `${url}: a visitor`)
    t.equal(visitor.headers.location, '/login')
    const kept = cookieOf(visitor, /^return-to$/)
    const who = url === '/messages' ? client : admin
    const login = await submit(app, '/login', { email: who.email, password: who.password }, kept)
    t.equal(login.headers.location, url, 'logged in, back to the thread (the post is not replayed)')
  }

  const asFirm = await submit(app, '/messages', { text: 'a' }, admin.cookie)
  isPage(t, asFirm, 403, 'the firm has no thread of its own')
  t.match(asFirm.body, 'Messages des clients')
  for (const who of [client, other]) {
    const res = await submit(app, thread, { text: 'a' }, who.cookie)
    isPage(t, res, 403, 'a client cannot write as the firm, in their thread or another’s')
    t.match(res.body, 'Accès réservé au cabinet.')
  }
  isPage(t, await submit(app, '/messages', { text: 'a' }, waiting.cookie), 404, 'an account not accepted has no thread')
  for (const id of [String(waiting.id), String(admin.id), '999999', 'abc']) isPage(t, await submit(app, `/admin-dashboard/clients/${id}/messages`, { text: 'a' }, admin.cookie), 404, `no thread ${id}`)
  isPage(t, await submit(app, `/admin-dashboard/clients/${waiting.id}/messages`, { text: '' }, admin.cookie), 404, 'who may write comes before what is written')

  for (const [who, url] of [[client, '/messages'], [admin, thread]] as const) {
    const res = await injectAs(app, who, { method: 'POST', url, headers: { ...FORM, ...CROSS_SITE }, payload: 'text=a' })
    t.equal(res.statusCode, 403, `${url}: another site cannot post`)
  }
  t.same(await texts(client.id), [], 'nothing stored')
  t.same(await texts(waiting.id), [])
})
