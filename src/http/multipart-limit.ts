import type { FastifyRequest } from 'fastify'
import { MULTIPART_ALLOWANCE } from '../shared/sizes.js'

export { MULTIPART_ALLOWANCE }

/**
 * Holds a multipart body to `maxBytes` however it comes: a chunked body declares no length, and
 * busboy reads to its end, and drops, a part without a name or a file past its `fileSize`.
 * @fastify/multipart pipes `request.raw` into busboy itself (no preParsing stream sees it), so the
 * bytes are counted there. Past the limit the body is no longer read (unpiped and paused) and
 * `refusal()` is raised as the request's error: @fastify/multipart ends the parts with it (the file
 * part being read fails with it too), so the route's reading throws it while the body is still
 * pending, and the answer closes the connection without reading the rest (lingering-close.ts).
 *
 * Called in the same turn as `request.parts()` is iterated (its first step pipes the body into
 * busboy): the counting 'data' listener sets the body flowing, and busboy must get it from the start.
 */
export function limitMultipartBody(request: FastifyRequest, maxBytes: number, refusal: () => Error): void {
  const raw = request.raw
  let read = 0
  const count = (chunk: Buffer) => {
    read += chunk.length
    if (read <= maxBytes) return
    raw.off('data', count)
    raw.unpipe()
    raw.pause()
    // @fastify/multipart listens for the request's errors while it parses; without a reader, nobody is left to answer.
    if (raw.listenerCount('error') > 0) raw.emit('error', refusal())
    else raw.socket?.destroy()
  }
  raw.on('data', count)
}
