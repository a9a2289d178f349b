// A bare TCP client for the abuse tests: it sends exactly the bytes a misbehaving client would.
import { connect, type Socket } from 'node:net'

export interface RawConnection {
  socket: Socket
  /** Everything received so far, as text. */
  received: () => string
  /** Resolves with the milliseconds from connection to close. */
  closed: Promise<number>
  isClosed: () => boolean
}

export function openRaw(port: number, host = '127.0.0.1'): Promise<RawConnection> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, host)
    const opened = Date.now()
    let text = ''
    let done = false
    socket.setEncoding('latin1')
    socket.on('data', (chunk: string) => (text += chunk))
    // The server may reset a connection it drops: that is a close like any other here.
    socket.on('error', () => {})
    const closed = new Promise<number>((r) => socket.on('close', () => ((done = true), r(Date.now() - opened))))
    socket.once('connect', () => resolve({ socket, received: () => text, closed, isClosed: () => done }))
    socket.once('error', reject)
  })
}

/** Waits until `condition` holds, polling; fails after `ms` with `what`. */
export async function waitFor(condition: () => boolean, ms: number, what: string): Promise<void> {
  const end = Date.now() + ms
  while (!condition()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 25))
  }
}

/** `promise`, or a rejection naming `what` after `ms`. */
export function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout
  const timeout = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`${what} took more than ${ms} ms`)), ms)))
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer))
}

/** The status and JSON body of the one HTTP answer in `raw`. */
export function parseAnswer(raw: string): { status: number; headers: string; body: unknown } {
  const [head = '', body = ''] = raw.split('\r\n\r\n')
  const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0)
  let parsed: unknown
  try {
    parsed = JSON.parse(Buffer.from(body, 'latin1').toString('utf8'))
  } catch {
    parsed = body
  }
  return { status, headers: head, body: parsed }
}
