import t from 'tap'
import type { InjectOptions } from 'fastify'
import { serializeError } from '../../src/logging.js'
import { buildTestApp } from '../helpers/app.js'

// One app for the whole file: its tests change nothing it keeps.
const { app } = await buildTestApp(t)

t.test('malformed JSON answers 400 in French, never 500', async (t) => {
  const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: '{"email":', headers: { 'content-type': 'application/json' } })
  t.equal(res.statusCode, 400)
  t.match(res.json().message, /^Requête invalide/)
})

t.test('an over-long or malformed address gets a French 4xx, page or JSON', async (t) => {
  const page = await app.inject('/users/1/verify/' + 'a'.repeat(150))
  t.equal(page.statusCode, 414)
  t.match(page.headers['content-type'], /text\/html/)
  t.match(page.body, /Adresse trop longue\./)
  const api = await app.inject('/api/password/1/' + 'a'.repeat(150))
  t.equal(api.statusCode, 414)
  t.same(api.json(), { message: 'Adresse trop longue.', code: 'validation' })
  const bad = await app.inject('/api/auth/%E0%A4%A/verify/x')
  t.equal(bad.statusCode, 400)
  t.same(bad.json(), { message: 'Adresse invalide.', code: 'validation' })
})

t.test('a cross-site state change is refused with 403', async (t) => {
  const byOrigin = await app.inject({ method: 'POST', url: '/theme', payload: { theme: 'dark' }, headers: { origin: 'https://evil.example' } })
  t.equal(byOrigin.statusCode, 403)
  t.match(byOrigin.headers['content-type'], /text\/html/, 'a page’s post: the error page')
  t.match(byOrigin.body, /origine non autorisée/)
  const api = await app.inject({ method: 'POST', url: '/api/auth/login', payload: {}, headers: { origin: 'https://evil.example' } })
  t.match([api.statusCode, api.json().message], [403, /origine non autorisée/], 'the API’s: JSON')
  const byFetchSite = await app.inject({ method: 'POST', url: '/theme', payload: { theme: 'dark' }, headers: { 'sec-fetch-site': 'cross-site' } })
  t.equal(byFetchSite.statusCode, 403)
  const same = await app.inject({ method: 'POST', url: '/theme', payload: { theme: 'dark' }, headers: { origin: 'http://localhost:3000' } })
  t.equal(same.statusCode, 303)
  // Under Referrer-Policy: no-referrer a browser's own form POST carries Origin: null.
  const ownForm = await app.inject({ method: 'POST', url: '/theme', payload: { theme: 'dark' }, headers: { origin: 'null', 'sec-fetch-site': 'same-origin' } })
  t.equal(ownForm.statusCode, 303, 'Origin: null vouched for by Sec-Fetch-Site: same-origin')
  for (const site of [undefined, 'cross-site', 'same-site']) {
    const headers: Record<string, string> = { origin: 'null', ...(site ? { 'sec-fetch-site': site } : {}) }
    const res = await app.inject({ method: 'POST', url: '/theme', payload: { theme: 'dark' }, headers })
    t.equal(res.statusCode, 403, `Origin: null with Sec-Fetch-Site ${site ?? 'absent'}`)
  }
})

t.test('security headers are set on pages', async (t) => {
  const res = await app.inject('/')
  t.match(String(res.headers['content-security-policy']), /frame-ancestors 'none'/)
  t.match(String(res.headers['content-security-policy']), /object-src 'none'/)
  t.equal(res.headers['x-content-type-options'], 'nosniff')
  t.equal(res.headers['cache-control'], 'no-store')
})

t.test('the OpenAPI document is generated', async (t) => {
  const res = await app.inject('/api/openapi.json')
  t.equal(res.statusCode, 200)
  t.equal(res.json().openapi.slice(0, 2), '3.')
})

t.test('a database error is logged without its statement and values', async (t) => {
  const error = Object.assign(new Error("Duplicate entry"), { code: 'ER_DUP_ENTRY', sql: "insert into users values ('$argon2id$v=19$secret')", sqlMessage: "Duplicate entry 'a@b.dz'" })
  const logged = serializeError(error)
  t.equal(logged.message, 'Duplicate entry')
  t.equal(logged.code, 'ER_DUP_ENTRY')
  t.notOk('sql' in logged)
  t.notOk('sqlMessage' in logged)
  t.notMatch(JSON.stringify(logged), /argon2id/)
})

t.test('every error answer carries a stable code beside its French message (contract §8)', async (t) => {
  const cases: Array<[string, InjectOptions, number, string]> = [
    ['unknown address', { url: '/api/nothing-here' }, 404, 'not_found'],
    ['no session', { url: '/api/auth/sessions' }, 401, 'unauthenticated'],
    ['missing field', { method: 'POST', url: '/api/auth/login', payload: {} }, 400, 'validation'],
    ['another site', { method: 'POST', url: '/api/auth/login', payload: {}, headers: { origin: 'https://evil.example' } }, 403, 'forbidden'],
    ['wrong media type', { method: 'POST', url: '/api/auth/login', payload: 'x', headers: { 'content-type': 'text/csv' } }, 415, 'unsupported_type'],
  ]
  for (const [what, request, status, code] of cases) {
    const res = await app.inject(request)
    t.equal(res.statusCode, status, what)
    t.equal(res.json().code, code, what)
    t.match(res.json().message, /\S/, `${what}: the French message stays`)
  }
  const spec = (await app.inject('/api/openapi.json')).json()
  const login = spec.paths['/api/auth/login'].post.responses['400'].content['application/json'].schema
  t.equal(login.$ref, '#/components/schemas/Error')
  t.ok(spec.components.schemas.Error.required.includes('code'), 'the OpenAPI document names the code')
})
