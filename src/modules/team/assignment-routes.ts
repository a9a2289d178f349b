import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import { operation } from '../../http/openapi.js'
import { originOf } from '../../http/origin.js'
import { errorResponses, IdParamsSchema } from '../../http/schemas.js'
import { refusals } from '../../shared/domain-error.js'
import { requireAdmin, requireFirm } from '../identity/index.js'
import type { Team } from './service.js'
import { AssignmentSchema, PersonNameSchema } from './staff-schemas.js'
import { assignmentWords } from './words.js'

const refuse = refusals(assignmentWords)

const tags = ['users']
const StaffOfClientSchema = Type.Array(PersonNameSchema)

/**
 * Who serves a client (contract §9): set by an administrator; read by an administrator and by the
 * staff who serve that client (any other client is a 404 to staff, as everything about it).
 */
const assignmentRoutes: FastifyPluginAsyncTypebox<{ team: Team }> = async (app, { team }) => {
  const { assignments } = team

  app.get('/api/users/:id/staff', {
    schema: { ...operation('listClientStaff', 'Qui suit ce client au cabinet (administrateurs, et les collaborateurs qui le suivent)', 'user'), tags, params: IdParamsSchema, response: { 200: StaffOfClientSchema, ...errorResponses(401, 403, 404) } },
    preHandler: requireFirm,
  }, async (request) => assignments.list(request.user!, request.params.id))

  app.put('/api/users/:id/staff', {
    schema: {
      ...operation('assignClientStaff', 'Choisit qui suit ce client : la liste complète, éventuellement vide (administrateurs)', 'session'),
      description: 'Seul un client accepté peut être confié (409 sinon) ; chaque identifiant doit être celui d’une personne du cabinet, invitée ou active (400 sinon).',
      tags,
      params: IdParamsSchema,
      body: AssignmentSchema,
      response: { 200: StaffOfClientSchema, ...errorResponses(400, 401, 403, 404, 409) },
    },
    preHandler: requireAdmin,
  }, async (request) => {
    const { staffIds } = request.body
    if (staffIds === undefined) throw refuse('validation', 'staffIdsRequired').under('staffIds')
    return assignments.assign(request.params.id, staffIds, request.user!, originOf(request))
  })
}

export default assignmentRoutes
