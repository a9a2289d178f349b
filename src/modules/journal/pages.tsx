import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { listStateOf } from '../../http/list-pages.js'
import { actionLabels, JOURNAL_ACTIONS } from './actions.js'
import { journalFilter } from './filters.js'
import { JournalQuerySchema, type JournalQuery } from './schemas.js'
import { readerOf, type JournalGuards, type JournalPolicy } from './routes.js'
import type { Journal } from './service.js'
import type { JournalPeople, JournalViews } from './views.js'

/** /admin-dashboard/journal (contract §6): the journal with its filters, each subject linked to its page. */
const journalPages: FastifyPluginAsyncTypebox<{ journal: Journal; views: JournalViews; guards: JournalGuards; policy: JournalPolicy; people: JournalPeople }> = async (app, { journal, views, guards, policy, people }) => {
  // The firm's people: a staff member reads their clients' entries and their own (contract §9).
  app.get('/admin-dashboard/journal', { preHandler: guards.firmOnly, attachValidation: true, schema: { hide: true, querystring: JournalQuerySchema } }, async (request, reply) => {
    // A hand-edited, invalid URL shows the journal unfiltered rather than an error page.
    const query: JournalQuery = request.validationError ? {} : request.query
    const filter = journalFilter(query)
    const reader = readerOf(request, policy)
    const { total, items } = await journal.listForPage(filter, reader)
    const companies = await people.companiesOf(items.flatMap((entry) => (entry.actor ? [entry.actor.id] : [])))
    return reply.render(views.JournalPage, {
      companies: Object.fromEntries(companies),
      entries: items,
      total,
      query: { ...listStateOf(query), action: filter.action ?? '', actorId: filter.actorId ?? null },
      actions: JOURNAL_ACTIONS.map((value) => ({ value, label: actionLabels[value] })),
      whole: reader.clients === undefined,
    })
  })
}
export default journalPages
