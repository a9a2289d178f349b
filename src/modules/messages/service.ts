import type { Clock } from '../../clock/clock.js'
import type { Db } from '../../db/database.js'
import type { ListFilter, Page } from '../../db/lists.js'
import { transaction } from '../../db/transaction.js'
import { enqueueBatched } from '../../jobs/batched-mail.js'
import { refusals } from '../../shared/domain-error.js'
import type { Language } from '../../shared/words.js'
import type { Outbox } from '../../jobs/outbox.js'
import { isFirmScope, onlyClientOf, reaches, scopeOf, type AccountSummary, type Identity, type SessionUser } from '../identity/index.js'
import { noticeMail } from './mails.js'
import * as repo from './repository.js'
import type { ThreadMessage } from './schemas.js'
import { texts } from './texts.js'
import { words } from './words.js'

const refuse = refusals(words)

/** Contract §7: the other side hears of new messages at most once per this interval, per thread. */
export const MESSAGE_MAIL_INTERVAL_MS = 15 * 60_000

/** Unread messages are counted up to this many: the navigation's badge shows « 99+ » past 99 (views/islands/NavBar.tsx). */
const BADGE_CAP = 100

export interface MessagesDeps {
  db: Db
  outbox: Pick<Outbox, 'enqueue' | 'enqueueAt' | 'replacePending'>
  identity: Pick<Identity, 'accounts'>
  clock: Clock
  settings: { publicUrl: string; firmEmail: string }
}

export type ThreadSummary = repo.ThreadRow & { username: string; entreprise: string }

/** Who reads or writes a thread: a company's person (owner or member), or the firm's (admin or staff). */
export type Reader = Pick<SessionUser, 'id' | 'isAdmin' | 'isAccepted' | 'role' | 'companyId'>
/** Who writes: their name goes with the message. */
export type Writer = Reader & Pick<SessionUser, 'username'>

