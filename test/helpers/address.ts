import { randomInt } from 'node:crypto'
import { createServer } from 'node:net'

/**
 * An address for a server started by a test: a random loopback address (all of 127.0.0.0/8 is this
 * machine on Linux) and a port free on it. Test files run in parallel, and other runs may share the
 * machine: a port probed free can be taken again before the server binds it, but never on another
 * file's address, so two servers can neither collide nor answer for each other.
 */
export function freeAddress(): Promise<{ host: string; port: number }> {
  const host = `127.${randomInt(1, 255)}.${randomInt(0, 256)}.${randomInt(1, 255)}`
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.unref()
    probe.on('error', reject)
    probe.listen(0, host, () => {
      const { port } = probe.address() as { port: number }
      probe.close(() => resolve({ host, port }))
    })
  })
}
