import type { FastifyInstance } from 'fastify'
import { loggableError } from '../../logging.js'
import { sweepExpired } from './repository.js'

const EVERY_MS = 3600_000

/**
 * Expired sessions and one-time tokens are deleted at start and then hourly (issue 9, finding 9),
 * so the tables hold only what can still be used. The timer never keeps the process alive.
 */
export function startSweeper(app: FastifyInstance): void {
  const sweep = () =>
    sweepExpired(app.db).then(
      (removed) => removed > 0 && app.log.info({ removed }, 'expired sessions and tokens swept'),
      (error: unknown) => app.log.warn({ err: loggableError(error) }, 'sweep of expired sessions and tokens failed'),
    )
  let timer: NodeJS.Timeout | undefined
  app.addHook('onReady', async () => {
    await sweep()
    timer = setInterval(() => void sweep(), EVERY_MS).unref()
  })
  app.addHook('onClose', async () => clearInterval(timer))
}
