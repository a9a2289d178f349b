import { createRequire } from 'node:module'
import type { RateLimitPluginOptions } from '@fastify/rate-limit'
import type { SharedRedis } from './redis.js'

type Result = { current: number; ttl: number }
type Callback = (error: Error | null, result?: Result) => void

/** What @fastify/rate-limit asks of a store (its `FastifyRateLimitStore`, with `read` for `increment: false`). */
interface Store {
  incr(key: string, callback: Callback, timeWindow: number, max: number): void
  read?(key: string, callback: Callback, timeWindow: number, max: number): void
  child(routeOptions: object): Store
}

// The plugin's own stores, which it builds from its `redis:` option (RedisStore: INCR and PEXPIRE in
// one Lua script) or by default (LocalStore: an LRU in memory). They are not in its typed exports;
// taking them from the package keeps the maintained code doing the counting on both sides.
const require = createRequire(import.meta.url)
const RedisStore = require('@fastify/rate-limit/store/RedisStore.js') as new (continueExceeding: boolean, exponentialBackoff: boolean, redis: unknown, key?: string) => Store
const LocalStore = require('@fastify/rate-limit/store/LocalStore.js') as new (continueExceeding: boolean, exponentialBackoff: boolean, cache?: number) => Store

/**
 * Routes that count together name one `bucket` in their rate-limit config (a JSON route and the
 * page whose form posts the same thing without JavaScript, issue 17): they get one child store, and
 * in Redis one key prefix, instead of one per route. Other routes keep the plugin's per-route child.
 */
class Bucketed implements Store {
  private readonly buckets = new Map<string, Store>()
  constructor(private readonly inner: Store) {}

  incr(key: string, callback: Callback, timeWindow: number, max: number) {
    this.inner.incr(key, callback, timeWindow, max)
  }

  read(key: string, callback: Callback, timeWindow: number, max: number) {
    this.inner.read!(key, callback, timeWindow, max)
  }

  child(routeOptions: object): Store {
    const { bucket } = routeOptions as BucketOption
    if (!bucket) return this.inner.child(routeOptions)
    let child = this.buckets.get(bucket)
    if (!child) this.buckets.set(bucket, (child = this.inner.child({ ...routeOptions, routeInfo: { method: 'BUCKET', url: bucket } })))
    return child
  }
}

/** The rate-limit config's shared bucket (see Bucketed). */
export interface BucketOption {
  bucket?: string
}

/**
 * @fastify/rate-limit's options for this instance: its memory store without REDIS_URL;
 * with it, its Redis store while Redis answers, else its memory store (contract §5: limits degrade
 * to each instance's memory, a request never fails because Redis is away). `skipOnError` stays as a
 * last guard: a store error lets the request through rather than answering 500. Either way routes
 * may share a bucket.
 */
export function rateLimitStore(shared: SharedRedis | undefined): Pick<RateLimitPluginOptions, 'store' | 'skipOnError'> {
  if (!shared) {
    return {
      store: class MemoryStore extends Bucketed {
        constructor({ continueExceeding = false, exponentialBackoff = false, cache }: RateLimitPluginOptions) {
          super(new LocalStore(continueExceeding, exponentialBackoff, cache))
        }
      },
    }
  }
  const redis = shared
  const namespace = `${redis.prefix}rate:`

  /** Redis while it answers, else memory; a route's child pairs the two stores' children. */
  class SharedStore implements Store {
    constructor(
      readonly redis: Store,
      readonly local: Store,
    ) {}

    incr(key: string, callback: Callback, timeWindow: number, max: number) {
      this.either('incr', key, callback, timeWindow, max)
    }

    read(key: string, callback: Callback, timeWindow: number, max: number) {
      this.either('read', key, callback, timeWindow, max)
    }

    child(routeOptions: object): Store {
      return new SharedStore(this.redis.child(routeOptions), this.local.child(routeOptions))
    }

    private either(method: 'incr' | 'read', key: string, callback: Callback, timeWindow: number, max: number) {
      const local = () => this.local[method]!(key, callback, timeWindow, max)
      if (!redis.up) return local()
      this.redis[method]!(key, (error, result) => {
        if (!error) return callback(null, result)
        redis.failed(error)
        local()
      }, timeWindow, max)
    }
  }

  /** What the plugin constructs with its options (`new store(globalParams)`). */
  class PluginStore extends Bucketed {
    constructor({ continueExceeding = false, exponentialBackoff = false, cache }: RateLimitPluginOptions) {
      super(new SharedStore(new RedisStore(continueExceeding, exponentialBackoff, redis.client, namespace), new LocalStore(continueExceeding, exponentialBackoff, cache)))
    }
  }

  return { store: PluginStore, skipOnError: true }
}
