import type { Clock } from '../../clock/clock.js'
import type { Db } from '../../db/database.js'
import type { ListFilter, Page } from '../../db/lists.js'
import { transaction } from '../../db/transaction.js'
import { HttpError, refusedForm } from '../../http/errors.js'
import type { Outbox } from '../../jobs/outbox.js'
import { firmDay } from '../../shared/time.js'
import type { Answerer, ClaimedRequest, Documents, RequestAnswers } from '../documents/index.js'
import type { Identity, SessionUser } from '../identity/index.js'
import { clientMail, fulfilledMail, reminderSchedule, type RequestFacts } from './reminders.js'
import * as repo from './repository.js'
import type { RequestRecord } from './repository.js'
import type { RequestView } from './schemas.js'
import { messages, type StatusFilter } from './texts.js'
import { checkNewRequest } from './validation.js'

export interface RequestsDeps {
  db: Db
  /** The request's mail and its reminders are written with it; pending reminders are discarded when it closes. */
  outbox: Pick<Outbox, 'enqueue' | 'enqueueAt' | 'discardPending'>
  identity: Pick<Identity, 'accounts'>
  /** Types: a request asks for one of documents' types; the client's space holds the upload form. */
  documents: Pick<Documents, 'allTypes' | 'maxUploadBytes' | 'listReceived' | 'listOwned'>
  /** Today (Algiers time) for `overdue` and the due date's check; when reminders are due. */
  clock: Clock
  /** `reminderHour`: REMINDER_HOUR, the hour (Algiers time) reminders go out. */
  settings: { publicUrl: string; firmEmail: string; reminderHour: number }
}

