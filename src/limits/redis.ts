import { createHash, randomUUID } from 'node:crypto'
import type { FastifyBaseLogger } from 'fastify'
import { Redis } from 'ioredis'
import { systemClock, type Clock } from '../clock/clock.js'
import { loggableError, maskCredentials } from '../logging.js'
import type { Attempt, AttemptLimiter } from './attempt-limiter.js'
import { memoryAttemptLimiter } from './memory-attempts.js'

/**
 * The one Redis connection of an instance (REDIS_URL), shared by the attempt limiter and the
 * rate-limit store, and whether it may be used now. Redis down is not an error for a request: each
 * driver falls back to this instance's memory while `up` is false (contract §5), and the change is
 * logged once each way. A command waits `commandTimeoutMs` at most; after a failure Redis is not
 * asked again until it answers a probe (or reconnects), so an outage costs one request one timeout.
 */
export interface SharedRedis {
  readonly client: Redis
  /** Prefix of every key the portal writes (REDIS_PREFIX). */
  readonly prefix: string
  /** Commands go to Redis; false before the first connection and while it is down. */
  readonly up: boolean
  /** A command failed: Redis counts as down (a warning, once) until it answers again. */
  failed(error: unknown): void
  /** Connects (at start: nothing is opened before), waiting `timeoutMs` at most; answers whether Redis is up. */
  connect(timeoutMs: number): Promise<boolean>
  /** Stops probing and closes the connection. */
  close(): Promise<void>
}

export interface RedisConnectionOptions {
  url: string
  prefix: string
  log: FastifyBaseLogger
  /** How long a command may take before the instance counts in memory instead (default 500 ms). */
  commandTimeoutMs?: number
  /** While down, how often Redis is asked whether it answers again (default 1 s). */
  probeEveryMs?: number
}

export function connectRedis({ url, prefix, log, commandTimeoutMs = 500, probeEveryMs = 1000 }: RedisConnectionOptions): SharedRedis {
  const client = new Redis(url, {
    // Opened when the app starts (`connect`), so an app whose construction fails leaves no socket open.
    lazyConnect: true,
    commandTimeout: commandTimeoutMs,
    connectTimeout: 2000,
    // A command is sent now or fails now: none waits in a queue to be counted twice, once in memory
    // while Redis is away and again in Redis when it comes back.
    enableOfflineQueue: false,
    autoResendUnfulfilledCommands: false,
    // Reconnects forever, at most every 2 s.
    retryStrategy: (times) => Math.min(times * 100, 2000),
  })
  const where = maskCredentials(url)
  let state: 'starting' | 'up' | 'down' = 'starting'
  let closing = false
  let probe: NodeJS.Timeout | undefined

  const goUp = () => {
    if (state === 'up' || closing) return
    if (state === 'down') log.warn({ redis: where }, 'Redis answers again: limits are shared by every instance again')
    else {
      log.info({ redis: where }, 'Redis connected: limits are shared by every instance')
      warnOfEviction()
    }
    state = 'up'
    clearInterval(probe)
    probe = undefined
  }
  const goDown = (error: unknown) => {
    if (state === 'down' || closing) return
    state = 'down'
    log.warn({ redis: where, err: loggableError(error) }, 'Redis unavailable: limits are counted in this instance’s memory until it answers again')
    probe = setInterval(() => {
      if (client.status === 'ready') client.ping().then(goUp, () => {})
    }, probeEveryMs)
    probe.unref()
  }
  // Every key the portal writes expires: an eviction policy other than noeviction (volatile-* included)
  // could drop a locked account's key under memory pressure and unlock it (issue 9, finding 2).
  const warnOfEviction = () => {
    client.config('GET', 'maxmemory-policy').then(
      (answer) => {
        const policy = Array.isArray(answer) ? answer[1] : undefined
        if (policy && policy !== 'noeviction') log.warn({ redis: where, policy }, 'Redis may evict keys (maxmemory-policy): set it to noeviction, or a locked account may be unlocked under memory pressure')
      },
      () => {}, // CONFIG refused (a managed Redis): nothing to check
    )
  }
  client.on('ready', goUp)
  client.on('error', goDown)
  client.on('close', () => goDown(new Error('connection closed')))

  return {
    client,
    prefix,
    get up() {
      return state === 'up'
    },
    failed: goDown,
    connect(timeoutMs) {
      if (state !== 'starting') return Promise.resolve(state === 'up')
      if (client.status === 'wait') client.connect().catch(() => {})
      return new Promise<boolean>((resolve) => {
        const settle = () => {
          clearTimeout(timer)
          client.off('ready', settle)
          client.off('error', settle)
          resolve(state === 'up')
        }
        const timer = setTimeout(() => {
          goDown(new Error(`no connection within ${timeoutMs} ms`))
          settle()
        }, timeoutMs)
        client.on('ready', settle)
        client.on('error', settle)
      })
    },
    async close() {
      closing = true
      clearInterval(probe)
      if (client.status === 'wait' || client.status === 'end') return client.disconnect()
      try {
        await client.quit()
      } catch {
        client.disconnect()
      }
    },
  }
}

