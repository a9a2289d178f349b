import { Readable } from 'node:stream'
import type { FastifyBaseLogger } from 'fastify'
import type { Clock } from '../../clock/clock.js'
import type { Db } from '../../db/database.js'
import { transaction } from '../../db/transaction.js'
import type { AttemptLimiter } from '../../limits/attempt-limiter.js'
import { refusals } from '../../shared/domain-error.js'
import type { RequestOrigin } from '../../shared/request-origin.js'
import { firmDay, firmDayStart, nextDay } from '../../shared/time.js'
import type { FileStorage } from '../../storage/storage.js'
import type { Documents, PersonalDocument } from '../documents/index.js'
import type { Identity, SessionUser } from '../identity/index.js'
import type { Journal } from '../journal/index.js'
import type { Messages } from '../messages/index.js'
import type { Requests } from '../requests/index.js'
import { jsonStream, streamArchive, uniqueNames, type ArchiveEntry } from './archive.js'
import { EXPORTS_PER_DAY, words } from './words.js'

const refuse = refusals(words)

/** Rows read from the database at a time while the archive is written. */
const BATCH = 500
/** The request list's largest page (contract §2). */
const REQUEST_PAGE = 200
/** The folder of the archive holding the person's files. */
export const FILES_FOLDER = 'documents'
export const DATA_FILE = 'mes-donnees.json'
/** Types already compressed: stored as they are (deflating them again costs CPU for nothing). */
const STORED_TYPES = /^(image\/|application\/pdf|application\/vnd\.openxmlformats|application\/vnd\.ms-excel)/

export interface PrivacyDeps {
  db: Db
  storage: FileStorage
  clock: Clock
  attempts: AttemptLimiter
  identity: Pick<Identity, 'accounts' | 'sessions' | 'accessTokens' | 'twoFactor' | 'companies'>
  documents: Pick<Documents, 'personalDocuments'>
  requests: Pick<Requests, 'list'>
  messages: Pick<Messages, 'personalMessages'>
  journal: Pick<Journal, 'record' | 'entriesAbout'>
  log: FastifyBaseLogger
}

export interface PersonalExport {
  fileName: string
  stream: Readable
}

