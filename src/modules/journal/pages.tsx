import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { listQueryOf, listStateOf } from '../../http/list-pages.js'
import { listFilter, ListQuerySchema } from '../../http/lists.js'
import { languageOf } from '../../http/language.js'
import { wordsOf } from '../../shared/words.js'
import { JOURNAL_ACTIONS } from './actions.js'
import { journalFilter } from './filters.js'
import { words } from './words.js'
import { JournalQuerySchema, type JournalQuery } from './schemas.js'
import { readerOf, type JournalGuards, type JournalPolicy } from './routes.js'
import type { Journal } from './service.js'
import type { JournalPeople, JournalViews } from './views.js'

/**
 * /admin-dashboard/journal (contract §6): the journal with its filters, each subject linked to its
 * page; /users/profile/activity: one's own « Qui a consulté mes documents », whose latest few the profile shows.
 */
const journalPages: FastifyPluginAsyncTypebox<{ journal: Journal; views: JournalViews; guards: JournalGuards; policy: JournalPolicy; people: JournalPeople }> = async (app, { journal, views, guards, policy, people }) => {
  // The firm's people: a staff member reads their clients' entries and their own (contract §9).
  app.get('/admin-dashboard/journal', { preHandler: guards.firmOnly, attachValidation: true, schema: { hide: true, querystring: JournalQuerySchema } }, async (request, reply) => {
    // A hand-edited, invalid URL shows the journal unfiltered rather than an error page.
    const query: JournalQuery = request.validationError ? {} : request.query
    const filter = journalFilter(query)
    const reader = readerOf(request, policy)
    const { total, items } = await journal.listForPage(filter, reader)
    const companies = await people.companiesOf(items.flatMap((entry) => (entry.actor ? [entry.actor.id] : [])))
    const { actions } = wordsOf(words, languageOf(request))
    return reply.render(views.JournalPage, {
      companies: Object.fromEntries(companies),
      entries: items,
      total,
      query: { ...listStateOf(query), action: filter.action ?? '', actorId: filter.actorId ?? null },
      actions: JOURNAL_ACTIONS.map((value) => ({ value, label: actions[value] })),
      whole: reader.clients === undefined,
    })
  })

  // A person's own entries (GET /api/users/activity) as a list page; a visitor goes to /login first (access table).
  app.get('/users/profile/activity', { attachValidation: true, schema: { hide: true, querystring: ListQuerySchema } }, async (request, reply) => {
    // A hand-edited, invalid URL shows the first page rather than an error page.
    const query = listQueryOf(request)
    const { total, items } = await journal.activity(request.user!, listFilter(query))
    return reply.render(views.ActivityPage, { entries: items, total, query: listStateOf(query), profileUrl: `/users/profile/${request.user!.id}` })
  })
}
export default journalPages
