// Issue 14, contract §5: REDIS_URL is checked at start, its password never shown.
import t from 'tap'
import { loadConfig } from '../../src/config.js'

const base = { NODE_ENV: 'test' }

t.test('absent: no Redis, the default prefix', async (t) => {
  const config = loadConfig(base)
  t.equal(config.redisUrl, undefined)
  t.equal(config.redisPrefix, 'portal:')
})

t.test('redis://[[user]:password@]HOST[:PORT][/DB] and rediss:// are accepted as written', async (t) => {
  for (const url of ['redis://127.0.0.1:6379', 'redis://:pa55@redis:6379/3', 'redis://portal:pa55@redis/0', 'rediss://cache.example.dz:6380', 'redis://[::1]:6379/', 'redis://redis']) {
    t.equal(loadConfig({ ...base, REDIS_URL: url }).redisUrl, url, url)
  }
  t.equal(loadConfig({ ...base, REDIS_PREFIX: 'cabinet-b:' }).redisPrefix, 'cabinet-b:')
})

t.test('anything else is refused with one line naming the variable, its password masked', async (t) => {
  for (const url of ['http://redis:6379', 'redis://', 'redis://:pa55@redis:6379/zero', 'redis://redis:6379?db=2', 'redis://redis:99999', 'redis://redis:6379/1/2', 'redis://:pa55@:6379']) {
    try {
      loadConfig({ ...base, REDIS_URL: url })
      t.fail(`${url} accepted`)
    } catch (error) {
      const message = (error as Error).message
      t.match(message, /^Invalid REDIS_URL: expected redis:\/\/\[:password@\]host:port\[\/db\]/, url)
      t.notMatch(message, /pa55/, 'no password')
      t.notMatch(message, /\n/, 'one line')
    }
  }
  t.throws(() => loadConfig({ ...base, REDIS_PREFIX: 'with space' }), /^Invalid REDIS_PREFIX: /)
})
