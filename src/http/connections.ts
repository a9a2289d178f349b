import { STATUS_CODES, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { Socket } from 'node:net'
import type { FastifyHttpOptions, FastifyInstance } from 'fastify'
import type { ConnectionLimits } from '../config.js'
import { errorBody } from './errors.js'

/**
 * Fastify's options that bound a connection (issue 9): headers within `headersTimeoutMs`, idle
 * keep-alive within `keepAliveTimeoutMs`. No total request timeout: a long upload over a slow link is
 * legitimate, so bodies are held to a minimum rate instead (`guardConnections`).
 */
export function connectionOptions(limits: ConnectionLimits): FastifyHttpOptions<Server> {
  return {
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    requestTimeout: 0,
    // Node checks header deadlines on this interval, so it must be well under the deadline itself.
    http: { headersTimeout: limits.headersTimeoutMs, connectionsCheckingInterval: Math.min(5000, Math.max(100, limits.headersTimeoutMs / 4)) },
    clientErrorHandler: answerClientError,
    // Fastify's 503 while closing is English; a request that still arrives is served, then the connection closes.
    return503OnClosing: false,
  }
}

const CLIENT_ERRORS: Record<string, [number, string]> = {
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'Délai dépassé : la requête n’est pas arrivée à temps.'],
  HPE_HEADER_OVERFLOW: [431, 'En-têtes de la requête trop volumineux.'],
}

/**
 * Errors Node raises before a request exists (headers too slow, too large, malformed): a French
 * `{message, code}` written straight to the socket, which then closes (contract §2).
 */
export function answerClientError(this: FastifyInstance, error: Error & { code?: string }, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return
  const [status, message] = CLIENT_ERRORS[error.code ?? ''] ?? [400, 'Requête mal formée.']
  this.log.debug({ code: error.code, status }, 'client error')
  const pending = (socket as Socket & { _httpMessage?: ServerResponse })._httpMessage
  if (socket.writable && !pending?.headersSent) {
    const body = JSON.stringify(errorBody(status, message))
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    )
  }
  socket.destroy()
}

interface Watched {
  request: IncomingMessage
  socket: Socket
  windowStart: number
  windowStartBytes: number
  lastBytes: number
  lastProgress: number
}

/** Why a watched body's connection must close now, if it must; moves its window on otherwise. */
function verdict(entry: Watched, now: number, excused: boolean, limits: ConnectionLimits, draining: boolean): string | undefined {
  const bytes = entry.socket.bytesRead
  if (bytes > entry.lastBytes) {
    entry.lastBytes = bytes
    entry.lastProgress = now
  }
  // The server has not read what arrived yet, or was itself stalled: the client is not the one waiting.
  if (excused || entry.request.readableLength > 0) {
    Object.assign(entry, { windowStart: now, windowStartBytes: bytes, lastProgress: now })
    return undefined
  }
  if (draining && now - entry.lastProgress >= Math.min(limits.shutdownStallMs, limits.bodyRateWindowMs)) return 'stalled during shutdown'
  if (now - entry.windowStart < limits.bodyRateWindowMs) return undefined
  if (bytes - entry.windowStartBytes < (limits.bodyMinBytesPerSecond * limits.bodyRateWindowMs) / 1000) return 'below the minimum rate'
  Object.assign(entry, { windowStart: now, windowStartBytes: bytes })
  return undefined
}

/**
 * Caps connections, and holds every request body to a minimum rate: over each window at least
 * `bodyMinBytesPerSecond × window` bytes must arrive, else the socket is destroyed (like Apache's
 * mod_reqtimeout MinRate), so a body that trickles or stops cannot hold a connection. On close, a
 * body that stopped arriving is dropped at once, and after `shutdownGraceMs` every remaining
 * connection is closed.
 */
export function guardConnections(app: FastifyInstance, limits: ConnectionLimits) {
  const server: Server = app.server
  server.maxConnections = limits.maxConnections
  const watched = new Set<Watched>()
  const tickMs = Math.min(1000, Math.max(50, limits.bodyRateWindowMs / 10))
  let draining = false
  let timer: NodeJS.Timeout | undefined
  let lastCheck = 0

  const check = () => {
    const now = Date.now()
    // A tick that came late means the event loop was blocked: nobody's window counts that time.
    const excused = now - lastCheck > 2 * tickMs
    lastCheck = now
    for (const entry of watched) {
      if (entry.request.complete || entry.socket.destroyed) {
        watched.delete(entry)
        continue
      }
      const reason = verdict(entry, now, excused, limits, draining)
      if (!reason) continue
      watched.delete(entry)
      app.log.info({ reason, method: entry.request.method }, 'request body too slow: connection closed')
      entry.socket.destroy()
    }
    if (watched.size > 0) return
    clearInterval(timer)
    timer = undefined
  }

  server.on('request', (request: IncomingMessage) => {
    const hasBody = Number(request.headers['content-length'] ?? 0) > 0 || request.headers['transfer-encoding'] !== undefined
    if (!hasBody || request.complete) return
    const now = Date.now()
    const bytes = request.socket.bytesRead
    watched.add({ request, socket: request.socket, windowStart: now, windowStartBytes: bytes, lastBytes: bytes, lastProgress: now })
    if (timer) return
    lastCheck = now
    timer = setInterval(check, tickMs).unref()
  })

  let deadline: NodeJS.Timeout | undefined
  app.addHook('preClose', async () => {
    draining = true
    deadline = setTimeout(() => {
      app.log.warn('shutdown grace period over: closing the remaining connections')
      server.closeAllConnections()
    }, limits.shutdownGraceMs).unref()
  })
  app.addHook('onClose', async () => {
    clearTimeout(deadline)
    clearInterval(timer)
  })
}
