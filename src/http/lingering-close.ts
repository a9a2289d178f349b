import type { Socket } from 'node:net'
import type { FastifyReply, FastifyRequest } from 'fastify'

const LINGER_MS = 2000

/**
 * Answers, then closes the connection without reading the rest of the body. Closing a socket whose
 * unread data is still waiting makes the system reset the connection, and a client still sending
 * may lose the answer: so, like a web server's lingering close, the socket is half-closed and
 * paused once the answer is written, and only destroyed a moment later.
 */
export function closeWithoutReading(request: FastifyRequest, reply: FastifyReply): void {
  reply.header('connection', 'close')
  const socket = request.raw.socket as Socket | undefined
  if (!socket || typeof socket.destroySoon !== 'function') return
  socket.destroySoon = function lingeringClose(this: Socket) {
    this.pause()
    if (this.writable) this.end()
    const timer = setTimeout(() => this.destroy(), LINGER_MS)
    this.once('close', () => clearTimeout(timer))
  }
}
