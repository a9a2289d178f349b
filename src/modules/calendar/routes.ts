import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import { DEFAULT_PAGE_SIZE, listOf, MAX_PAGE_SIZE, sendList } from '../../http/lists.js'
import { operation } from '../../http/openapi.js'
import { errorResponses, IdParamsSchema, MessageSchema } from '../../http/schemas.js'
import { requireAdmin, requireFirm, requireUser } from '../identity/index.js'
import { feedOf } from './feed.js'
import type { CalendarScheduler } from './scheduler.js'
import { CalendarItemSchema, CalendarQuerySchema, FeedQuerySchema, ObligationBodySchema, ObligationSchema } from './schemas.js'
import type { Calendar } from './service.js'
import { texts } from './words.js'

/** /api/obligations and /api/calendar (contract §11). A change of an obligation runs the calendar soon. */
const calendarRoutes: FastifyPluginAsyncTypebox<{ calendar: Calendar; scheduler: CalendarScheduler; publicUrl: string }> = async (app, { calendar, scheduler, publicUrl }) => {
  const tags = ['calendar']
  const host = new URL(publicUrl).host

  app.get('/api/obligations', {
    schema: { ...operation('listObligations', 'Les obligations du calendrier fiscal (le cabinet)', 'user'), tags, response: { 200: Type.Array(ObligationSchema), ...errorResponses(401, 403) } },
    preHandler: requireFirm,
  }, async () => calendar.listObligations())

  app.post('/api/obligations', {
    schema: { ...operation('createObligation', 'Ajoute une obligation (administrateurs)', 'user'), tags, body: ObligationBodySchema, response: { 201: ObligationSchema, ...errorResponses(400, 401, 403, 409) } },
    preHandler: requireAdmin,
  }, async (request, reply) => {
    const created = await calendar.createObligation(request.body)
    scheduler.soon()
    return reply.code(201).send(created)
  })

  app.patch('/api/obligations/:id', {
    schema: { ...operation('updateObligation', 'Modifie une obligation (administrateurs) ; chaque champ est facultatif', 'user'), tags, params: IdParamsSchema, body: ObligationBodySchema, response: { 200: ObligationSchema, ...errorResponses(400, 401, 403, 404, 409) } },
    preHandler: requireAdmin,
  }, async (request) => {
    const updated = await calendar.updateObligation(request.params.id, request.body)
    scheduler.soon()
    return updated
  })

  app.delete('/api/obligations/:id', {
    schema: { ...operation('deleteObligation', 'Supprime une obligation (administrateurs) : ses demandes restent', 'user'), tags, params: IdParamsSchema, response: { 200: MessageSchema, ...errorResponses(400, 401, 403, 404) } },
    preHandler: requireAdmin,
  }, async (request) => {
    await calendar.deleteObligation(request.params.id)
    return { message: texts.deleted }
  })

  app.get('/api/calendar', {
    schema: { ...operation('listCalendar', 'Les échéances : celles de son entreprise (client), des clients du cabinet (?userId ; un collaborateur : ses clients)', 'user'), tags, querystring: CalendarQuerySchema, response: { 200: listOf(CalendarItemSchema), ...errorResponses(400, 401) } },
    preHandler: requireUser,
  }, async (request, reply) => {
    const { from, to, userId, page = 1 } = request.query
    const pageSize = Math.min(request.query.pageSize ?? DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE)
    const items = await calendar.items(request.user!, { from, to, userId })
    // A company's year is a few dozen items: whole; the firm's, a page of them.
    if (request.user!.companyId !== null && request.query.pageSize === undefined) return sendList(reply, { total: items.length, items })
    return sendList(reply, { total: items.length, items: items.slice((page - 1) * pageSize, page * pageSize) })
  })

  app.get('/api/calendar.ics', {
    schema: {
      ...operation('calendarFeed', 'Le calendrier en iCalendar (RFC 5545), douze mois en arrière et douze en avant ; un jeton d’accès dans Authorization ou ?token=', 'user'),
      tags,
      querystring: FeedQuerySchema,
      response: { 200: { description: 'Le flux iCalendar', content: { 'text/calendar': { schema: { type: 'string' } } } }, ...errorResponses(400, 401) },
    },
    preHandler: requireUser,
  }, async (request, reply) => {
    const items = await calendar.feed(request.user!, request.query.userId)
    return reply.type('text/calendar; charset=utf-8').header('content-disposition', 'inline; filename="calendrier.ics"').send(feedOf(items, host, calendar.now()))
  })
}
export default calendarRoutes
