// Issue 8: the security headers are computed once instead of by helmet on every request. They must
// be what @fastify/helmet (enableCSPNonces) gave, and a nonce must still be made per response,
// only for a response that uses one; a response that uses none gets the same policy without nonces.
import { createElement, Suspense, use } from 'react'
import Fastify, { type FastifyInstance } from 'fastify'
import cookie from '@fastify/cookie'
import fastifyHelmet from '@fastify/helmet'
import t from 'tap'
import { nonceHex, precomputeSecurityHeaders, securityOptions } from '../../src/http/security-headers.js'
import { page } from '../../src/render/page.js'
import { useRenderContext } from '../../src/render/context.js'
import { bareRenderer } from '../helpers/renderer.js'
import { injectAs, seedAccount } from '../helpers/accounts.js'
import { buildTestApp } from '../helpers/app.js'

const NONCE = /'nonce-[0-9a-f]{32}'/g
const SERVER_HEADERS = new Set(['date', 'connection', 'keep-alive', 'content-length', 'content-type', 'transfer-encoding', 'cache-control', 'vary', 'set-cookie', 'content-encoding'])
type Headers = Record<string, unknown>

/** @fastify/helmet as the portal registered it before issue 8, answering one page that uses the nonce. */
async function reference(t: { teardown: (fn: () => unknown) => void }, options: ReturnType<typeof securityOptions>): Promise<FastifyInstance> {
  const app = Fastify()
  // helmet's ESM and CommonJS typings differ in name only.
  await app.register(fastifyHelmet, { enableCSPNonces: true, ...options } as never)
  app.get('/', async (_request, reply) => reply.type('text/html').send(`<script nonce="${reply.cspNonce.script}"></script>`))
  t.teardown(() => app.close())
  return app
}

function securityOf(headers: Headers): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !SERVER_HEADERS.has(name)).map(([name, value]) => [name, String(value)]))
}

const withoutNonces = (policy: string) => policy.replace(/ 'nonce-[0-9a-f]{32}'/g, '')

// One app for the file: its tests read pages as visitors or accounts of their own.
const { app, config } = await buildTestApp(t)

t.test('the headers computed once are the ones @fastify/helmet set, in every configuration', async (t) => {
  for (const viteDev of [false, true]) {
    for (const secureCookies of [false, true]) {
      const options = securityOptions({ viteDev, secureCookies })
      const expected = (await (await reference(t, options)).inject('/')).headers
      const computed = precomputeSecurityHeaders(options)
      const nonces = { script: 'a'.repeat(32), style: 'b'.repeat(32) }
      const ours: Headers = Object.fromEntries(computed.fixed.map(([name, value]) => [name.toLowerCase(), value]))
      const policy = computed.policyWith(nonces)!
      ours[policy[0].toLowerCase()] = policy[1]
      const normalise = (headers: Headers) => ({ ...securityOf(headers), 'content-security-policy': String(headers['content-security-policy']).replace(NONCE, "'nonce-N'") })
      t.same(normalise(ours), normalise(expected), `viteDev ${viteDev}, secureCookies ${secureCookies}: with nonces`)
      t.match(policy[1], `script-src 'self' 'nonce-${nonces.script}'`)
      t.match(policy[1], `'nonce-${nonces.style}'`)
      t.equal(computed.policy?.[1], withoutNonces(String(expected['content-security-policy'])), 'without nonces: the same policy less them')
      t.equal(Object.keys(securityOf(ours)).length, Object.keys(securityOf(expected)).length)
    }
  }
})

t.test('the portal answers with those headers; a page rendered per request without an inline script makes no nonce', async (t) => {
  const expected = securityOf((await (await reference(t, securityOptions(config))).inject('/')).headers)
  const plain = { ...expected, 'content-security-policy': withoutNonces(expected['content-security-policy']!) }
  const account = await seedAccount(app, { accepted: true })
  for (const res of [await injectAs(app, account, '/'), await injectAs(app, account, '/files')]) {
    t.equal(res.statusCode, 200)
    t.same(securityOf(res.headers), plain, 'the same headers, the policy naming no nonce')
    t.notMatch(res.body, /nonce=/, 'and the page uses none: its scripts are files')
  }
  for (const url of ['/', '/healthz', '/robots.txt', '/api/nowhere']) {
    const res = await app.inject(url)
    t.same(securityOf(res.headers), plain, `${url}: the same headers, the policy without nonces`)
  }
})

t.test('a page rendered per request that holds an inline script gets a nonce of its own, named by its policy', async (t) => {
  const bare = await bareRenderer(t)
  const Inline = page({ title: 'Script', description: 'Une page avec un script en ligne.' }, function Inline() {
    return createElement('script', { nonce: useRenderContext().nonce, dangerouslySetInnerHTML: { __html: 'void 0' } })
  })
  bare.get('/', (_request, reply) => reply.render(Inline, {}))
  const seen = new Set<string>()
  for (let i = 0; i < 2; i++) {
    const res = await bare.inject('/')
    const policy = String(res.headers['content-security-policy'])
    const [script, style] = [...policy.matchAll(/'nonce-([0-9a-f]{32})'/g)].map((m) => m[1]!)
    t.ok(script && style, 'script and style nonces')
    t.match(res.body, `<script nonce="${script}">void 0</script>`, 'the script carries the nonce its policy names')
    seen.add(script!).add(style!)
  }
  t.equal(seen.size, 4, 'every nonce differs')
})

t.test('nonces are 128 random bits, never handed out twice, past the pool\'s refill', async (t) => {
  const seen = new Set<string>()
  for (let i = 0; i < 1000; i++) {
    const nonce = nonceHex()
    t.match(nonce, /^[0-9a-f]{32}$/)
    seen.add(nonce)
  }
  t.equal(seen.size, 1000)
})


t.test('a page without Suspense is sent in one piece; one that suspends is still streamed', async (t) => {
  const account = await seedAccount(app, { accepted: true })
  const whole = await injectAs(app, account, '/services')
  t.equal(whole.statusCode, 200)
  t.equal(whole.headers['content-length'], String(whole.rawPayload.length), 'one piece, with its length')
  t.notOk(whole.headers['transfer-encoding'])
  t.match(whole.body, /^<!DOCTYPE html><html lang="fr" data-theme="light">/)

  const bare = await bareRenderer(t)
  const later = Promise.resolve('arrivé plus tard')
  function Late() {
    return createElement('p', null, use(later))
  }
  const Suspending = page({ title: 'Attente', description: 'Une page qui attend.' }, () =>
    createElement(Suspense, { fallback: createElement('p', null, 'en attente') }, createElement(Late)),
  )
  bare.get('/', (_request, reply) => reply.render(Suspending, {}))
  const streamed = await bare.inject('/')
  t.equal(streamed.statusCode, 200)
  t.notOk(streamed.headers['content-length'], 'streamed')
  t.match(streamed.body, /^<!DOCTYPE html>/)
  t.match(streamed.body, '<!--$--><p>arrivé plus tard</p><!--/$-->', 'the boundary finished on the server, not left to the browser')
})