/** The requests page's client chooser lists at most this many clients (beyond it, ask from the client's page). */
const CHOOSER_MAX = 500

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
      documents: docs.get(r.id) ?? [],
    }))
  }

  /** Reminders waiting for these outbox ids go (fulfilled, cancelled, deleted). */
  async function discard(trx: Db, outboxIds: number[]): Promise<void> {
    await outbox.discardPending(trx, outboxIds)
  }

  /**
   * The refusal for a request that could not be claimed or cancelled: unknown (or, to a client,
   * another client's: they cannot tell them apart), or closed. The firm, who sees every request,
   * hears that it is another client's.
   */
  async function refusal(trx: Db, id: number, userId?: number, by: Answerer = 'client'): Promise<HttpError> {
    const found = id > 0 ? await repo.findRequest(trx, id) : undefined
    if (!found) return new HttpError(404, messages.notFound)
    if (userId !== undefined && found.userId !== userId) return by === 'firm' ? new HttpError(400, messages.otherClient) : new HttpError(404, messages.notFound)
    return new HttpError(409, found.status === 'fulfilled' ? messages.alreadyFulfilled : messages.alreadyCancelled)
  }

  const answers: RequestAnswers = {
    async claim(trx, requestId, userId, by = 'client'): Promise<ClaimedRequest> {
      const at = clock.now()
      const answered = requestId > 0 && (await repo.closeRequest(trx, requestId, 'fulfilled', at, userId))
      const request = requestId > 0 ? await repo.findRequest(trx, requestId) : undefined
      // An answered request takes the rest of a client's answer (several files sent at once, or one
      // forgotten): each is listed with it; the reminders are already gone and the firm already mailed.
      // The firm answers an open request only: sending into a closed one is a mistake of choice.
      const adding = by === 'client' && !answered && request?.userId === userId && request.status === 'fulfilled'
      if (!request || !(answered || adding)) throw await refusal(trx, requestId, userId, by)
      return {
        typeId: request.typeId,
        title: request.title,
        async fulfil(document) {
          await repo.addDocument(trx, requestId, document.id, document.fileName)
          if (adding) return
          await discard(trx, await repo.takeRemindersOf(trx, requestId))
          // The firm answered it itself: « Demande reçue » would tell it what it just did.
          if (by === 'firm') return
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
    /** « Reçus du cabinet » in the client's space (contract §7): the newest of what the firm sent them. */
    received: (userId: number, shown: number) => documents.listReceived(userId, { q: '', page: 1, pageSize: shown }),
    /** « Mes documents » there: the newest of what the client sent. */
    owned: (userId: number, shown: number) => documents.listOwned(userId, { page: 1, pageSize: shown }),

    /**
     * POST /api/requests: the shared check, then the client (an accepted client) and the type; the
     * request, its mail and every reminder step (each an outbox row due at its time) in one transaction.
     */
    async create(input: Record<string, unknown>): Promise<RequestView> {
      const checked = checkNewRequest(input, today())
      if (!checked.ok) throw refusedForm(checked)
      const fields = checked.value
      const client = await accounts.findAccountSummary(fields.userId)
      if (!client || client.isAdmin || !client.isAccepted) throw new HttpError(400, messages.notAClient).under('userId')
      const typeName = (await typeNames()).get(fields.typeId)
      if (typeName === undefined) throw new HttpError(400, messages.unknownType).under('typeId')
      const createdAt = clock.now()
      const facts: RequestFacts = { title: fields.title, note: fields.note, dueDate: fields.dueDate, typeName }
      const id = await explainForeignKeys(() =>
        transaction(db, async (trx) => {
          const id = await repo.insertRequest(trx, { ...fields, createdAt })
          await outbox.enqueue(trx, clientMail(client.email, facts, undefined, spaceUrl))
          const reminderIds: number[] = []
          for (const { step, at } of reminderSchedule(fields.dueDate, createdAt, settings.reminderHour)) reminderIds.push(await outbox.enqueueAt(trx, clientMail(client.email, facts, step, spaceUrl), at))
          await repo.addReminders(trx, id, reminderIds)
          return id
        }),
      )
      return (await toViews([(await repo.findRequest(db, id))!]))[0]!
    },

    /** GET /api/requests: administrators all (or one client's), a client their own. */
    async list(viewer: SessionUser, filter: ListFilter, options: RequestListOptions = {}): Promise<Page<RequestView>> {
      const userId = viewer.isAdmin ? options.userId : viewer.id
      const page = await repo.findRequestsPage(db, { userId, status: options.status, today: today() }, filter, filter.q && viewer.isAdmin ? await accounts.idsMatching(filter.q) : undefined)
      return { total: page.total, items: await toViews(page.items) }
    },

    /** POST /api/requests/:id/cancel: an open request is cancelled and its waiting reminders discarded. */
    async cancel(id: number): Promise<void> {
      await transaction(db, async (trx) => {
        if (!(await repo.closeRequest(trx, id, 'cancelled', clock.now()))) throw await refusal(trx, id)
        await discard(trx, await repo.takeRemindersOf(trx, id))
      })
    },

    /** A client's open requests, soonest due first (their space). */
    openFor: async (userId: number): Promise<RequestView[]> => toViews(await repo.findOpenFor(db, userId)),
    /** Accepted clients by name for the requests page's chooser; null when there are more than it lists. */
    async clientChoices(): Promise<Array<{ id: number; username: string; entreprise: string }> | null> {
      const page = await accounts.findPage(true, { q: '', page: 1, pageSize: CHOOSER_MAX })
      if (page.total > CHOOSER_MAX) return null
      return page.items.map((a) => ({ id: a.id, username: a.username, entreprise: a.entreprise })).sort((a, b) => a.username.localeCompare(b.username, 'fr') || a.entreprise.localeCompare(b.entreprise, 'fr'))
    },
    /** Open requests past their due date (the dashboard). */
    countOverdue: (): Promise<number> => repo.countOverdue(db, today()),
    /** The firm's day, Algiers time (pages: the due date's minimum). */
    today,

    /** One request (its cancellation's confirmation page, without JavaScript); 404 when there is none. */
    async find(id: number): Promise<RequestView> {
      const record = await repo.findRequest(db, id)
      if (!record) throw new HttpError(404, messages.notFound)
      return (await toViews([record]))[0]!
    },

    /** The client a request may be asked of (an accepted client), for the page asking them; 404 otherwise. */
    async askable(userId: number): Promise<{ id: number; username: string; entreprise: string }> {
      const client = await accounts.findAccountSummary(userId)
      if (!client || client.isAdmin || !client.isAccepted) throw new HttpError(404, messages.notAClient)
      return { id: client.id, username: client.username, entreprise: client.entreprise }
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
    if (/FOREIGNKEY|NO_REFERENCED_ROW/.test(code)) throw new HttpError(400, messages.notAClient).under('userId')
    throw error
  }
}

export type Requests = ReturnType<typeof createRequests>
