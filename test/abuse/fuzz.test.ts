// Issue 9 ("Must show"): generated paths, headers and bodies to every /api route, as a visitor, a client and
// an administrator. Whatever comes in: never a 5xx, errors are a French {message}, never a stack trace.
import fc from 'fast-check'
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify'
import t, { type Test } from 'tap'
import { errorCodeOf } from '../../src/http/errors.js'
import { buildTestApp } from '../helpers/app.js'
import { injectAs, seedAccount, type SeededAccount } from '../helpers/accounts.js'
import { addType, uploadPdf } from '../documents/fixtures.js'

/** Requests per persona; FUZZ_RUNS raises it for a longer local run. */
const RUNS = Number(process.env.FUZZ_RUNS ?? 1000)

/** Typical framework or library English; none of it may reach a client. */
const ENGLISH = /\b(must|should|Unsupported|Invalid|Bad Request|Not Found|Internal Server Error|Unauthorized|Forbidden|body|required|expected|Error|undefined|null|NaN)\b/
const STACK = /\n\s+at |\bat [\w.<>]+ \(|(?:\/[\w.-]+){2,}\.(?:ts|js|tsx):\d+|node_modules|node:internal/

interface Route {
  method: string
  path: string
  /** The statuses its OpenAPI operation documents (contract §8: every status it answers). */
  statuses: string[]
}

/** Every documented /api route, from the app's own OpenAPI document. */
async function apiRoutes(app: FastifyInstance): Promise<Route[]> {
  const document = (await app.inject('/api/openapi.json')).json() as { paths: Record<string, Record<string, { responses: Record<string, unknown> }>> }
  return Object.entries(document.paths).flatMap(([path, operations]) => Object.entries(operations).map(([method, operation]) => ({ method: method.toUpperCase(), path, statuses: Object.keys(operation.responses) })))
}

const FIELDS = ['email', 'text', 'password', 'confirmPassword', 'oldPassword', 'newPassword', 'username', 'entreprise', 'telephone', 'message', 'name', 'type', 'typeName', 'userId', 'description', 'token', 'isAccepted', 'isAdmin', '__proto__', 'constructor']

const text = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.constantFrom('', ' ', 'é', 'علي', '0551234567', 'a@b.dz', 'client@example.dz', 'Zt9#qLm2vR', '%00', '../..', '<script>', "' or 1=1 --", '9'.repeat(30), 'a'.repeat(300)),
  fc.emailAddress(),
)
const scalar = fc.oneof(text, fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }).map(String))
const value = fc.oneof({ depthSize: 'small' }, scalar, fc.array(scalar, { maxLength: 3 }), fc.dictionary(fc.string({ maxLength: 5 }), scalar, { maxKeys: 3 }))
const fields = fc.dictionary(fc.oneof(fc.constantFrom(...FIELDS), fc.string({ maxLength: 8 })), value, { maxKeys: 8 })

const segment = fc.oneof(
  fc.nat({ max: 5 }).map(String),
  fc.integer().map(String),
  fc.constantFrom('0', '-1', '1.5', '1e3', '99999999999999999999', 'abc', '%2e%2e', '%E0%A4%A', '%00', '..', 'null', 'a'.repeat(200), '0x10'),
  fc.string({ maxLength: 20 }).map(encodeURIComponent),
)

const ASCII_HEADER = fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)), maxLength: 60 })
const contentType = fc.constantFrom(
  'application/json',
  'application/json; charset=utf-8',
  'application/x-www-form-urlencoded',
  'text/plain',
  'multipart/form-data; boundary=fuzz',
  'multipart/form-data',
  'application/xml',
  'application/json; charset=latin1',
  'application/vnd.api+json',
)

interface Generated {
  route: number
  params: string[]
  method?: string
  query: Record<string, string>
  rawQuery?: string
  contentType?: string
  body?: string
  headers: Record<string, string>
  extraSegment?: string
}

