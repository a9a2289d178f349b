import t from 'tap'
import { identityApp, login, registerVerified, SHARED_APP_LIMITS, STRONG, uniqueEmail } from '../helpers/identity.js'

const PAGES = {
  user: ['/files', '/users/profile/1', '/users/profile/1?tab=docs'],
  admin: ['/admin-dashboard', '/admin-dashboard/new-users', '/admin-dashboard/documents/types', '/admin-dashboard/sub-admins'],
}

// One app for the file, with its administrator; each test registers an address of its own.
const { app, smtp, db } = await identityApp(t, { ...SHARED_APP_LIMITS, ADMIN_EMAIL: 'admin@cabinet.dz', ADMIN_PASSWORD: STRONG })

t.test('a visitor is sent to /login from user pages and from admin pages (contract §8, issue 34)', async (t) => {
  for (const url of PAGES.user) {
    const res = await app.inject(url)
    t.equal(res.statusCode, 303, url)
    t.equal(res.headers.location, '/login', url)
  }
  for (const url of PAGES.admin) {
    const res = await app.inject(url)
    t.equal(res.statusCode, 303, url)
    t.equal(res.headers.location, '/login', url)
  }
})

t.test('a user passes the user guard, not the admin one, and the session slides', async (t) => {
  const email = uniqueEmail()
  const id = await registerVerified(app, smtp, { email })
  const { cookie } = await login(app, email, STRONG)
  for (const url of PAGES.admin) {
    const res = await app.inject({ url, headers: { cookie: cookie! } })
    t.equal(res.headers.location, '/', url)
  }
  const page = await app.inject({ url: '/files', headers: { cookie: cookie! } })
  t.not(page.statusCode, 303, 'not redirected')
  t.notOk(page.headers.location)
  const session = await db.selectFrom('sessions').select('id').where('user_id', '=', id).executeTakeFirstOrThrow()
  const old = app.jwt.sign({ sid: session.id, sub: String(id), iat: Math.floor(Date.now() / 1000) - 2 * 3600 } as never)
  const slid = await app.inject({ url: '/users/profile/1', headers: { cookie: `session=${old}` } })
  t.match(String(slid.headers['set-cookie']), /^session=.+Max-Age=604800/, 'an old token is re-issued on a protected page')
})

t.test('an administrator passes the admin guard', async (t) => {
  const { cookie } = await login(app, 'admin@cabinet.dz', STRONG)
  t.ok(cookie)
  for (const url of PAGES.admin) {
    const res = await app.inject({ url, headers: { cookie: cookie! } })
    t.not(res.statusCode, 303, url)
  }
})

t.test('percent-encoded paths cannot slip past the guard', async (t) => {
  const cases: Array<[string, string]> = [['/%66iles', '/login'], ['/users/%70rofile/3', '/login'], ['/%61dmin-dashboard', '/login'], ['/admin-dashboard%2Fclients', '/login']]
  for (const [url, location] of cases) {
    const res = await app.inject(url)
    t.equal(res.statusCode, 303, url)
    t.equal(res.headers.location, location, url)
  }
})

t.test('public pages stay public', async (t) => {
  for (const url of ['/', '/services', '/users/1/verify/abc', '/nope']) {
    t.not((await app.inject(url)).statusCode, 303, url)
  }
})

t.test('logout is for a logged-in user: 401 without a session, then 401 once ended', async (t) => {
  const email = uniqueEmail()
  const anonymous = await app.inject({ method: 'POST', url: '/api/auth/logout' })
  t.equal(anonymous.statusCode, 401)
  t.same(anonymous.json(), { message: 'Veuillez vous connecter.', code: 'unauthenticated' })
  await registerVerified(app, smtp, { email })
  const { cookie } = await login(app, email, STRONG)
  t.equal((await app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie: cookie! } })).statusCode, 200)
  t.equal((await app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie: cookie! } })).statusCode, 401)
})
