import type { Clock } from '../../clock/clock.js'
import type { Db } from '../../db/database.js'
import type { Page } from '../../db/lists.js'
import type { RequestOrigin } from '../../shared/request-origin.js'
import type { JournalAction, SubjectType } from './actions.js'
import * as repo from './repository.js'
import type { JournalFilter, JournalReader, JournalRow } from './repository.js'
import { searchTextOf } from './search.js'

/** Who did it: a logged-in user (or the account a credential proved), null for nobody known. */
export interface JournalActor {
  id: number
  username: string
  /** Searched by `q` (contract §6), never shown. */
  email?: string | undefined
}

export interface JournalSubject {
  type: SubjectType
  id: number
  /** The name shown, kept as it was: a deleted subject keeps its label. */
  label: string
  /** The user whose account or document this is: the entry shows in their activity. */
  ownerId?: number | null | undefined
}

export interface JournalEvent {
  action: JournalAction
  actor: JournalActor | null
  subject: JournalSubject | null
  /** The request's IP and browser; null for what the server does by itself. */
  from: RequestOrigin | null
  /** An address typed by someone not identified (a failed login on no account): searchable, not shown. */
  attemptedAs?: string | undefined
}

/**
 * The companies of accounts, read in the entry's transaction: an entry is found by its actor's and
 * its owner's company (issue 17). Identity records into the journal, so app.ts hands this in.
 */
export interface EntryCompanies {
  companiesOf(trx: Db, ids: number[]): Promise<Map<number, string>>
}

export interface JournalDeps {
  db: Db
  clock: Clock
  /** Absent: entries are found by what they record only (a journal built alone, in tests). */
  companies?: EntryCompanies
}

export type { ClientsIn, JournalReader } from './repository.js'

/** An entry for a page: the contract's entry, and whether its subject still has a page. */
export type ListedEntry = JournalRow & { subjectLive: boolean; actorLive: boolean }

/** The journal (contract §6): one append-only row per event, written in the transaction of its cause. */
export function createJournal({ db, clock, companies: entryCompanies }: JournalDeps) {
  async function withLiveness(page: Page<JournalRow>): Promise<Page<ListedEntry>> {
    const subjects = page.items.flatMap((e) => [
      ...(e.subject ? [{ type: e.subject.type as SubjectType, id: e.subject.id }] : []),
      ...(e.actor ? [{ type: 'user' as const, id: e.actor.id }] : []),
      ...(e.ownerId !== null ? [{ type: 'user' as const, id: e.ownerId }] : []),
    ])
    const deleted = await repo.deletedAmong(db, subjects)
    const gone = (type: string, id: number | null) => id === null || deleted.has(`${type}:${id}`)
    return {
      total: page.total,
      items: page.items.map((e) => ({
        ...e,
        // A document's page is its owner's profile: it goes with the document or with the owner.
        subjectLive: e.subject !== null && !gone(e.subject.type, e.subject.id) && (e.subject.type !== 'document' || !gone('user', e.ownerId)),
        actorLive: e.actor !== null && !gone('user', e.actor.id),
      })),
    }
  }

  /**
   * Writes one entry in the caller's transaction (`trx`): the event and its entry are committed
   * together or not at all.
   */
  async function record(trx: Db, event: JournalEvent): Promise<void> {
    const { action, actor, subject, from } = event
    const ownerId = subject?.ownerId ?? (subject?.type === 'user' ? subject.id : null)
    // Searched, never shown: the page shows the company of the accounts still there, as they are now.
    const ids = [actor?.id, ownerId].filter((id): id is number => typeof id === 'number')
    const companies = entryCompanies && ids.length ? await entryCompanies.companiesOf(trx, [...new Set(ids)]) : new Map<number, string>()
    await repo.insertEntry(trx, {
      at: clock.now(),
      action,
      actorId: actor?.id ?? null,
      actorLabel: actor?.username ?? null,
      actorEmail: actor?.email ?? event.attemptedAs ?? null,
      subjectType: subject?.type ?? null,
      subjectId: subject?.id ?? null,
      subjectLabel: subject?.label ?? null,
      ownerId,
      ip: from?.ip ?? null,
      userAgent: from?.userAgent ?? null,
      searchText: searchTextOf([actor?.username, actor?.email ?? event.attemptedAs, action, subject?.label, actor && companies.get(actor.id), ownerId !== null && ownerId !== actor?.id ? companies.get(ownerId) : undefined]),
    })
  }

  return {
    record,

    /** The entries about one person, oldest first after `afterId` (their export, contract §12). */
    entriesAbout: (personId: number, afterId: number, limit: number): Promise<repo.PersonEntry[]> => repo.findEntriesAbout(db, personId, afterId, limit),

    /**
     * The entry, unless its actor recorded the same action on the same subject within `withinMs`:
     * one act that takes several requests (a document's « Voir » and the file it opens) is one entry.
     * The caller serialises its concurrent requests (a lock on the subject's row).
     */
    async recordOnce(trx: Db, event: JournalEvent & { actor: JournalActor; subject: JournalSubject }, withinMs: number): Promise<void> {
      const since = new Date(clock.now().getTime() - withinMs)
      const { action, actor, subject } = event
      if (await repo.hasEntrySince(trx, { action, actorId: actor.id, subjectType: subject.type, subjectId: subject.id, since })) return
      await record(trx, event)
    },

    /**
     * GET /api/journal: newest first, with the list filters, one action, one actor; `reader`'s
     * entries only (contract §9: a staff member's clients' and their own, an administrator's all).
     */
    list: (filter: JournalFilter, reader: JournalReader): Promise<Page<repo.JournalRow>> => repo.findEntries(db, { ...filter, reader }),

    /** The same, each entry saying whether its subject and actor still exist (the page links only those). */
    listForPage: async (filter: JournalFilter, reader: JournalReader): Promise<Page<ListedEntry>> => withLiveness(await repo.findEntries(db, { ...filter, reader })),

    /**
     * GET /api/users/activity: the entries about a person's account and their documents; a
     * company's member also sees their company's documents and messages (contract §9: its space is
     * theirs), never the owner's own account. What the firm's staff are stays theirs (security
     * review of issue 15): an entry shows its IP only when the person did it themself, and `q`
     * never matches an actor's e-mail.
     */
    async activity(person: { id: number; companyId?: number | null | undefined }, filter: Omit<JournalFilter, 'ownerId' | 'companyId' | 'actorId' | 'withoutEmails' | 'reader'>): Promise<Page<repo.JournalRow>> {
      const page = await repo.findEntries(db, { ...filter, ownerId: person.id, companyId: person.companyId ?? undefined, withoutEmails: true })
      return { total: page.total, items: page.items.map((entry) => (entry.actor?.id === person.id ? entry : { ...entry, ip: null })) }
    },
  }
}

export type Journal = ReturnType<typeof createJournal>
export type { JournalFilter, JournalRow }
