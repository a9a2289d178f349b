// Issue 14, contract §5: Redis down degrades limits to each instance's memory, logged as a warning
// (once, and again when it answers), never fails a request or the health check, and the instance
// goes back to Redis by itself.
import t from 'tap'
import type { FastifyInstance } from 'fastify'
import { freePort } from '../../scripts/bench/server.js'
import { instances } from '../helpers/instances.js'
import { logSink, redisProxy, testRedis } from '../helpers/redis.js'

const UNAVAILABLE = /^Redis unavailable/
const BACK = /^Redis answers again/

const login = (app: FastifyInstance, email: string, remoteAddress = '198.51.100.7') =>
  app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: 'Wrong#Pass1' }, remoteAddress })

async function until(what: string, condition: () => boolean | Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

t.test('Redis unreachable at start: the instance starts, warns once, limits count in its memory, healthz 200', async (t) => {
  const closed = await freePort()
  const log = logSink()
  const another = await instances(t, { REDIS_URL: `redis://:s3cret-pass@127.0.0.1:${closed}/2`, RATE_LIMIT_LOGIN_ACCOUNT: '3', RATE_LIMIT_LOGIN_IP: '6' })
  const app = await another({}, { logger: { stream: log.stream, level: 'info' } })
  for (let i = 0; i < 3; i++) t.equal((await login(app, 'victim@example.dz')).statusCode, 400, `failure ${i + 1} answered`)
  t.equal((await login(app, 'victim@example.dz')).statusCode, 429, 'the login lock holds, in memory')
  for (let i = 0; i < 2; i++) t.not((await login(app, `other${i}@example.dz`)).statusCode, 429)
  const limited = await login(app, 'yet-another@example.dz')
  t.equal(limited.statusCode, 429, 'the per-IP limit holds, in memory')
  t.ok(Number(limited.headers['retry-after']) > 0)
  t.equal((await app.inject('/healthz')).statusCode, 200)
  await new Promise((resolve) => setTimeout(resolve, 1500)) // reconnection attempts go on meanwhile
  const warnings = log.warnings(UNAVAILABLE)
  t.equal(warnings.length, 1, 'one warning, however many attempts failed')
  t.match(warnings[0], { redis: `redis://:***@127.0.0.1:${closed}/2` }, 'the password is masked')
  t.match(warnings[0], { err: { code: 'ECONNREFUSED' } }, 'the refusal ended the wait, not the start-up timeout')
  t.notOk(JSON.stringify(log.lines).includes('s3cret-pass'), 'nowhere in the log')
})

t.test('Redis cut, then back: answered throughout, one warning each way, counts in Redis again', async (t) => {
  const { keys, prefix } = await testRedis(t, 'down-cut')
  const proxy = await redisProxy(t)
  const log = logSink()
  const another = await instances(t, { REDIS_URL: proxy.url, REDIS_PREFIX: prefix, RATE_LIMIT_LOGIN_ACCOUNT: '3', RATE_LIMIT_LOGIN_IP: '1000' })
  const app = await another({}, { logger: { stream: log.stream, level: 'info' } })
  t.equal((await login(app, 'first@example.dz')).statusCode, 400)
  t.ok((await keys()).some((key) => key.startsWith(`${prefix}attempts:`)), 'counted in Redis while it answers')
  t.ok((await keys()).some((key) => key.startsWith(`${prefix}rate:`)), 'the per-IP counter too')

  await proxy.down()
  for (let i = 0; i < 3; i++) t.equal((await login(app, 'victim@example.dz')).statusCode, 400, `failure ${i + 1} answered while Redis is away`)
  t.equal((await login(app, 'victim@example.dz')).statusCode, 429, 'the lock still holds, in this instance’s memory')
  t.equal((await app.inject('/healthz')).statusCode, 200, 'healthz stays 200')
  t.equal((await app.inject('/login')).statusCode, 200, 'pages are served')
  t.equal(log.warnings(UNAVAILABLE).length, 1, 'one warning')

  await proxy.up()
  await until('back to Redis', () => log.warnings(BACK).length === 1)
  const before = (await keys()).length
  t.equal((await login(app, 'after@example.dz')).statusCode, 400)
  t.ok((await keys()).length > before, 'counted in Redis again')
  t.equal(log.warnings(UNAVAILABLE).length, 1, 'still one warning of the outage')
})

t.test('Redis hanging: a request waits one command timeout at most, then the instance counts in memory until Redis answers', async (t) => {
  const { prefix } = await testRedis(t, 'down-hang')
  const proxy = await redisProxy(t)
  const log = logSink()
  const another = await instances(t, { REDIS_URL: proxy.url, REDIS_PREFIX: prefix, RATE_LIMIT_LOGIN_ACCOUNT: '3' })
  const app = await another({}, { logger: { stream: log.stream, level: 'info' } })
  t.equal((await login(app, 'first@example.dz')).statusCode, 400)

  proxy.freeze()
  let started = Date.now()
  t.equal((await login(app, 'victim@example.dz')).statusCode, 400, 'answered')
  t.ok(Date.now() - started < 10_000, `answered, not held (${Date.now() - started} ms)`)
  t.equal(log.warnings(UNAVAILABLE).length, 1, 'warned')
  started = Date.now()
  for (let i = 0; i < 2; i++) t.equal((await login(app, 'victim@example.dz')).statusCode, 400)
  t.equal((await login(app, 'victim@example.dz')).statusCode, 429, 'counted in memory')
  // Ten more requests: waiting for Redis would take ten command timeouts (5 s); a busy machine answers them far sooner.
  for (let i = 0; i < 10; i++) t.equal((await login(app, 'victim@example.dz')).statusCode, 429)
  t.ok(Date.now() - started < 13 * 500, `later requests do not wait for Redis: thirteen in less than thirteen timeouts (${Date.now() - started} ms)`)
  t.equal((await app.inject('/healthz')).statusCode, 200)

  await proxy.up()
  await until('back to Redis', () => log.warnings(BACK).length === 1)
  t.equal((await login(app, 'after@example.dz')).statusCode, 400)
})
