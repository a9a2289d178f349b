// Issue 14, contract §5: no instance shows a stale page from its own caches. The parts a page keeps
// per process (views/runtime/RenderedOnce.tsx: the header per theme, page and session user; heads
// and islands by what they show) are keyed by the user read from the database on every request, so a
// change made through instance A shows on instance B's very next page.
import { randomBytes } from 'node:crypto'
import t from 'tap'
import sharp from 'sharp'
import type { FastifyInstance } from 'fastify'
import { injectAs, seedAccount, type SeededAccount } from '../helpers/accounts.js'
import { twoInstances } from '../helpers/instances.js'

function photoUpload(data: Buffer) {
  const boundary = `----portal${randomBytes(8).toString('hex')}`
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="photo.png"\r\nContent-Type: image/png\r\n\r\n`),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ])
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } }
}

/** The page's header as B renders it for `account`, asked twice so that the second comes from B's kept parts. */
async function headerOn(app: FastifyInstance, account: SeededAccount, path = '/'): Promise<{ header: string; body: string }> {
  await injectAs(app, account, path)
  const page = await injectAs(app, account, path)
  if (page.statusCode !== 200) throw new Error(`${path}: ${page.statusCode}`)
  const header = /<header class="navbar">[\s\S]*?<\/header>/.exec(page.body)?.[0]
  if (!header) throw new Error(`${path}: no header`)
  return { header, body: page.body }
}

t.test('a new username, photo and acceptance made through A show on B’s next page', async (t) => {
  const { a, b } = await twoInstances(t)
  const admin = await seedAccount(a, { admin: true })
  const client = await seedAccount(a, { username: 'Ancien Nom' })

  for (const path of ['/', '/services', `/users/profile/${client.id}`]) {
    const before = await headerOn(b, client, path)
    t.match(before.header, /Ancien Nom/, `${path}: B shows the username`)
    t.notMatch(before.header, /\/uploads\/photos\//, `${path}: and the blank avatar`)
    t.notMatch(before.header, /href="\/files"/, `${path}: no Documents link before acceptance`)
    t.match(before.body, /pending-notice/, `${path}: the pending notice`)
  }

  await a.ports.db.updateTable('users').set({ username: 'Nouveau Nom' }).where('id', '=', client.id).execute()
  const uploaded = await injectAs(a, client, { method: 'POST', url: '/api/users/profile/uplaod-photo', ...photoUpload(await sharp({ create: { width: 64, height: 64, channels: 3, background: '#1e5aa0' } }).png().toBuffer()) })
  t.equal(uploaded.statusCode, 200, 'photo uploaded through A')
  const photoUrl = (uploaded.json() as { profilePhoto: { url: string } }).profilePhoto.url
  t.equal((await injectAs(a, admin, { method: 'POST', url: `/api/users/accept/${client.id}` })).statusCode, 200, 'accepted through A')

  for (const path of ['/', '/services', `/users/profile/${client.id}`]) {
    const after = await headerOn(b, client, path)
    t.match(after.header, /Nouveau Nom/, `${path}: B shows the new username`)
    t.notMatch(after.header, /Ancien Nom/, `${path}: and not the old one`)
    t.ok(after.header.includes(photoUrl), `${path}: the new photo`)
    t.match(after.header, /href="\/files"/, `${path}: the Documents link of an accepted client`)
    t.notMatch(after.body, /pending-notice/, `${path}: no pending notice`)
  }
  t.equal((await b.inject(photoUrl)).statusCode, 200, 'B serves the photo A stored')
})

t.test('a session ended through A is ended on B; a password change through A ends B’s other sessions', async (t) => {
  const { a, b } = await twoInstances(t)
  const client = await seedAccount(a, { accepted: true })
  t.equal((await injectAs(b, client, '/api/auth/status')).statusCode, 200, 'A’s session works on B')
  t.equal((await injectAs(a, client, { method: 'POST', url: '/api/auth/logout' })).statusCode, 200)
  t.equal((await injectAs(b, client, '/api/auth/status')).statusCode, 401, 'logged out through A: B refuses the cookie')
  const page = await injectAs(b, client, '/')
  t.notMatch(/<header class="navbar">[\s\S]*?<\/header>/.exec(page.body)?.[0] ?? '', new RegExp(client.username), 'B’s header no longer shows the user')

  const kept = { cookie: await a.sessionCookieFor(client.id) }
  const other = { cookie: await b.sessionCookieFor(client.id) }
  const changed = await injectAs(a, kept, { method: 'POST', url: `/api/password/changepassword/${client.id}`, payload: { oldPassword: client.password, newPassword: 'Nv3!Passe-Sure', confirmPassword: 'Nv3!Passe-Sure' } })
  t.equal(changed.statusCode, 200, changed.body)
  t.equal((await injectAs(b, other, '/api/auth/status')).statusCode, 401, 'the other session, opened on B, ended')
  t.equal((await injectAs(b, kept, '/api/auth/status')).statusCode, 200, 'the session that changed it goes on, through B too')
})
