// Issue 14, contract §5: two instances given the same REDIS_URL count limits and locks together.
import t from 'tap'
import type { FastifyInstance } from 'fastify'
import { seedAccount, SEED_PASSWORD } from '../helpers/accounts.js'
import { twoInstances } from '../helpers/instances.js'
import { testRedis, TEST_REDIS_URL } from '../helpers/redis.js'

const login = (app: FastifyInstance, email: string, password: string, remoteAddress = '198.51.100.7') =>
  app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress })

t.test('the login lock counts failures made through both instances', async (t) => {
  const { prefix } = await testRedis(t, 'shared-lock')
  const { a, b } = await twoInstances(t, { REDIS_URL: TEST_REDIS_URL, REDIS_PREFIX: prefix, RATE_LIMIT_LOGIN_ACCOUNT: '4' })
  const account = await seedAccount(a, { accepted: true })
  for (let i = 0; i < 4; i++) t.equal((await login(i % 2 ? b : a, account.email, 'Wrong#Pass1')).statusCode, 400, `failure ${i + 1} through ${i % 2 ? 'B' : 'A'}`)
  for (const [name, app] of [['A', a], ['B', b]] as const) {
    const refused = await login(app, account.email, SEED_PASSWORD)
    t.equal(refused.statusCode, 429, `${name} refuses even the right password: two failures on each made four`)
    t.ok(Number(refused.headers['retry-after']) > 0)
  }
})

t.test('a success through one instance clears the failures counted through the other', async (t) => {
  const { prefix } = await testRedis(t, 'shared-clear')
  const { a, b } = await twoInstances(t, { REDIS_URL: TEST_REDIS_URL, REDIS_PREFIX: prefix, RATE_LIMIT_LOGIN_ACCOUNT: '4' })
  const account = await seedAccount(a, { accepted: true })
  for (let i = 0; i < 3; i++) await login(a, account.email, 'Wrong#Pass1')
  t.equal((await login(b, account.email, SEED_PASSWORD)).statusCode, 200, 'B lets the owner in (3 of 4)')
  for (let i = 0; i < 3; i++) t.equal((await login(a, account.email, 'Wrong#Pass1')).statusCode, 400, `A counts from zero again (${i + 1})`)
})

t.test('a per-IP limit counts requests made through both instances, per route and per address', async (t) => {
  const { prefix } = await testRedis(t, 'shared-ip')
  const { a, b } = await twoInstances(t, { REDIS_URL: TEST_REDIS_URL, REDIS_PREFIX: prefix, RATE_LIMIT_LOGIN_IP: '5', RATE_LIMIT_TOKEN_IP: '3' })
  for (let i = 0; i < 5; i++) t.not((await login(i % 2 ? b : a, `someone${i}@example.dz`, 'Wrong#Pass1')).statusCode, 429, `login ${i + 1}`)
  for (const [name, app] of [['A', a], ['B', b]] as const) {
    const limited = await login(app, 'another@example.dz', 'Wrong#Pass1')
    t.equal(limited.statusCode, 429, `the sixth login from this address is refused by ${name}`)
    t.match(limited.json().message, /Trop de tentatives/)
    t.ok(Number(limited.headers['retry-after']) > 0, 'Retry-After')
  }
  t.not((await login(b, 'another@example.dz', 'Wrong#Pass1', '198.51.100.8')).statusCode, 429, 'another address is not limited')
  const forgot = (app: FastifyInstance) => app.inject({ method: 'POST', url: '/api/password', payload: { email: 'x@example.dz' }, remoteAddress: '198.51.100.7' })
  for (let i = 0; i < 3; i++) t.not((await forgot(i % 2 ? a : b)).statusCode, 429, `another route counts on its own (${i + 1})`)
  t.equal((await forgot(a)).statusCode, 429)
})

t.test('without REDIS_URL each instance counts alone (the default, one instance)', async (t) => {
  const { a, b } = await twoInstances(t, { RATE_LIMIT_LOGIN_IP: '2' })
  for (const app of [a, a, b, b]) t.not((await login(app, 'x@example.dz', 'Wrong#Pass1')).statusCode, 429)
  t.equal((await login(a, 'x@example.dz', 'Wrong#Pass1')).statusCode, 429)
})
