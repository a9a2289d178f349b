import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { listFilter, listOf, ListQuerySchema, sendList } from '../../http/lists.js'
import { operation } from '../../http/openapi.js'
import { errorResponses } from '../../http/schemas.js'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { journalFilter } from './filters.js'
import { JournalEntrySchema, JournalQuerySchema } from './schemas.js'
import type { Journal } from './service.js'

/**
 * Identity's guards, handed in by app.ts: identity records into the journal, so the journal cannot
 * import identity (the arrow would point both ways).
 */
export interface JournalGuards {
  requireAdmin: (request: FastifyRequest) => Promise<void>
  requireUser: (request: FastifyRequest) => Promise<void>
  adminOnly: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>
}

const EntryListSchema = listOf(JournalEntrySchema)

/** GET /api/journal (administrators) and GET /api/users/activity (the logged-in user), contract §6. Reads write nothing. */
const journalRoutes: FastifyPluginAsyncTypebox<{ journal: Journal; guards: JournalGuards }> = async (app, { journal, guards }) => {
  const { requireAdmin, requireUser } = guards
  app.get('/api/journal', {
    schema: { ...operation('listJournal', 'Journal : qui a fait quoi, les plus récents d’abord (?action=, ?actorId= ; administrateurs)', 'user'), tags: ['journal'], querystring: JournalQuerySchema, response: { 200: EntryListSchema, ...errorResponses(400, 401, 403) } },
    preHandler: requireAdmin,
  }, async (request, reply) => sendList(reply, await journal.list(journalFilter(request.query))))

  app.get('/api/users/activity', {
    schema: { ...operation('listMyActivity', 'Ce qui a été fait de mon compte et de mes documents', 'user'), tags: ['users'], querystring: ListQuerySchema, response: { 200: EntryListSchema, ...errorResponses(400, 401) } },
    preHandler: requireUser,
  }, async (request, reply) => sendList(reply, await journal.activity(request.user!.id, listFilter(request.query))))
}
export default journalRoutes