/** The person's export (contract §12): one ZIP of a JSON of what the portal holds about them and of their files. */
export function createPersonalExport({ db, storage, clock, attempts, identity, documents, requests, messages, journal, log }: PrivacyDeps) {
  /** Counts one export of the person's Algiers day, or refuses (429 until the next day begins). */
  async function countToday(user: SessionUser) {
    const now = clock.now()
    const day = firmDay(now)
    const attempt = await attempts.begin(`export:${user.id}:${day}`, { max: EXPORTS_PER_DAY, windowMs: 25 * 3_600_000 })
    if (attempt.wait > 0) {
      const seconds = Math.max(1, Math.ceil((firmDayStart(nextDay(day)).getTime() - now.getTime()) / 1000))
      throw refuse('rate_limited', 'tooManyExports', EXPORTS_PER_DAY).retryAfter(seconds)
    }
    return attempt
  }

  /** The JSON's text, section after section, the long ones read a batch at a time. */
  async function* personJson(user: SessionUser, files: Map<number, string>, documentRows: PersonalDocument[]): AsyncGenerator<string> {
    const summary = await identity.accounts.findAccountSummary(user.id)
    // Contract §11: the identifiers are the company's owner's to read (a member's call is refused).
    const company = !user.isAdmin && user.companyRole !== 'member' ? (user.companyId ?? user.id) : null
    const account = {
      ...summary,
      role: user.role,
      companyId: user.companyId,
      companyRole: user.companyRole,
      twoFactor: await identity.twoFactor.isEnabled(user.id),
      sessions: (await identity.sessions.list(user.id, undefined)).map(({ id: _id, current: _current, ...session }) => session),
      accessTokens: await identity.accessTokens.list(user.id),
    }
    yield `{\n"exportedAt": ${JSON.stringify(clock.now())},\n"account": ${JSON.stringify(account)},\n`
    // Contract §11: their company's identifiers (NIF, NIS, RC, AI…); the firm's people have none.
    yield `"companyIdentifiers": ${JSON.stringify(company === null ? null : await identity.companies.find(company))},\n`
    yield '"requests": ['
    if (!user.isAdmin) {
      let first = true
      for (let page = 1; ; page++) {
        const found = await requests.list(user, { q: '', page, pageSize: REQUEST_PAGE })
        for (const item of found.items) {
          yield `${first ? '' : ','}\n${JSON.stringify(item)}`
          first = false
        }
        if (page * REQUEST_PAGE >= found.total || found.items.length === 0) break
      }
    }
    yield '\n],\n"messages": ['
    yield* batches((after) => messages.personalMessages(user, after, BATCH))
    yield '\n],\n"journal": ['
    yield* batches((after) => journal.entriesAbout(user.id, after, BATCH))
    yield '\n],\n"documents": ['
    let first = true
    for (const doc of documentRows) {
      const entry = { id: doc.id, direction: doc.direction, name: doc.name, description: doc.description, typeName: doc.typeName || null, originalName: doc.originalName, mime: doc.mime, size: doc.size, createdAt: doc.createdAt, isViewed: doc.isViewed, isArchived: doc.isArchived, file: files.get(doc.id) }
      yield `${first ? '' : ','}\n${JSON.stringify(entry)}`
      first = false
    }
    yield '\n]\n}\n'
  }

  return {
    /**
     * GET /api/users/export: counted against the day's limit and journaled (`account.exported`) before
     * a byte is sent; the archive is then written as the answer is read.
     */
    async exportFor(user: SessionUser, from: RequestOrigin | null): Promise<PersonalExport> {
      const attempt = await countToday(user)
      let documentRows: PersonalDocument[]
      try {
        documentRows = await documents.personalDocuments(user)
        await transaction(db, (trx) => journal.record(trx, { action: 'account.exported', actor: user, subject: { type: 'user', id: user.id, label: user.username }, from }))
      } catch (error) {
        await attempt.release()
        throw error
      }
      const name = uniqueNames()
      const files = new Map(documentRows.map((doc) => [doc.id, `${FILES_FOLDER}/${name(doc.originalName, `document-${doc.id}`)}`]))
      const now = clock.now()
      const entries: ArchiveEntry[] = [
        { name: DATA_FILE, mtime: now, compress: true, open: async () => jsonStream(personJson(user, files, documentRows)) },
        ...documentRows.map((doc) => ({
          name: files.get(doc.id)!,
          mtime: doc.createdAt,
          compress: !STORED_TYPES.test(doc.mime),
          open: async () => {
            const file = await storage.read(doc.storageKey)
            if (file) return file.stream
            // A row whose file is gone (never the portal's doing): the rest of the export is still theirs.
            log.error({ key: doc.storageKey, userId: user.id }, 'personal export: stored file missing, written empty')
            return Readable.from([])
          },
        })),
      ]
      const stream = streamArchive(entries, (error) => log.error({ err: error, userId: user.id }, 'personal export cut short'))
      return { fileName: `mes-donnees-${firmDay(now)}.zip`, stream }
    },
  }
}

/** A JSON array's items, read `BATCH` at a time by id, each written as it comes. */
async function* batches<T extends { id: number }>(read: (afterId: number) => Promise<T[]>): AsyncGenerator<string> {
  let after = 0
  let first = true
  for (;;) {
    const rows = await read(after)
    for (const row of rows) {
      yield `${first ? '' : ','}\n${JSON.stringify(row)}`
      first = false
    }
    if (rows.length < BATCH) return
    after = rows[rows.length - 1]!.id
  }
}

export type PersonalExports = ReturnType<typeof createPersonalExport>
