// Issue 14: the attempt limiter's Redis driver keeps the memory driver's semantics (the same cases as
// test/identity/abuse.test.ts and limits-and-mail.test.ts), atomically across connections.
import t from 'tap'
import { Redis } from 'ioredis'
import { fixedClock } from '../../src/clock/clock.js'
import type { AttemptLimiter, AttemptPolicy } from '../../src/limits/attempt-limiter.js'
import { memoryAttemptLimiter } from '../../src/limits/memory-attempts.js'
import { redisAttemptLimiter } from '../../src/limits/redis.js'
import { TEST_REDIS_URL, testRedis } from '../helpers/redis.js'

const QUARTER = 15 * 60_000

t.test('the window slides, a release uncounts that attempt, a success clears the key', async (t) => {
  const { client, prefix } = await testRedis(t, 'attempts-window')
  const clock = fixedClock(new Date(0))
  const failures = redisAttemptLimiter({ client, prefix, clock })
  const policy = { max: 2, windowMs: 1000 }
  await failures.begin('a', policy)
  clock.set(new Date(500))
  await failures.begin('a', policy)
  clock.set(new Date(600))
  t.equal((await failures.begin('a', policy)).wait, 400)
  clock.set(new Date(1001))
  const next = await failures.begin('a', policy)
  t.equal(next.wait, 0, 'the oldest failure left the window')
  await next.release()
  clock.set(new Date(1100))
  await failures.begin('a', policy)
  await failures.clear('a')
  clock.set(new Date(1200))
  t.equal((await failures.begin('a', policy)).wait, 0)
})

t.test('a release removes exactly its own attempt, even among attempts of the same millisecond', async (t) => {
  const { client, prefix } = await testRedis(t, 'attempts-release')
  const clock = fixedClock(new Date(10_000))
  const failures = redisAttemptLimiter({ client, prefix, clock })
  const policy = { max: 3, windowMs: 1000 }
  const first = await failures.begin('k', policy)
  await failures.begin('k', policy)
  await failures.begin('k', policy)
  t.ok((await failures.begin('k', policy)).wait > 0, 'three counted: locked')
  await first.release()
  await first.release()
  t.equal((await failures.begin('k', policy)).wait, 0, 'one place freed by the release…')
  t.ok((await failures.begin('k', policy)).wait > 0, '…and only one, however often it is released')
  const refused = await failures.begin('k', policy)
  await refused.release()
  t.ok((await failures.begin('k', policy)).wait > 0, 'releasing a refused attempt frees nothing')
})

t.test('finding 2: flooding 10,098 other addresses leaves a locked account locked', async (t) => {
  const { client, prefix } = await testRedis(t, 'attempts-flood')
  const clock = fixedClock(new Date(1_000_000))
  const failures = redisAttemptLimiter({ client, prefix, clock })
  const policy = { max: 10, windowMs: QUARTER }
  for (let i = 0; i < 10; i++) await failures.begin('victim@example.dz', policy)
  clock.advance(20)
  t.ok((await failures.begin('victim@example.dz', policy)).wait > 0, 'locked')
  for (let batch = 0; batch < 10_098; batch += 500) {
    await Promise.all(Array.from({ length: Math.min(500, 10_098 - batch) }, (_, i) => failures.begin(`x${batch + i}@example.dz`, policy)))
  }
  clock.advance(20_000)
  t.ok((await failures.begin('victim@example.dz', policy)).wait > 0, 'still locked after the flood')
  clock.advance(QUARTER)
  t.equal((await failures.begin('victim@example.dz', policy)).wait, 0, 'unlocked once the window passed')
})

t.test('check and count are one step: 60 parallel attempts over two connections count exactly max', async (t) => {
  const { client, prefix } = await testRedis(t, 'attempts-atomic')
  const other = new Redis(TEST_REDIS_URL)
  t.teardown(() => other.quit())
  const clock = fixedClock(new Date(0))
  const policy = { max: 10, windowMs: QUARTER }
  const drivers = [redisAttemptLimiter({ client, prefix, clock }), redisAttemptLimiter({ client: other, prefix, clock })]
  const attempts = await Promise.all(Array.from({ length: 60 }, (_, i) => drivers[i % 2]!.begin('contested', policy)))
  t.equal(attempts.filter((a) => a.wait === 0).length, 10)
  t.equal(await client.zcard((await client.keys(`${prefix}attempts:*`))[0]!), 10, 'ten members in the set')
})

t.test('keys expire a window after their last attempt and name no address', async (t) => {
  const { client, prefix, keys } = await testRedis(t, 'attempts-expiry')
  const failures = redisAttemptLimiter({ client, prefix })
  await failures.begin('login:victim@example.dz', { max: 10, windowMs: 60_000 })
  const [key, ...more] = await keys()
  t.same(more, [])
  t.notMatch(key!, /victim|example/, 'the address is hashed')
  const ttl = await client.pttl(key!)
  t.ok(ttl > 55_000 && ttl <= 60_000, `expires with its window (PTTL ${ttl})`)
  await failures.clear('login:victim@example.dz')
  t.same(await keys(), [], 'a success deletes the key')
})

/** A small deterministic generator (mulberry32), so a failing sequence can be replayed. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0
    let x = Math.imul(seed ^ (seed >>> 15), 1 | seed)
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296
  }
}

t.test('on a random sequence of begins, releases, clears and clock moves, both drivers answer alike', async (t) => {
  const { client, prefix } = await testRedis(t, 'attempts-same')
  let blocked = 0
  for (const seed of [1, 2, 3, 4, 5]) {
    const next = random(seed)
    const clock = fixedClock(new Date(1_700_000_000_000))
    const drivers: AttemptLimiter[] = [memoryAttemptLimiter({ clock }), redisAttemptLimiter({ client, prefix: `${prefix}${seed}:`, clock })]
    const policies: AttemptPolicy[] = [{ max: 3, windowMs: 1000 }, { max: 5, windowMs: 2500 }]
    const held: Array<Array<() => Promise<void>>> = []
    const trace: string[] = []
    for (let step = 0; step < 400; step++) {
      const roll = next()
      const key = `k${Math.floor(next() * 3)}`
      const policy = policies[key === 'k2' ? 1 : 0]!
      if (roll < 0.6) {
        const answers = await Promise.all(drivers.map((d) => d.begin(key, policy)))
        trace.push(`${step} begin ${key} ${answers.map((a) => a.wait).join('/')}`)
        if (answers[0]!.wait !== answers[1]!.wait) {
          t.fail(`seed ${seed}: the drivers differ\n${trace.slice(-12).join('\n')}`)
          return
        }
        if (answers[0]!.wait === 0) held.push(answers.map((a) => a.release))
        else blocked++
      } else if (roll < 0.7 && held.length > 0) {
        const [releases] = held.splice(Math.floor(next() * held.length), 1)
        await Promise.all(releases!.map((release) => release()))
        trace.push(`${step} release`)
      } else if (roll < 0.75) {
        await Promise.all(drivers.map((d) => d.clear(key)))
        trace.push(`${step} clear ${key}`)
      } else {
        const ms = Math.floor(next() * 300)
        clock.advance(ms)
        trace.push(`${step} advance ${ms}`)
      }
    }
  }
  t.ok(blocked > 100, `400 steps on 5 seeds: every answer the same, ${blocked} of them refusals`)
})