/**
 * Check and count in one step, on a sorted set per key: attempts are members scored by their time,
 * those out of the window are dropped first, and an attempt is added only under the limit. Answers
 * 0 (counted) or the milliseconds until the oldest attempt that blocks leaves the window, exactly as
 * the memory driver computes it. The key expires a window after its last attempt.
 */
const BEGIN = `
local key = KEYS[1]
local now = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local max = tonumber(ARGV[3])
redis.call('ZREMRANGEBYSCORE', key, '-inf', now - window)
local count = redis.call('ZCARD', key)
if max < 1 then return window end
if count >= max then
  local oldest = redis.call('ZRANGE', key, count - max, count - max, 'WITHSCORES')
  return tonumber(oldest[2]) + window - now
end
redis.call('ZADD', key, now, ARGV[4])
redis.call('PEXPIRE', key, window)
return 0
`

type BeginCommand = (key: string, now: number, windowMs: number, max: number, member: string) => Promise<number>

/**
 * The attempt limiter in Redis, shared by every instance; errors are thrown (see
 * `sharedAttemptLimiter` for the fallback). Time comes from the clock, like the memory driver's: a
 * test moves it, and instances' clocks agree to NTP's milliseconds, nothing beside 15-minute windows
 * (docs/decisions/037-shared-limits-in-redis.md). Keys are hashed: no e-mail address is written to Redis.
 */
export function redisAttemptLimiter({ client, prefix, clock = systemClock }: { client: Redis; prefix: string; clock?: Clock }): AttemptLimiter {
  if (!('portalAttemptBegin' in client)) client.defineCommand('portalAttemptBegin', { numberOfKeys: 1, lua: BEGIN })
  const begin = (client as unknown as { portalAttemptBegin: BeginCommand }).portalAttemptBegin.bind(client)
  const keyOf = (key: string) => `${prefix}attempts:${createHash('sha256').update(key).digest('base64url')}`
  return {
    async begin(key, policy): Promise<Attempt> {
      const now = clock.now().getTime()
      const redisKey = keyOf(key)
      const member = `${now}:${randomUUID()}`
      const wait = Number(await begin(redisKey, now, policy.windowMs, policy.max, member))
      if (wait > 0) return { wait, release: async () => {} }
      return {
        wait: 0,
        release: async () => {
          await client.zrem(redisKey, member)
        },
      }
    },
    async clear(key) {
      await client.del(keyOf(key))
    },
  }
}

/**
 * The attempt limiter of an instance given REDIS_URL: Redis while it answers, else this instance's
 * memory (the memory driver, same clock), so a login is never refused or failed because Redis is
 * away. A success clears both; an attempt is released where it was counted.
 */
export function sharedAttemptLimiter({ shared, clock = systemClock }: { shared: SharedRedis; clock?: Clock }): AttemptLimiter {
  const redis = redisAttemptLimiter({ client: shared.client, prefix: shared.prefix, clock })
  const memory = memoryAttemptLimiter({ clock })
  const safely = async (work: () => Promise<void>) => {
    try {
      await work()
    } catch (error) {
      shared.failed(error)
    }
  }
  return {
    async begin(key, policy) {
      if (shared.up) {
        try {
          const attempt = await redis.begin(key, policy)
          return { wait: attempt.wait, release: () => safely(attempt.release) }
        } catch (error) {
          shared.failed(error)
        }
      }
      return memory.begin(key, policy)
    },
    async clear(key) {
      await memory.clear(key)
      if (shared.up) await safely(() => redis.clear(key))
    },
  }
}
