import { resolve } from 'node:path'
import fp from 'fastify-plugin'
import { createMailer, type Mailer } from './mailer.js'

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer
  }
}

const DRAIN_TIMEOUT_MS = 10_000

/** Decorates the app with `mailer`; every module sends through it (registered by app.ts). */
export default fp(
  async function mailerPlugin(app) {
    const mailer = createMailer({ smtpUrl: app.config.smtpUrl, from: app.config.mailFrom, mailDir: resolve(app.config.varDir, 'mail'), log: app.log })
    app.decorate('mailer', mailer)
    // Mails still under way are awaited, within a bound, before the transport closes; this hook
    // runs after the background plugin's (registered later) and before the database plugin's.
    app.addHook('onClose', async () => {
      if (!(await mailer.drain(DRAIN_TIMEOUT_MS))) app.log.warn('shutdown: some mails were still being sent after 10 s')
      mailer.close()
    })
  },
  { name: 'mailer', dependencies: ['db'] },
)
