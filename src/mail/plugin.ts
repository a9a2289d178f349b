import { resolve } from 'node:path'
import fp from 'fastify-plugin'
import { createMailer, type Mailer } from './mailer.js'

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer
  }
}

const DRAIN_TIMEOUT_MS = 10_000

/** Decorates the app with `mailer` (identity, contact…). */
export default fp(
  async function mailerPlugin(app) {
    const mailer = createMailer({ smtpUrl: app.config.smtpUrl, from: app.config.mailFrom, mailDir: resolve(app.config.varDir, 'mail'), log: app.log })
    app.decorate('mailer', mailer)
    // Mails (and tasks tracked with them) still under way are awaited, within a bound, before the
    // transport closes; this hook runs before the database plugin's, which was registered earlier.
    app.addHook('onClose', async () => {
      if (!(await mailer.drain(DRAIN_TIMEOUT_MS))) app.log.warn('shutdown: some mails were still being sent after 10 s')
      mailer.close()
    })
  },
  { name: 'mailer' },
)
