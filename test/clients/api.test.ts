import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import { Readable } from 'node:stream'
import t from 'tap'
import { newKey } from '../../src/storage/storage.js'
import { photoUrlFor } from '../../src/modules/identity/photo/value.js'
import { injectAs, seedAccount, type SeededAccount } from '../helpers/accounts.js'
import { buildTestApp, type TestApp } from '../helpers/app.js'
import { registerVerified, registration } from '../helpers/identity.js'
import { linkIn, startSmtp } from '../helpers/smtp.js'
import { addType, filesIn, uploadPdf } from '../documents/fixtures.js'

type Who = 'visitor' | 'unaccepted' | 'accepted' | 'other' | 'admin'

async function cast(app: TestApp['app']) {
  return {
    unaccepted: await seedAccount(app, { username: 'Nouveau Client' }),
    accepted: await seedAccount(app, { accepted: true, username: 'Client Accepté' }),
    other: await seedAccount(app, { accepted: true, username: 'Autre Client' }),
    admin: await seedAccount(app, { admin: true, username: 'Administrateur' }),
  }
}

// One app for the tests that neither mail nor check whole lists or totals, each with accounts of its
// own; files and document counts are compared before and after. The others build their own.
const shared = await buildTestApp(t)
const sharedAdmin = await seedAccount(shared.app, { admin: true })
await addType(shared.app, sharedAdmin, 'Bilan')

t.test('permission matrix of every /api/users/* route (contract §3)', async (t) => {
  const { app } = shared
  const people = await cast(app)
  const as = (who: Who): SeededAccount | null => (who === 'visitor' ? null : people[who])
  // The profile of "accepted": only its owner and an administrator.
  const target = people.accepted.id
  const matrix: Array<[string, string, Record<Who, number>]> = [
    ['GET', `/api/users/profile/${target}`, { visitor: 401, unaccepted: 403, accepted: 200, other: 403, admin: 200 }],
    ['GET', '/api/users/users-profile', { visitor: 401, unaccepted: 403, accepted: 403, other: 403, admin: 200 }],
    ['GET', '/api/users/clients-profile', { visitor: 401, unaccepted: 403, accepted: 403, other: 403, admin: 200 }],
    ['GET', '/api/users/counts', { visitor: 401, unaccepted: 403, accepted: 403, other: 403, admin: 200 }],
    ['GET', '/api/users/contact', { visitor: 401, unaccepted: 403, accepted: 403, other: 403, admin: 200 }],
    ['DELETE', '/api/users/contact/999999', { visitor: 401, unaccepted: 403, accepted: 403, other: 403, admin: 404 }],
    ['POST', `/api/users/accept/${people.accepted.id}`, { visitor: 401, unaccepted: 403, accepted: 403, other: 403, admin: 409 }],
    ['DELETE', `/api/users/profile/${target}`, { visitor: 401, unaccepted: 403, accepted: 403, other: 403, admin: 403 }],
  ]
  for (const [method, url, expected] of matrix) {
    for (const who of Object.keys(expected) as Who[]) {
      // The owner's own deletion and the administrator's are checked below (they end the account).
      if (method === 'DELETE' && url.startsWith('/api/users/profile/') && (who === 'accepted' || who === 'admin')) continue
      const res = await injectAs(app, as(who), { method: method as 'GET', url })
      t.equal(res.statusCode, expected[who], `${method} ${url} as ${who}`)
      if (res.statusCode >= 400) t.type(res.json().message, 'string', `${method} ${url} as ${who}: French message`)
    }
  }
  // Deleting: someone else's account is refused; an administrator's account is never deleted here.
  t.equal((await injectAs(app, people.other, { method: 'DELETE', url: `/api/users/profile/${people.admin.id}` })).statusCode, 403)
  t.equal((await injectAs(app, people.admin, { method: 'DELETE', url: `/api/users/profile/${people.admin.id}` })).statusCode, 403, 'an administrator cannot delete an administrator')
  t.equal((await injectAs(app, people.admin, { method: 'DELETE', url: '/api/users/profile/999999' })).statusCode, 404)
  t.equal((await injectAs(app, people.admin, { method: 'GET', url: '/api/users/profile/999999' })).statusCode, 404)
  t.equal((await injectAs(app, people.admin, { method: 'GET', url: '/api/users/profile/abc' })).statusCode, 400)
  const byAdmin = await injectAs(app, people.admin, { method: 'DELETE', url: `/api/users/profile/${people.other.id}` })
  t.equal(byAdmin.statusCode, 200)
  t.same(byAdmin.json(), { message: 'Compte supprimé avec succès.' })
  const byOwner = await injectAs(app, people.accepted, { method: 'DELETE', url: `/api/users/profile/${people.accepted.id}` })
  t.equal(byOwner.statusCode, 200)
  t.equal((await injectAs(app, people.accepted, '/api/auth/status')).statusCode, 401, 'the owner’s session ended with the account')
  t.equal((await injectAs(app, people.other, '/api/auth/status')).statusCode, 401)
})

