import type { Language } from '../../shared/words.js'
import type { Clock } from '../../clock/clock.js'
import type { Db } from '../../db/database.js'
import type { ListFilter, Page } from '../../db/lists.js'
import { transaction } from '../../db/transaction.js'
import type { Outbox } from '../../jobs/outbox.js'
import { refusals, type DomainError } from '../../shared/domain-error.js'
import { firmDay } from '../../shared/time.js'
import type { ClaimedRequest, Documents, RequestAnswers } from '../documents/index.js'
import { FIRM_SCOPE, isFirmScope, reaches, scopeOf, type Identity, type Scope, type SessionUser } from '../identity/index.js'
import { clientMail, fulfilledMail, reminderSchedule, type RequestFacts } from './reminders.js'
import * as repo from './repository.js'
import type { RequestObligation, RequestRecord } from './repository.js'
import type { RequestView } from './schemas.js'
import type { StatusFilter } from './texts.js'
import { checkNewRequest } from './validation.js'
import { words } from './words.js'
import { isUniqueViolation } from '../../db/constraints.js'

const refuse = refusals(words)

export interface RequestsDeps {
  db: Db
  /**
   * The request's mail and its reminders are written with it; pending reminders are discarded when it
   * closes, and a person's when they leave the company (`pendingTo`: which are theirs).
   */
  outbox: Pick<Outbox, 'enqueue' | 'enqueueAt' | 'discardPending' | 'pendingTo'>
  identity: Pick<Identity, 'accounts'>
  /** Types: a request asks for one of documents' types; the client's space holds the upload form; who uploaded an answer. */
  documents: Pick<Documents, 'allTypes' | 'maxUploadBytes' | 'listReceived' | 'listOwned' | 'uploadersOf'>
  /** Today (Algiers time) for `overdue` and the due date's check; when reminders are due. */
  clock: Clock
  /** `reminderHour`: REMINDER_HOUR, the hour (Algiers time) reminders go out. */
  settings: { publicUrl: string; firmEmail: string; reminderHour: number }
}

/** The requests page's client chooser lists at most this many clients (beyond it, ask from the client's page). */
const CHOOSER_MAX = 500
/** Requests made for one client in 24 hours at most: each mails the company's people and schedules six reminders each. */
export const REQUESTS_PER_CLIENT_PER_DAY = 20
const DAY_MS = 24 * 3600_000

/** A company's person who joins or leaves it: the company, and their address. */
interface Person {
  companyId: number
  email: string
}

/** Options of a list beyond contract §2's parameters. */
export interface RequestListOptions {
  userId?: number | undefined
  status?: StatusFilter | undefined
}

