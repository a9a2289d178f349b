import { randomBytes } from 'node:crypto'
import { createServer, connect, type AddressInfo, type Server, type Socket } from 'node:net'
import { Redis } from 'ioredis'

type T = { teardown: (fn: () => unknown) => void }

/** The Redis the tests use (one runs on this machine; CI starts one). Each file writes under its own prefix. */
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379'

export interface TestRedis {
  client: Redis
  /** Unique to this test: every key written under it is deleted at teardown. */
  prefix: string
  keys(): Promise<string[]>
}

/** A client of the test Redis and a fresh key prefix, both cleaned up when the test ends. */
export async function testRedis(t: T, name: string): Promise<TestRedis> {
  const client = new Redis(TEST_REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 })
  try {
    await client.connect()
  } catch (error) {
    client.disconnect()
    throw new Error(`these tests need Redis at ${TEST_REDIS_URL} (TEST_REDIS_URL): ${(error as Error).message}`)
  }
  const prefix = `test:${name}:${randomBytes(4).toString('hex')}:`
  const keys = async () => {
    const found: string[] = []
    let cursor = '0'
    do {
      const [next, batch] = await client.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000)
      found.push(...batch)
      cursor = next
    } while (cursor !== '0')
    return found
  }
  t.teardown(async () => {
    const left = await keys()
    if (left.length > 0) await client.del(...left)
    await client.quit()
  })
  return { client, prefix, keys }
}

/**
 * A TCP proxy in front of the test Redis that a test can cut (`down`: every connection closed,
 * nothing listening) or freeze (`freeze`: connections kept, nothing forwarded, like a Redis that
 * hangs), then bring back (`up`) on the same port.
 */
export interface RedisProxy {
  url: string
  up(): Promise<void>
  down(): Promise<void>
  freeze(): void
}

export async function redisProxy(t: T): Promise<RedisProxy> {
  const target = new URL(TEST_REDIS_URL)
  const sockets = new Set<Socket>()
  let frozen = false
  // Paused, not dropped: a Redis that hangs answers every command later, in order.
  const hold = (socket: Socket) => (frozen ? socket.pause() : socket.resume())
  let server: Server | undefined
  let port = 0
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const s = createServer((client) => {
        const upstream = connect(Number(target.port || 6379), target.hostname)
        for (const socket of [client, upstream]) {
          sockets.add(socket)
          socket.on('close', () => sockets.delete(socket))
          socket.on('error', () => {})
        }
        client.pipe(upstream)
        upstream.pipe(client)
        hold(client)
        hold(upstream)
        client.on('close', () => upstream.destroy())
        upstream.on('close', () => client.destroy())
      })
      s.once('error', reject)
      s.listen(port, '127.0.0.1', () => {
        port = (s.address() as AddressInfo).port
        server = s
        resolve()
      })
    })
  const down = async () => {
    const s = server
    server = undefined
    for (const socket of sockets) socket.destroy()
    if (s) await new Promise<void>((resolve) => s.close(() => resolve()))
  }
  await listen()
  t.teardown(down)
  return {
    url: `redis://127.0.0.1:${port}`,
    async up() {
      frozen = false
      for (const socket of sockets) hold(socket)
      if (!server) await listen()
    },
    down,
    freeze() {
      frozen = true
      for (const socket of sockets) hold(socket)
    },
  }
}

/** A log line as pino writes it. */
export interface LogLine {
  level: number
  msg: string
  [key: string]: unknown
}

/** Collects an app's log lines (its logger given this stream). */
export function logSink(): { stream: { write(line: string): void }; lines: LogLine[]; warnings(pattern: RegExp): LogLine[] } {
  const lines: LogLine[] = []
  return {
    stream: { write: (line: string) => void lines.push(JSON.parse(line) as LogLine) },
    lines,
    warnings: (pattern) => lines.filter((line) => line.level === 40 && pattern.test(line.msg)),
  }
}
