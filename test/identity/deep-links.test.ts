// Issue 17, deep links: a visitor sent to /login by a protected address, back-office included (contract
// §8, issue 34), is taken back to it after logging in; only this site's paths are kept.
import t from 'tap'
import { ownPath } from '../../src/http/return-to.js'
import { identityApp, login, registerVerified, SHARED_APP_LIMITS, STRONG, uniqueEmail } from '../helpers/identity.js'

const { app, smtp } = await identityApp(t, { ...SHARED_APP_LIMITS, ADMIN_EMAIL: 'admin@cabinet.dz', ADMIN_PASSWORD: STRONG })

/** The `return-to` cookie a response sets ('' when it clears it), or undefined. */
function returnCookie(res: { headers: Record<string, unknown> }): string | undefined {
  const cookies = ([] as string[]).concat((res.headers['set-cookie'] as string | string[] | undefined) ?? [])
  const found = cookies.find((c) => c.startsWith('return-to='))
  return found === undefined ? undefined : decodeURIComponent(found.slice('return-to='.length).split(';')[0]!)
}

t.test('the guard keeps the address: /login from a user page and from a back-office page', async (t) => {
  const user = await app.inject('/files?request=12')
  t.same([user.statusCode, user.headers.location, returnCookie(user)], [303, '/login', '/files?request=12'])
  t.match(String(user.headers['set-cookie']), /HttpOnly/i)
  const admin = await app.inject('/admin-dashboard/requests?status=overdue')
  t.same([admin.statusCode, admin.headers.location, returnCookie(admin)], [303, '/login', '/admin-dashboard/requests?status=overdue'])
})

t.test('after the login, /login/continue goes to the address kept, once; without one, home; a visitor goes to /login', async (t) => {
  const email = uniqueEmail()
  await registerVerified(app, smtp, { email })
  const { cookie } = await login(app, email, STRONG)
  const back = await app.inject({ url: '/login/continue', headers: { cookie: `${cookie}; return-to=${encodeURIComponent('/files?request=12')}` } })
  t.same([back.statusCode, back.headers.location, returnCookie(back)], [303, '/files?request=12', ''], 'taken there, and the cookie is cleared')
  const home = await app.inject({ url: '/login/continue', headers: { cookie: cookie! } })
  t.same([home.statusCode, home.headers.location], [303, '/'])
  for (const kept of ['//evil.example/x', '/\\evil.example', 'https://evil.example/', '/login', '/api/auth/logout']) {
    const res = await app.inject({ url: '/login/continue', headers: { cookie: `${cookie}; return-to=${encodeURIComponent(kept)}` } })
    t.equal(res.headers.location, '/', `${kept} is not followed`)
  }
  const visitor = await app.inject('/login/continue')
  t.same([visitor.statusCode, visitor.headers.location], [303, '/login'])
})

t.test('a browser opening a document’s address without a session logs in first; a script still gets its 401', async (t) => {
  const navigation = await app.inject({ url: '/uploads/0123456789abcdef0123456789abcdef.pdf', headers: { 'sec-fetch-mode': 'navigate', accept: 'text/html' } })
  t.same([navigation.statusCode, navigation.headers.location, returnCookie(navigation)], [303, '/login', '/uploads/0123456789abcdef0123456789abcdef.pdf'])
  const download = await app.inject({ url: '/api/documents/download/7', headers: { 'sec-fetch-mode': 'navigate' } })
  t.same([download.statusCode, download.headers.location], [303, '/login'])
  const script = await app.inject('/api/documents/download/7')
  t.same([script.statusCode, script.json().code], [401, 'unauthenticated'])
})

t.test('only this site’s own paths are kept', async (t) => {
  t.equal(ownPath('/files?request=3#envoi'), '/files?request=3#envoi')
  for (const bad of ['//evil.example', '/\\evil.example', 'https://evil.example', 'files', '/a\nb', '/a b', '/\u2215evil', '/profil/é', '/login?x=1', '/logout', '/' + 'a'.repeat(2001), 42]) t.equal(ownPath(bad), undefined, String(bad).slice(0, 40))
})

t.test('a kept address a Location header cannot hold (a character past ASCII, set by a sibling site or a decoded parameter) is not followed: the login still ends at home', async (t) => {
  const email = uniqueEmail()
  await registerVerified(app, smtp, { email })
  const { cookie } = await login(app, email, STRONG)
  const res = await app.inject({ url: '/login/continue', headers: { cookie: `${cookie}; return-to=${encodeURIComponent('/\u2215evil')}` } })
  t.same([res.statusCode, res.headers.location, returnCookie(res)], [303, '/', ''], 'home, and the cookie cleared')
  const posted = await app.inject({ method: 'POST', url: '/users/profile/%E2%88%95', headers: { origin: 'http://portail.test', 'content-type': 'multipart/form-data; boundary=x' }, payload: '--x--\r\n' })
  t.not(posted.statusCode, 500, 'a visitor’s post to a profile address of any character is no error')
  t.equal(returnCookie(posted), '/users/profile/%E2%88%95', 'the address it keeps is the profile’s, encoded: a header can hold it')
})