function bodyFor(type: string | undefined) {
  if (type?.includes('json')) return fc.oneof(fields.map((f) => JSON.stringify(f)), value.map((v) => JSON.stringify(v)), fc.string({ maxLength: 30 }))
  if (type?.includes('urlencoded')) return fields.map((f) => new URLSearchParams(Object.entries(f).map(([k, v]) => [k, typeof v === 'string' ? v : (JSON.stringify(v) ?? '')])).toString())
  if (type?.startsWith('multipart')) {
    const part = fc.record({ name: fc.constantFrom(...FIELDS, 'file', 'image'), filename: fc.option(fc.constantFrom('a.pdf', 'x.png', '../../etc/passwd', 'é.docx'), { nil: undefined }), content: fc.string({ maxLength: 60 }) })
    return fc.oneof(
      fc.array(part, { maxLength: 4 }).map((parts) => parts.map((p) => `--fuzz\r\nContent-Disposition: form-data; name="${p.name}"${p.filename ? `; filename="${p.filename}"` : ''}\r\n\r\n${p.content}\r\n`).join('') + '--fuzz--\r\n'),
      fc.string({ maxLength: 60 }),
    )
  }
  return fc.string({ maxLength: 60 })
}

/** `arbitrary` once in `every` requests, else nothing. */
const rarely = <T>(arbitrary: fc.Arbitrary<T>, every = 8) =>
  fc.oneof({ weight: every - 1, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary })

function requestArbitrary(routes: Route[]): fc.Arbitrary<Generated> {
  return fc
    .record({
      route: fc.nat({ max: routes.length - 1 }),
      params: fc.array(segment, { minLength: 3, maxLength: 3 }),
      method: rarely(fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS')),
      query: fc.dictionary(fc.oneof(fc.constantFrom('q', 'from', 'to', 'page', 'pageSize'), fc.string({ maxLength: 6 })), fc.oneof(text, fc.integer().map(String), fc.constantFrom('2026-02-30', '2026-13-01', '0', '-5', '1e9', '')), { maxKeys: 4 }),
      rawQuery: rarely(fc.constantFrom('q=%ZZ', 'page=1&page=2', 'pageSize[]=1', 'q[a]=1', '=&&=', '__proto__[x]=1'), 6),
      contentType: fc.oneof({ weight: 1, arbitrary: fc.constant(undefined) }, { weight: 6, arbitrary: contentType }, { weight: 1, arbitrary: ASCII_HEADER }),
      headers: fc.record(
        {
          origin: fc.constantFrom('http://localhost:3000', 'http://localhost:3000', 'http://localhost:3000', 'https://evil.example', 'null'),
          'x-forwarded-for': fc.oneof(fc.ipV4(), ASCII_HEADER),
          accept: fc.constantFrom('application/json', 'text/html', '*/*', 'image/png'),
          'accept-language': ASCII_HEADER,
          'content-encoding': fc.constantFrom('gzip', 'br', 'identity'),
        },
        { requiredKeys: [] },
      ),
      extraSegment: rarely(segment, 12),
    })
    .chain((generated) => bodyFor(generated.contentType).map((body) => ({ ...generated, body: generated.contentType === undefined && body.length % 3 ? undefined : body })))
}

function toInject(generated: Generated, routes: Route[]): InjectOptions {
  const route = routes[generated.route]!
  let index = 0
  let path = route.path.replace(/\{[^}]+\}/g, () => generated.params[index++ % 3]!)
  if (generated.extraSegment !== undefined) path += `/${generated.extraSegment}`
  const query = [new URLSearchParams(generated.query).toString(), generated.rawQuery].filter(Boolean).join('&')
  const headers: Record<string, string> = { ...generated.headers }
  if (generated.contentType !== undefined) headers['content-type'] = generated.contentType
  return { method: (generated.method ?? route.method) as 'GET', url: query ? `${path}?${query}` : path, headers, ...(generated.body !== undefined ? { payload: generated.body } : {}) }
}

