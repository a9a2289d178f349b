import { resolve } from 'node:path'
import fp from 'fastify-plugin'
import { createMailer, type Mailer } from './mailer.js'

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer
  }
}

/** Decorates the app with `mailer` (identity, contact…). */
export default fp(
  async function mailerPlugin(app) {
    const mailer = createMailer({ smtpUrl: app.config.smtpUrl, from: app.config.mailFrom, mailDir: resolve(app.config.varDir, 'mail'), log: app.log })
    app.decorate('mailer', mailer)
    app.addHook('onClose', async () => mailer.close())
  },
  { name: 'mailer' },
)
