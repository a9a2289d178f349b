import type { Clock } from '../../clock/clock.js'
import type { Db } from '../../db/database.js'
import type { ListFilter, Page } from '../../db/lists.js'
import { transaction } from '../../db/transaction.js'
import { HttpError } from '../../http/errors.js'
import { enqueueBatched } from '../../jobs/batched-mail.js'
import type { Outbox } from '../../jobs/outbox.js'
import type { AccountSummary, Identity, SessionUser } from '../identity/index.js'
import { noticeMail } from './mails.js'
import * as repo from './repository.js'
import type { ThreadMessage } from './schemas.js'
import { texts } from './texts.js'

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

/** Who reads or writes a thread: its client or an administrator. */
export type Reader = Pick<SessionUser, 'id' | 'isAdmin' | 'isAccepted'>
/** Who writes: their name goes with the message. */
export type Writer = Reader & Pick<SessionUser, 'username'>

/** Messages: one thread per accepted client, between the client and the firm (contract §7). */
export function createMessages({ db, outbox, identity, clock, settings }: MessagesDeps) {
  const { accounts } = identity

  /**
   * The thread's client, if `reader` may open it: the client themselves or an administrator. Another
   * user hears 403 whether or not the thread exists (as for profiles); a thread that does not exist
   * (unknown user, an administrator, an account not accepted yet) is 404.
   */
  async function threadOf(reader: Reader, userId: number, trx: Db = db): Promise<{ client: AccountSummary; side: repo.Side }> {
    if (!reader.isAdmin && reader.id !== userId) throw new HttpError(403, texts.notYours)
    const client = await accounts.findAccountSummary(userId, trx)
    if (!client || client.isAdmin || !client.isAccepted) throw new HttpError(404, texts.noThread)
    return { client, side: reader.isAdmin ? 'firm' : 'client' }
  }

  /** The firm's messages name their administrator (the firm, once that account is gone); the client's, the client. */
  async function withAuthors(rows: repo.MessageRow[], client: AccountSummary): Promise<ThreadMessage[]> {
    const admins = await accounts.summariesByIds(rows.flatMap((row) => (row.fromFirm && row.authorId !== null ? [row.authorId] : [])))
    return rows.map((row) => {
      const admin = row.fromFirm && row.authorId !== null ? admins.get(row.authorId) : undefined
      const author = row.fromFirm ? { id: admin?.id ?? null, username: admin?.username ?? texts.firm, isAdmin: true } : { id: client.id, username: client.username, isAdmin: false }
      return { id: row.id, at: row.at, author, text: row.text, readAt: row.readAt }
    })
  }

  return {
    threadOf,

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
        const mail = noticeMail(settings, to, client)
        const outcome = await enqueueBatched(trx, { outbox, now: at, intervalMs: MESSAGE_MAIL_INTERVAL_MS }, thread[to], async () => mail)
        if (outcome.kind !== 'merged') await repo.saveThreadMail(trx, userId, to, outcome.batch)
        // The author is known: no lookup outside the transaction (SQLite has one connection).
        return { id: row.id, at: row.at, author: { id: author.id, username: author.username, isAdmin: author.isAdmin }, text: row.text, readAt: null }
      })
    },

    /**
     * The firm's list of threads, the most recent first, with each client's name and the firm's
     * unread count; `q` over the client's name, e-mail and company and the last message.
     */
    async listThreads(filter: ListFilter): Promise<Page<ThreadSummary>> {
      const page = await repo.findThreadsPage(db, filter, filter.q ? await accounts.idsMatching(filter.q, { email: true }) : undefined)
      const names = await accounts.summariesByIds(page.items.map((row) => row.userId))
      return { total: page.total, items: page.items.map((row) => ({ ...row, username: names.get(row.userId)?.username ?? '', entreprise: names.get(row.userId)?.entreprise ?? '' })) }
    },

    /** The unread count the navigation shows, up to BADGE_CAP: a client's from the firm, the firm's from every client. */
    async unreadFor(user: Reader): Promise<number> {
      if (user.isAdmin) return repo.countUnread(db, 'firm', BADGE_CAP)
      return user.isAccepted ? repo.countUnread(db, 'client', BADGE_CAP, user.id) : 0
    },
  }
}

export type Messages = ReturnType<typeof createMessages>
