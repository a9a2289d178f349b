import fp from 'fastify-plugin'
import type { Db } from '../../db/database.js'
import { fromDbId, nowDb } from '../../db/values.js'
import type { ContactMessage } from './validation.js'

export interface ContactRepository {
  /** Stores one message and answers its id. */
  storeMessage(message: ContactMessage, ip: string | null): Promise<number>
}

declare module 'fastify' {
  interface FastifyInstance {
    contactRepository: ContactRepository
  }
}

export function createContactRepository(db: Db): ContactRepository {
  return {
    async storeMessage({ name, email, telephone, message }, ip) {
      const result = await db
        .insertInto('contact_messages')
        .values({ name, email, telephone, message, ip: ip ? ip.slice(0, 45) : null, created_at: nowDb() })
        .executeTakeFirstOrThrow()
      return fromDbId(result.insertId)
    },
  }
}

export default fp(
  async function contactRepository(app) {
    app.decorate('contactRepository', createContactRepository(app.db))
  },
  { name: 'contact-repository', dependencies: ['db'] },
)