/** The contract's answer rules (§2), with the request and answer in the failure to reproduce it. */
function checkAnswer(request: InjectOptions, res: LightMyRequestResponse) {
  const fail = (why: string) => {
    throw new Error(`${why}\n  request: ${JSON.stringify(request)}\n  answer: ${res.statusCode} ${res.headers['content-type']} ${res.body.slice(0, 500)}`)
  }
  if (res.statusCode >= 500) fail('a 5xx')
  if (STACK.test(res.body)) fail('a stack trace or file path')
  // A path of dots can resolve outside /api (`/api/password/../..` is `/`): pages answer errors in HTML.
  if (res.statusCode < 400 || !new URL(String(request.url), 'http://x').pathname.startsWith('/api')) return
  if (!String(res.headers['content-type']).startsWith('application/json')) fail('an error that is not JSON')
  let body: unknown
  try {
    body = res.json()
  } catch {
    fail('an error body that does not parse')
  }
  const message = (body as { message?: unknown }).message
  if (typeof message !== 'string' || message.length === 0) fail('an error without a message')
  if (Object.keys(body as object).some((key) => key !== 'message' && key !== 'code' && key !== 'field')) fail('an error with more than {message, code, field}')
  const field = (body as { field?: unknown }).field
  if (field !== undefined && (typeof field !== 'string' || field.length === 0)) fail('an error whose field is not a name')
  const code = (body as { code?: unknown }).code
  if (code !== errorCodeOf(res.statusCode)) fail(`an error whose code is not its status's (${String(code)})`)
  if (ENGLISH.test(message as string)) fail('an English message')
}

const stats = new Map<string, number>()
t.teardown(() => {
  if (process.env.FUZZ_STATS) console.error([...stats].sort((a, b) => b[1] - a[1]).map(([k, n]) => `${n}\t${k}`).join('\n'))
})

async function fuzz(t: Test, persona: 'visitor' | 'client' | 'admin') {
  const limits = { RATE_LIMIT_LOGIN_ACCOUNT: '1000000', RATE_LIMIT_LOGIN_IP: '1000000', RATE_LIMIT_REGISTER_IP: '1000000', RATE_LIMIT_TOKEN_IP: '1000000', RATE_LIMIT_CONTACT_IP: '1000000' }
  const { app } = await buildTestApp(t, limits)
  const routes = (await apiRoutes(app)).filter((route) => persona === 'visitor' || route.path !== '/api/auth/logout')
  t.ok(routes.length >= 20, `${routes.length} routes`)
  const account: SeededAccount | null = persona === 'visitor' ? null : await seedAccount(app, { admin: persona === 'admin', accepted: true })
  // Some documents and types to hit, so ids in the generated paths often exist.
  const admin = persona === 'admin' ? account : await seedAccount(app, { admin: true })
  for (const typeName of ['Bilan', 'Facture']) await addType(app, admin!, typeName)
  t.equal((await injectAs(app, null, '/api/documents/types')).headers['x-total-count'], '2', 'the types exist')
  const owner = persona === 'client' ? account! : await seedAccount(app, { accepted: true })
  await uploadPdf(app, owner, 'Bilan')
  const undocumented = new Map<string, string>()
  await fc.assert(
    fc.asyncProperty(requestArbitrary(routes), async (generated) => {
      const request = toInject(generated, routes)
      const res = await injectAs(app, account, request)
      if (process.env.FUZZ_STATS) stats.set(`${res.statusCode} ${res.statusCode < 300 ? '' : res.body.slice(0, 70)}`, (stats.get(`${res.statusCode} ${res.statusCode < 300 ? '' : res.body.slice(0, 70)}`) ?? 0) + 1)
      checkAnswer(request, res)
      if (reachesItsRoute(generated, routes) && !routes[generated.route]!.statuses.includes(String(res.statusCode))) {
        const key = `${routes[generated.route]!.method} ${routes[generated.route]!.path} ${res.statusCode}`
        undocumented.set(key, `${JSON.stringify(request)} → ${res.body.slice(0, 200)}`)
      }
    }),
    { numRuns: RUNS },
  )
  t.same([...undocumented.keys()], [], 'every status a route answered is in its OpenAPI operation')
  if (undocumented.size > 0) t.comment([...undocumented].map(([key, example]) => `${key}: ${example}`).join('\n'))
}

/** A request sure to reach the route it was generated for: its method, plain numbers as parameters, no extra segment. */
function reachesItsRoute(generated: Generated, routes: Route[]): boolean {
  const used = routes[generated.route]!.path.split('{').length - 1
  return generated.method === undefined && generated.extraSegment === undefined && generated.params.slice(0, used).every((param) => /^[1-5]$/.test(param))
}

t.test('fuzz as a visitor', (t) => fuzz(t, 'visitor'))
t.test('fuzz as an accepted client', (t) => fuzz(t, 'client'))
t.test('fuzz as an administrator', (t) => fuzz(t, 'admin'))
