import fp from 'fastify-plugin'
import type { Db } from './database.js'

declare module 'fastify' {
  interface FastifyInstance {
    db: Db
  }
}

/** Shares one Kysely instance; the app that opened it closes it. */
export default fp(
  async function dbPlugin(app, { db, owned }: { db: Db; owned: boolean }) {
    app.decorate('db', db)
    if (owned) app.addHook('onClose', async () => db.destroy())
  },
  { name: 'db' },
)