/** Document requests (issue 16, contract §7): what the firm asks a client for, by when, and the reminders. */
export function createRequests({ db, outbox, identity, documents, clock, settings }: RequestsDeps) {
  const { accounts } = identity
  const today = () => firmDay(clock.now())
  const spaceUrl = `${settings.publicUrl}/files`

  async function typeNames(): Promise<Map<number, string>> {
    return new Map((await documents.allTypes()).map((type) => [type.id, type.typeName]))
  }

  async function toViews(records: RequestRecord[]): Promise<RequestView[]> {
    const [users, types, docs] = await Promise.all([accounts.summariesByIds(records.map((r) => r.userId)), typeNames(), repo.documentsOf(db, records.map((r) => r.id))])
    // Contract §9: an answer's documents say who of the company uploaded them.
    const uploaders = await documents.uploadersOf([...docs.values()].flat().map((d) => d.id))
    const day = today()
    return records.map((r) => ({
      id: r.id,
      title: r.title,
      note: r.note,
      dueDate: r.dueDate,
      status: r.status,
      overdue: r.status === 'open' && r.dueDate < day,
      type: { id: r.typeId, typeName: types.get(r.typeId) ?? '' },
      user: { id: r.userId, username: users.get(r.userId)?.username ?? '', entreprise: users.get(r.userId)?.entreprise ?? '' },
      createdAt: r.createdAt,
      fulfilledAt: r.fulfilledAt,
      cancelledAt: r.cancelledAt,
      documents: (docs.get(r.id) ?? []).map((d) => ({ ...d, uploadedBy: uploaders.get(d.id) ?? null })),
      obligation: r.obligation,
    }))
  }

  /** Reminders waiting for these outbox ids go (fulfilled, cancelled, deleted). */
  async function discard(trx: Db, outboxIds: number[]): Promise<void> {
    await outbox.discardPending(trx, outboxIds)
  }

  /** The reminders of these open requests addressed to `email` go, mails and links (read as they are now). */
  async function forgetAmong(trx: Db, requestIds: number[], email: string): Promise<void> {
    const theirs = await outbox.pendingTo(trx, await repo.lockRemindersOf(trx, requestIds), email)
    await repo.forgetReminders(trx, requestIds, theirs)
    await discard(trx, theirs)
  }

  /**
   * The refusal for a request that could not be claimed or cancelled, found `within` what the asker
   * reaches: unknown (or another client's, to a client and to staff: they cannot tell them apart,
   * contract §9), or closed. The administrator answering for a client, who sees every request, hears
   * that it is another client's.
   */
  async function refusal(trx: Db, within: Scope, id: number, userId?: number): Promise<DomainError> {
    const found = id > 0 ? await repo.findRequest(trx, within, id) : undefined
    if (!found) return refuse('not_found', 'notFound')
    if (userId !== undefined && found.userId !== userId) return refuse('validation', 'otherClient')
    return refuse('conflict', found.status === 'fulfilled' ? 'alreadyFulfilled' : 'alreadyCancelled')
  }

  async function listIn(within: Scope, filter: ListFilter, options: RequestListOptions = {}): Promise<Page<RequestView>> {
    // One client's among the firm's; a company's person has only their own.
    const firm = isFirmScope(within)
    const clients = filter.q && firm ? await accounts.idsMatching(filter.q) : undefined
    const page = await repo.findRequestsPage(db, within, { userId: firm ? options.userId : undefined, status: options.status, today: today() }, filter, clients)
    return { total: page.total, items: await toViews(page.items) }
  }

  /** The request, its mail and every reminder step to each of `people`, in the caller's transaction. */
  async function writeRequest(trx: Db, request: repo.NewRequest, facts: RequestFacts, people: Array<{ email: string; language: Language }>): Promise<number> {
    const id = await repo.insertRequest(trx, request)
    const reminderIds: number[] = []
    // Each person's mails in their language (contract §10).
    for (const person of people) {
      await outbox.enqueue(trx, clientMail(person, facts, undefined, spaceUrl))
      for (const { step, at } of reminderSchedule(request.dueDate, request.createdAt, settings.reminderHour)) reminderIds.push(await outbox.enqueueAt(trx, clientMail(person, facts, step, spaceUrl), at))
    }
    await repo.addReminders(trx, id, reminderIds)
    return id
  }

  const answers: RequestAnswers = {
    async claim(trx, requestId, userId, by = 'client'): Promise<ClaimedRequest> {
      const at = clock.now()
      const company: Scope = { kind: 'company', companyId: userId }
      const answered = requestId > 0 && (await repo.closeRequest(trx, company, requestId, 'fulfilled', at))
      const request = requestId > 0 ? await repo.findRequest(trx, FIRM_SCOPE, requestId) : undefined
      // An answered request takes the rest of a client's answer (several files sent at once, or one
      // forgotten): each is listed with it; the reminders are already gone and the firm already mailed.
      // The firm answers an open request only: sending into a closed one is a mistake of choice.
      const adding = by === 'client' && !answered && request?.userId === userId && request.status === 'fulfilled'
      if (!request || !(answered || adding)) throw await refusal(trx, by === 'firm' ? FIRM_SCOPE : company, requestId, userId)
      return {
        typeId: request.typeId,
        title: request.title,
        async fulfil(document) {
          await repo.addDocument(trx, requestId, document.id, document.fileName)
          if (adding) return
          await discard(trx, await repo.takeRemindersOf(trx, requestId))
          // The firm answered it itself: « Demande reçue » would tell it what it just did.
          if (by !== 'client') return
          const client = await accounts.findAccountSummary(userId, trx)
          const facts: RequestFacts = { title: request.title, note: request.note, dueDate: request.dueDate, typeName: document.typeName }
          await outbox.enqueue(trx, fulfilledMail(settings.firmEmail, client?.username ?? '', facts, document.fileName, `${settings.publicUrl}/admin-dashboard/requests?status=fulfilled`))
        },
      }
    },

    async removeForType(trx, typeId) {
      await discard(trx, await repo.deleteWhere(trx, 'type_id', typeId))
    },
  }

  return {
    answers,
    /** Documents' types and upload limit, for the forms of the pages (ask, upload). */
    types: () => documents.allTypes(),
    maxUploadBytes: documents.maxUploadBytes,
    /** « Reçus du cabinet » in the company's space (contract §7, §9): the newest of what the firm sent it. */
    received: (companyId: number, shown: number) => documents.listReceived(companyId, { q: '', page: 1, pageSize: shown }, { kind: 'company', companyId }),
    /** « Mes documents » there: the newest of what the company's people sent. */
    owned: (companyId: number, shown: number) => documents.listOwned(companyId, { page: 1, pageSize: shown }, { kind: 'company', companyId }),

    /**
     * POST /api/requests: the shared check, then the client (an accepted client the asker serves:
     * another is unknown to a staff member, 404) and the type; the request, its mail and every
     * reminder step to each active person of the company (each an outbox row due at its time) in
     * one transaction. A person who joins later is added to its reminders still to come, one who
     * leaves is taken out of them (addPerson, forgetPerson).
     */
    async create(viewer: SessionUser, input: Record<string, unknown>): Promise<RequestView> {
      const checked = checkNewRequest(input, today())
      if (!checked.ok) throw refuse.form(checked)
      const fields = checked.value
      const scope = scopeOf(viewer)
      if (!isFirmScope(scope) || !(await reaches(db, scope, fields.userId))) throw refuse('not_found', 'clientNotFound').under('userId')
      const client = await accounts.findAccountSummary(fields.userId)
      // A member's own id names no company: its people are none.
      const asked = client && !client.isAdmin && client.isAccepted ? await accounts.companyPeople(fields.userId) : []
      if (asked.length === 0) throw refuse('validation', 'notAClient').under('userId')
      const typeName = (await typeNames()).get(fields.typeId)
      if (typeName === undefined) throw refuse('validation', 'unknownType').under('typeId')
      const createdAt = clock.now()
      const facts: RequestFacts = { title: fields.title, note: fields.note, dueDate: fields.dueDate, typeName }
      const id = await explainForeignKeys(() =>
        transaction(db, async (trx) => {
          // The people again, first and locked (MariaDB) until the commit: a member removed or joining
          // meanwhile waits for the request, then finds its reminders to discard or to add (forgetPerson,
          // addPerson), or went first and is not, or is, among them.
          const people = await accounts.companyPeople(fields.userId, trx, { lock: true })
          if (people.length === 0) throw refuse('validation', 'notAClient').under('userId')
          // Each request mails every person of the company up to seven times: a cap per client, counted
          // under the people's lock, so that requests made at once are counted in turn (issue 34).
          if ((await repo.countAskedSince(trx, fields.userId, new Date(createdAt.getTime() - DAY_MS))) >= REQUESTS_PER_CLIENT_PER_DAY) throw refuse('rate_limited', 'tooManyForClient')
          return writeRequest(trx, { ...fields, createdAt }, facts, people)
        }),
      )
      return (await toViews([(await repo.findRequest(db, FIRM_SCOPE, id))!]))[0]!
    },

    /**
     * GET /api/requests, of the viewer's scope (contract §9): an administrator's every client's (or
     * one client's, `userId`), a staff member's their clients' (another's `userId` gives none), a
     * company's person the company's.
     */
    list: (viewer: SessionUser, filter: ListFilter, options: RequestListOptions = {}): Promise<Page<RequestView>> => listIn(scopeOf(viewer), filter, options),
    /** The same within a scope the caller chose (the client's space: the person's own company, whoever they are). */
    listIn,

    /**
     * A request the firm's calendar makes (contract §11): as `create` makes one (the same mail and
     * reminders to every person of the company), carrying its obligation and period. The unique key
     * (obligation, period, company) refuses a second one, whoever writes it and whenever: 'exists',
     * and nothing of it is written. 'none' when the company has no active person (or the type is gone).
     */
    async createForObligation(input: { userId: number; typeId: number; title: string; note: string; dueDate: string; obligation: RequestObligation }): Promise<'created' | 'exists' | 'none'> {
      const typeName = (await typeNames()).get(input.typeId)
      if (typeName === undefined) return 'none'
      const facts: RequestFacts = { title: input.title, note: input.note, dueDate: input.dueDate, typeName }
      try {
        return await transaction(db, async (trx) => {
          const people = await accounts.companyPeople(input.userId, trx, { lock: true })
          if (people.length === 0) return 'none'
          await writeRequest(trx, { ...input, createdAt: clock.now() }, facts, people)
          return 'created'
        })
      } catch (error) {
        if (isUniqueViolation(error)) return 'exists'
        const code = (error as { code?: string }).code ?? ''
        // The company or the type deleted meanwhile: nothing to ask.
        if (/FOREIGNKEY|NO_REFERENCED_ROW/.test(code)) return 'none'
        throw error
      }
    },
    /** The companies that have this obligation's request for this period (the calendar's run skips them). */
    companiesWithPeriod: (obligationId: number, period: string): Promise<Set<number>> => repo.companiesWithPeriod(db, obligationId, period),
    /** The calendar's requests of the scope's clients due within a range (its items). */
    obligationRequests: (within: Scope, range: { from: string; to: string; userId?: number | undefined; obligationIds?: number[] }) => repo.findObligationRequests(db, within, range),

    /** POST /api/requests/:id/cancel: an open request of one of the viewer's clients is cancelled and its waiting reminders discarded. */
    async cancel(viewer: SessionUser, id: number): Promise<void> {
      const scope = scopeOf(viewer)
      await transaction(db, async (trx) => {
        if (!(await repo.closeRequest(trx, scope, id, 'cancelled', clock.now()))) throw await refusal(trx, scope, id)
        await discard(trx, await repo.takeRemindersOf(trx, id))
      })
    },

    /** A client's open requests, soonest due first (their space; the client's page of the firm), when `scope` reaches the client. */
    openFor: async (userId: number, scope: Scope = FIRM_SCOPE): Promise<RequestView[]> => toViews(await repo.findOpenFor(db, scope, userId)),
    /** Accepted clients by name for the requests page's chooser (a staff member's own clients); null when there are more than it lists. */
    async clientChoices(viewer: SessionUser): Promise<Array<{ id: number; username: string; entreprise: string }> | null> {
      const page = await accounts.findPage(true, { q: '', page: 1, pageSize: CHOOSER_MAX }, { scope: scopeOf(viewer) })
      if (page.total > CHOOSER_MAX) return null
      return page.items.map((a) => ({ id: a.id, username: a.username, entreprise: a.entreprise })).sort((a, b) => a.username.localeCompare(b.username, 'fr') || a.entreprise.localeCompare(b.entreprise, 'fr'))
    },
    /** Open requests past their due date (the dashboard): the firm's, or a staff member's clients' (pass `scopeOf(viewer)`). */
    countOverdue: (scope: Scope = FIRM_SCOPE): Promise<number> => repo.countOverdue(db, scope, today()),
    /** The firm's day, Algiers time (pages: the due date's minimum). */
    today,

    /** One request (its cancellation's confirmation page, without JavaScript); 404 when there is none, or it is another client's than the viewer's. */
    async find(viewer: SessionUser, id: number): Promise<RequestView> {
      const record = await repo.findRequest(db, scopeOf(viewer), id)
      if (!record) throw refuse('not_found', 'notFound')
      return (await toViews([record]))[0]!
    },

    /** The client a request may be asked of (an accepted client the viewer serves), for the page asking them; 404 otherwise. */
    async askable(viewer: SessionUser, userId: number): Promise<{ id: number; username: string; entreprise: string }> {
      const scope = scopeOf(viewer)
      if (!isFirmScope(scope) || !(await reaches(db, scope, userId))) throw refuse('not_found', 'notAClient')
      const client = await accounts.findAccountSummary(userId)
      if (!client || client.isAdmin || !client.isAccepted) throw refuse('not_found', 'notAClient')
      return { id: client.id, username: client.username, entreprise: client.entreprise }
    },

    /**
     * A person leaves the company (its owner removed them, contract §9): the reminders of its open
     * requests addressed to them are discarded, in the caller's transaction (the removal's).
     */
    async forgetPerson(trx: Db, person: Person): Promise<void> {
      const open = await repo.lockOpenOf(trx, person.companyId)
      await forgetAmong(trx, open.map((request) => request.id), person.email)
    },

    /**
     * A person joins the company (their invitation accepted, contract §9): each of its open requests'
     * reminder steps still to come is written for them too, as for the others when it was asked, in
     * the caller's transaction (the acceptance's). Anything left addressed to them goes first, so they
     * have each step once.
     */
    async addPerson(trx: Db, person: Person & { id: number }): Promise<void> {
      const open = await repo.lockOpenOf(trx, person.companyId)
      if (open.length === 0) return
      const to = { email: person.email, language: await accounts.languageOf(person.id, trx) }
      await forgetAmong(trx, open.map((request) => request.id), person.email)
      const types = new Map((await documents.allTypes(trx)).map((type) => [type.id, type.typeName]))
      const now = clock.now()
      for (const request of open) {
        const facts: RequestFacts = { title: request.title, note: request.note, dueDate: request.dueDate, typeName: types.get(request.typeId) ?? '' }
        const reminderIds: number[] = []
        for (const { step, at } of reminderSchedule(request.dueDate, now, settings.reminderHour)) reminderIds.push(await outbox.enqueueAt(trx, clientMail(to, facts, step, spaceUrl), at))
        await repo.addReminders(trx, request.id, reminderIds)
      }
    },

    /** In a user's deletion, before their account goes: their requests and waiting reminders go too. */
    async removeAllOwnedBy(trx: Db, userId: number): Promise<void> {
      await discard(trx, await repo.deleteWhere(trx, 'user_id', userId))
    },
  }
}

/** A client or type deleted while the request was being written: the foreign key refuses it (never a 500). */
async function explainForeignKeys<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work()
  } catch (error) {
    const code = (error as { code?: string }).code ?? ''
    if (/FOREIGNKEY|NO_REFERENCED_ROW/.test(code)) throw refuse('validation', 'notAClient').under('userId')
    throw error
  }
}

export type Requests = ReturnType<typeof createRequests>