t.test('the profile answers spec §3 fields; lists carry e-mail and verification', async (t) => {
  const { app } = await buildTestApp(t)
  const { accepted, admin, unaccepted } = await cast(app)
  const profile = (await injectAs(app, accepted, `/api/users/profile/${accepted.id}`)).json()
  t.match(profile, { id: accepted.id, username: 'Client Accepté', entreprise: 'SARL Atlas', telephone: '0551234567', isAccepted: true, isAdmin: false, profilePhoto: null, documents: [] })
  t.ok(!Number.isNaN(Date.parse(profile.createdAt)))
  const list = await injectAs(app, admin, '/api/users/users-profile')
  t.equal(list.headers['x-total-count'], '1')
  t.equal(list.headers['cache-control'], 'private, no-store')
  t.match(list.json(), [{ id: unaccepted.id, email: unaccepted.email, isVerified: true, isAccepted: false, profilePhoto: null }])
  t.match((await injectAs(app, admin, '/api/users/clients-profile')).json(), [{ username: 'Autre Client' }, { username: 'Client Accepté' }], 'newest first, administrators left out')
})

t.test('accept is irreversible, refused for an unverified address, and mails the client a login link', async (t) => {
  const smtp = await startSmtp(t)
  const { app } = await buildTestApp(t, { SMTP_URL: smtp.url, PUBLIC_URL: 'http://portail.test' })
  const admin = await seedAccount(app, { admin: true })
  const unverified = await seedAccount(app, { verified: false })
  const refused = await injectAs(app, admin, { method: 'POST', url: `/api/users/accept/${unverified.id}` })
  t.equal(refused.statusCode, 409)
  t.match(refused.json().message, /vérifié son adresse e-mail/)
  t.match((await injectAs(app, admin, '/api/users/users-profile')).json(), [{ id: unverified.id, isVerified: false }], 'an unverified user is listed with isVerified false')

  const client = await seedAccount(app)
  const accepted = await injectAs(app, admin, { method: 'POST', url: `/api/users/accept/${client.id}` })
  t.equal(accepted.statusCode, 200)
  t.same(accepted.json(), { message: 'Utilisateur accepté avec succès.' })
  const mail = await smtp.nextMail(client.email)
  t.match(mail.decoded, /espace client est maintenant ouvert/)
  t.equal(linkIn(mail, /^\/login$/).href, 'http://portail.test/login')
  t.equal((await injectAs(app, admin, { method: 'POST', url: `/api/users/accept/${client.id}` })).statusCode, 409, 'a second accept is a conflict')
  t.equal((await injectAs(app, admin, { method: 'POST', url: '/api/users/accept/999999' })).statusCode, 404)
  t.equal((await injectAs(app, admin, { method: 'POST', url: `/api/users/accept/${admin.id}` })).statusCode, 403)
  const status = (await injectAs(app, client, '/api/auth/status')).json()
  t.equal(status.isAccepted, true, 'the client’s own session sees the acceptance at once')
  t.equal(smtp.countFor(unverified.email), 0, 'no mail for the refused acceptance')
})

