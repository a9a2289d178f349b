import fp from 'fastify-plugin'
import { loggableError } from '../logging.js'
import { PendingWork } from './pending.js'

export interface Background {
  /**
   * Runs `work` after the current answer is sent (setImmediate), kept until it settles so that
   * shutdown waits for it; a failure is logged under `failure`, never thrown at the caller.
   */
  run(failure: string, work: () => Promise<unknown>): void
  /** Waits for every task, work started meanwhile included, at most timeoutMs; false if some still ran. */
  drain(timeoutMs: number): Promise<boolean>
}

declare module 'fastify' {
  interface FastifyInstance {
    background: Background
  }
}

const DRAIN_TIMEOUT_MS = 10_000

/**
 * Work that outlives its request (mails, the forgotten-password lookup, file clean-ups). Registered
 * after the mailer, so its onClose (hooks close in reverse order) runs first: tasks that end in a
 * send finish before the mailer drains its sends.
 */
export default fp(
  async function backgroundPlugin(app) {
    const pending = new PendingWork()
    app.decorate('background', {
      run(failure, work) {
        const task = new Promise<void>((resolve) => setImmediate(resolve)).then(work)
        pending.track(task).catch((error: unknown) => app.log.warn({ err: loggableError(error) }, failure))
      },
      drain: (timeoutMs) => pending.settle(timeoutMs),
    } satisfies Background)
    app.addHook('onClose', async () => {
      if (!(await pending.settle(DRAIN_TIMEOUT_MS))) app.log.warn('shutdown: some background tasks were still running after 10 s')
    })
  },
  { name: 'background', dependencies: ['mailer'] },
)
