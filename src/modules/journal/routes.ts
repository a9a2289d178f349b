import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { listFilter, listOf, ListQuerySchema, sendList } from '../../http/lists.js'
import { operation } from '../../http/openapi.js'
import { errorResponses } from '../../http/schemas.js'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { journalFilter } from './filters.js'
import { JournalEntrySchema, JournalQuerySchema } from './schemas.js'
import type { ClientsIn, Journal, JournalReader } from './service.js'

/**
 * Identity's guards, handed in by app.ts: identity records into the journal, so the journal cannot
 * import identity (the arrow would point both ways).
 */
export interface JournalGuards {
  /** The firm's people, admin and staff (each reads within their scope, contract §9). */
  requireFirm: (request: FastifyRequest) => Promise<void>
  requireUser: (request: FastifyRequest) => Promise<void>
  firmOnly: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>
}

/**
 * Identity's access policy, handed in by app.ts as the guards are (contract §9): the clients a
 * firm's person reads the entries of, as a where clause on a client column; undefined for every
 * client (an administrator).
 */
export interface JournalPolicy {
  clientsOf: (user: NonNullable<FastifyRequest['user']>) => ClientsIn | undefined
}

/** The journal's reader: the request's person, through the one access policy. */
export function readerOf(request: FastifyRequest, policy: JournalPolicy): JournalReader {
  return { id: request.user!.id, clients: policy.clientsOf(request.user!) }
}

const EntryListSchema = listOf(JournalEntrySchema)

/**
 * GET /api/journal (the firm: an administrator every entry, a staff member their clients' and their
 * own, contract §9) and GET /api/users/activity (the logged-in person), contract §6. Reads write nothing.
 */
const journalRoutes: FastifyPluginAsyncTypebox<{ journal: Journal; guards: JournalGuards; policy: JournalPolicy }> = async (app, { journal, guards, policy }) => {
  const { requireFirm, requireUser } = guards
  app.get('/api/journal', {
    schema: { ...operation('listJournal', 'Journal : qui a fait quoi, les plus récents d’abord (?action=, ?actorId= ; le cabinet : un collaborateur lit ce qui touche ses clients et lui-même)', 'user'), tags: ['journal'], querystring: JournalQuerySchema, response: { 200: EntryListSchema, ...errorResponses(400, 401, 403) } },
    preHandler: requireFirm,
  }, async (request, reply) => sendList(reply, await journal.list(journalFilter(request.query), readerOf(request, policy))))

  app.get('/api/users/activity', {
    schema: { ...operation('listMyActivity', 'Ce qui a été fait de mon compte et de mes documents (ceux de mon entreprise pour un membre)', 'user'), tags: ['users'], querystring: ListQuerySchema, response: { 200: EntryListSchema, ...errorResponses(400, 401) } },
    preHandler: requireUser,
  }, async (request, reply) => sendList(reply, await journal.activity(request.user!, listFilter(request.query))))
}
export default journalRoutes
