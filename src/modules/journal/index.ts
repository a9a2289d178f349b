import fp from 'fastify-plugin'
import type { FastifyInstance } from 'fastify'
import journalPages from './pages.js'
import journalRoutes, { type JournalGuards, type JournalPolicy } from './routes.js'
import type { Journal } from './service.js'
import type { JournalPeople, JournalViews } from './views.js'

/** The journal's HTTP side: its API, a client's activity and the administrators' page. */
export default fp(
  async function journal(app: FastifyInstance, { journal, views, guards, policy, people }: { journal: Journal; views: JournalViews; guards: JournalGuards; policy: JournalPolicy; people: JournalPeople }) {
    await app.register(journalRoutes, { journal, guards, policy })
    await app.register(journalPages, { journal, views, guards, policy, people })
  },
  { name: 'journal', dependencies: ['identity', 'render'] },
)

// The module's public face: other modules record through `Journal.record`, in their own transaction.
export { createJournal, type Journal, type JournalActor, type JournalDeps, type ClientsIn, type JournalEvent, type JournalReader, type JournalSubject, type ListedEntry, type EntryCompanies } from './service.js'
export { actionLabels, JOURNAL_ACTIONS, type JournalAction, type SubjectType } from './actions.js'
export type { JournalRow, PersonEntry } from './repository.js'
export type { JournalGuards, JournalPolicy } from './routes.js'
export type { JournalEntry } from './schemas.js'
export type { JournalPeople, JournalState, JournalViews } from './views.js'