/** Messages: one thread per accepted client company, between the company's people and the firm's (contract §7, §9). */
export function createMessages({ db, outbox, identity, clock, settings }: MessagesDeps) {
  const { accounts } = identity

  /**
   * The thread's client (the company, `userId`), if `reader` may open it: the company's people,
   * an administrator, or a staff member serving it. Another client hears 403 whether or not the
   * thread exists (as for profiles); to a staff member a client they do not serve is no thread (404,
   * contract §9); a thread that does not exist (unknown user, the firm's account, an account not
   * accepted yet, a member's own id: the company's is the thread's) is 404.
   */
  async function threadOf(reader: Reader, userId: number, trx: Db = db): Promise<{ client: AccountSummary; side: repo.Side }> {
    const scope = scopeOf(reader)
    if (!isFirmScope(scope) && onlyClientOf(scope) !== userId) throw refuse('forbidden', 'notYours')
    if (!(await reaches(trx, scope, userId))) throw refuse('not_found', 'noThread')
    const client = await accounts.findAccountSummary(userId, trx)
    if (!client || client.isAdmin || !client.isAccepted) throw refuse('not_found', 'noThread')
    // A member's own id is an account but no company (a staff member's assignments hold companies only).
    if (scope.kind === 'firm' && (await accounts.companyPeople(userId, trx)).length === 0) throw refuse('not_found', 'noThread')
    return { client, side: isFirmScope(scope) ? 'firm' : 'client' }
  }

  /**
   * Each message with its author (contract §9: `role` tells the firm's admin from its staff): the
   * person who wrote it, the firm (once that account is gone) for the firm's, the company for a
   * client's whose author is gone.
   */
  async function withAuthors(rows: repo.MessageRow[], client: AccountSummary): Promise<ThreadMessage[]> {
    const people = await accounts.peopleByIds(rows.flatMap((row) => (row.authorId !== null ? [row.authorId] : [])))
    const company = { id: client.id, username: client.username, isAdmin: false, role: 'client' as const }
    return rows.map((row) => {
      const person = row.authorId !== null ? people.get(row.authorId) : undefined
      const author = person
        ? { id: person.id, username: person.username, isAdmin: row.fromFirm, role: person.role }
        : row.fromFirm
          ? { id: null, username: texts.firm, isAdmin: true, role: null }
          : company
      return { id: row.id, at: row.at, author, text: row.text, readAt: row.readAt }
    })
  }

  /**
   * Who a firm's message is mailed to (contract §9): the person it answers, the author of the
   * thread's latest client message while they are still one of the company's active people; else
   * the company's owner.
   */
  async function answeredPerson(trx: Db, client: AccountSummary): Promise<Pick<AccountSummary, 'id' | 'username' | 'email'> & { language: Language }> {
    // One after the other: the post's transaction holds one connection.
    const people = await accounts.companyPeople(client.id, trx)
    const lastAuthor = await repo.lastClientAuthor(trx, client.id)
    return people.find((person) => person.id === lastAuthor) ?? people.find((person) => person.companyRole === 'owner') ?? { ...client, language: await accounts.languageOf(client.id, trx) }
  }

  return {
    threadOf,

    /** A person's messages, oldest first after `afterId`, each with its author's name (their export, contract §12). */
    async personalMessages(person: Pick<SessionUser, 'id' | 'companyId' | 'isAdmin'>, afterId: number, limit: number) {
      const rows = await repo.findPersonalMessages(db, { id: person.id, companyId: person.companyId, isFirm: person.isAdmin }, afterId, limit)
      const people = await accounts.peopleByIds(rows.flatMap((row) => (row.authorId !== null ? [row.authorId] : [])))
      return rows.map((row) => ({ id: row.id, threadId: row.threadId, at: row.at, author: row.authorId === null ? null : { id: row.authorId, username: people.get(row.authorId)?.username ?? '' }, fromFirm: row.fromFirm, text: row.text, readAt: row.readAt }))
    },

    /**
     * A page of the thread (page 1: the latest messages, oldest first). When `markRead` (the
     * request came from the portal itself, see isOwnSiteRequest), the other side's messages are
     * marked read first, so the page shows them read.
     */
    async readThread(reader: Reader, userId: number, filter: ListFilter, options: { markRead: boolean }): Promise<Page<ThreadMessage> & { client: AccountSummary }> {
      const { client, side } = await threadOf(reader, userId)
      if (options.markRead) await repo.markRead(db, userId, side, clock.now())
      const page = await repo.findThreadPage(db, userId, filter)
      return { total: page.total, items: await withAuthors(page.items, client), client }
    },

    /**
     * Adds a message and, in the same transaction with the thread's row locked, the other side's
     * mail, grouped: at most one per 15 minutes per thread and side. The mail never holds the text.
     */
    async post(author: Writer, userId: number, text: string): Promise<ThreadMessage> {
      return transaction(db, async (trx) => {
        const { client, side } = await threadOf(author, userId, trx)
        const at = clock.now()
        const thread = await repo.lockThread(trx, userId, at)
        const row = await repo.insertMessage(trx, { userId, authorId: author.id, side, text, at })
        await repo.setLastMessage(trx, userId, row.id)
        const to: repo.Side = side === 'firm' ? 'client' : 'firm'
        // The firm's mail names nobody's address but the firm's, in French (contract §10).
        const mail = noticeMail(settings, to, client, to === 'client' ? await answeredPerson(trx, client) : { email: client.email, language: 'fr' })
        const outcome = await enqueueBatched(trx, { outbox, now: at, intervalMs: MESSAGE_MAIL_INTERVAL_MS }, thread[to], async () => mail)
        if (outcome.kind !== 'merged') await repo.saveThreadMail(trx, userId, to, outcome.batch)
        // The author is known: no lookup outside the transaction (SQLite has one connection).
        return { id: row.id, at: row.at, author: { id: author.id, username: author.username, isAdmin: side === 'firm', role: author.role }, text: row.text, readAt: null }
      })
    },

    /**
     * The firm's list of threads within the viewer's scope (a staff member's clients'), the most
     * recent first, with each client's name and the firm's unread count; `q` over the client's name,
     * e-mail and company and the last message.
     */
    async listThreads(viewer: Reader, filter: ListFilter): Promise<Page<ThreadSummary>> {
      const page = await repo.findThreadsPage(db, scopeOf(viewer), filter, filter.q ? await accounts.idsMatching(filter.q, { email: true }) : undefined)
      const names = await accounts.summariesByIds(page.items.map((row) => row.userId))
      return { total: page.total, items: page.items.map((row) => ({ ...row, username: names.get(row.userId)?.username ?? '', entreprise: names.get(row.userId)?.entreprise ?? '' })) }
    },

    /**
     * The unread count the navigation shows, up to BADGE_CAP: a company's people's from the firm (in
     * their company's thread), the firm's from the clients of the viewer's scope (a staff member's own).
     */
    async unreadFor(user: Reader): Promise<number> {
      const scope = scopeOf(user)
      if (isFirmScope(scope)) return repo.countUnread(db, 'firm', BADGE_CAP, scope)
      return user.isAccepted ? repo.countUnread(db, 'client', BADGE_CAP, scope) : 0
    },
  }
}

export type Messages = ReturnType<typeof createMessages>