t.test('the firm is told of each new client once the address is verified, with a link to new users', async (t) => {
  const smtp = await startSmtp(t)
  const { app } = await buildTestApp(t, { SMTP_URL: smtp.url, PUBLIC_URL: 'http://portail.test', FIRM_EMAIL: 'cabinet@example.dz' })
  t.equal((await app.inject({ method: 'POST', url: '/api/auth/register', payload: registration({ email: 'early@example.dz' }) })).statusCode, 201)
  await smtp.nextMail('early@example.dz')
  t.equal(smtp.countFor('cabinet@example.dz'), 0, 'nothing while the address is unverified')
  await registerVerified(app, smtp, { email: 'nouveau@example.dz', entreprise: 'EURL Tassili' })
  const mail = await smtp.nextMail('cabinet@example.dz')
  t.match(mail.decoded, /EURL Tassili/)
  t.match(mail.decoded, /nouveau@example\.dz/)
  t.equal(linkIn(mail, /^\/admin-dashboard\/new-users$/).href, 'http://portail.test/admin-dashboard/new-users')
})

t.test('counts match the database after accept and delete', async (t) => {
  const { app } = await buildTestApp(t)
  const admin = await seedAccount(app, { admin: true })
  const a = await seedAccount(app)
  const b = await seedAccount(app)
  await seedAccount(app, { accepted: true })
  const counts = async () => (await injectAs(app, admin, '/api/users/counts')).json()
  t.same(await counts(), { users: { unaccepted: 2, accepted: 1, staff: 0 }, documents: { unviewed: 0, viewed: 0 }, types: 0 })
  await injectAs(app, admin, { method: 'POST', url: `/api/users/accept/${a.id}` })
  t.same((await counts()).users, { unaccepted: 1, accepted: 2, staff: 0 })
  await injectAs(app, admin, { method: 'DELETE', url: `/api/users/profile/${b.id}` })
  t.same((await counts()).users, { unaccepted: 0, accepted: 2, staff: 0 })
  await injectAs(app, a, { method: 'DELETE', url: `/api/users/profile/${a.id}` })
  t.same((await counts()).users, { unaccepted: 0, accepted: 1, staff: 0 })
})

t.test('deleting a user leaves no file of theirs in UPLOAD_DIR, and no row', async (t) => {
  const { app, db, config } = shared
  const admin = sharedAdmin
  const client = await seedAccount(app, { accepted: true })
  const photos = () => filesIn(config.uploadDir, 'photos')
  const before = photos()
  const key = newKey('photos', 'webp')
  await app.ports.storage.write(key, Readable.from([Buffer.from('not really a photo')]))
  await db.updateTable('users').set({ profile_photo: JSON.stringify({ url: photoUrlFor(key) }) }).where('id', '=', client.id).execute()
  t.same(photos().sort(), [...before, key.slice('photos/'.length)].sort())
  t.equal((await injectAs(app, admin, { method: 'DELETE', url: `/api/users/profile/${client.id}` })).statusCode, 200)
  t.same(photos(), before, 'the photo file is gone')
  t.same(readdirSync(join(config.uploadDir, '.tmp')), [])
  for (const table of ['users', 'sessions', 'user_tokens'] as const) {
    const column = table === 'users' ? 'id' : 'user_id'
    t.equal((await db.selectFrom(table).select(column).where(column, '=', client.id).execute()).length, 0, `no ${table} row left`)
  }
})

t.test('deleting a user through the API removes their documents, their files and their photo, and no one else’s', async (t) => {
  const { app, db, config } = shared
  const admin = sharedAdmin
  const client = await seedAccount(app, { accepted: true })
  const other = await seedAccount(app, { accepted: true })
  const files = filesIn(config.uploadDir, 'documents').length
  const counts = async () => (await injectAs(app, admin, '/api/users/counts')).json().documents as { unviewed: number; viewed: number }
  const before = await counts()
  await uploadPdf(app, client, 'Bilan')
  await uploadPdf(app, client, 'Bilan')
  const kept = await uploadPdf(app, other, 'Bilan')
  t.equal(filesIn(config.uploadDir, 'documents').length, files + 3)
  t.equal((await injectAs(app, client, { method: 'DELETE', url: `/api/users/profile/${client.id}` })).statusCode, 200, 'by its owner')
  t.equal(filesIn(config.uploadDir, 'documents').length, files + 1, 'their two files are gone')
  t.same((await db.selectFrom('documents').select('id').where('user_id', 'in', [client.id, other.id]).execute()).map((row) => Number(row.id)), [kept], 'only the other user’s document remains')
  t.same(await counts(), { unviewed: before.unviewed + 1, viewed: before.viewed })
})
