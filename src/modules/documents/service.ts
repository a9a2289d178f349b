import type { FastifyBaseLogger } from 'fastify'
import type { Readable } from 'node:stream'
import type { Db } from '../../db/database.js'
import { transaction } from '../../db/transaction.js'
import type { ListFilter, Page } from '../../db/lists.js'
import type { Jobs } from '../../jobs/jobs.js'
import type { Outbox } from '../../jobs/outbox.js'
import type { Clock } from '../../clock/clock.js'
import type { Language } from '../../shared/words.js'
import type { RequestOrigin } from '../../shared/request-origin.js'
import { refusals, type DomainError } from '../../shared/domain-error.js'
import type { FileStorage } from '../../storage/storage.js'
import { FIRM_SCOPE, isFirmScope, reaches, scopeOf, type Identity, type Scope, type SessionUser } from '../identity/index.js'
import type { Journal, JournalAction } from '../journal/index.js'
import { KIND_BY_EXTENSION } from './content-check.js'
import * as repo from './repository.js'
import type { DocumentRecord, DocumentState } from './repository.js'
import { storeChecked, type IncomingFile, type StoredFile } from './store.js'
import type { DocumentView, OwnedDocument, ReceivedDocument } from './types.js'
import type { RequestAnswers } from './request-answers.js'
import { sentDocumentMail } from './sent-mail.js'
import { uploadNotices, type UploadFacts } from './upload-notices.js'
import { MULTIPART_ALLOWANCE } from '../../shared/sizes.js'
import { acceptedExtension, checkSend, checkUpload } from './validation.js'
import { documentTypes } from './type-service.js'
import { legalHolds } from './holds.js'
import { words } from './words.js'

const refuse = refusals(words)

const DOCUMENTS_PREFIX = 'documents/'

/**
 * Whose files a person opens: the firm's people those of the clients they serve (an administrator
 * every one, and their own uploads), a company's person their company's.
 */
function fileScopeOf(viewer: SessionUser): Scope {
  const scope = scopeOf(viewer)
  return isFirmScope(scope) ? scope : ownSpace(viewer)
}

/**
 * A document not in the viewer's scope: to the firm's people a missing one (contract §9: 404); to a
 * client, someone else's is a 403, and one that does not exist (deleted meanwhile) a 404 (issue 34).
 */
async function unreachable(db: Db, scope: Scope, where: { id: number } | { storageKey: string }): Promise<DomainError> {
  if (isFirmScope(scope) || !(await repo.documentExists(db, where))) return refuse('not_found', 'notFound')
  return refuse('forbidden', 'notOwner')
}

/** One opening of a document by one person, however many requests it takes (« Voir » and the file it opens): one entry (issue 34). */
const ONE_OPENING_MS = 60_000

/** Writes the document's row, with what the transaction learnt (a request's type); answers its id. */
type Insert = (changes?: Partial<repo.NewDocument>) => Promise<number>

/** Contract §2: a document's URL is `/uploads/<stored name>`. */
export function urlOf(storageKey: string): string {
  return `/uploads/${storageKey.slice(DOCUMENTS_PREFIX.length)}`
}

/**
 * The company a person acts for (contract §9): their uploads go to its space and their own lists
 * are its lists. A member's is the owner's id; the owner's, and a firm's person's, their own.
 */
export function companyOf(user: Pick<SessionUser, 'id' | 'companyId'>): number {
  return user.companyId ?? user.id
}

/** The person's own space as a scope: what their own lists, deletions and downloads reach (never the firm's whole). */
export const ownSpace = (user: Pick<SessionUser, 'id' | 'companyId'>): Scope => ({ kind: 'company', companyId: companyOf(user) })

/** Who uploaded a client's document, as the API answers it: `{id, username}`, null for the firm's. */
export type Uploader = { id: number; username: string } | null

export interface DocumentsDeps {
  db: Db
  storage: FileStorage
  /** The firm's upload mails are written with the document's row, grouped (contract §4). */
  outbox: Pick<Outbox, 'enqueue' | 'enqueueAt' | 'replacePending'>
  jobs: Jobs
  identity: Pick<Identity, 'accounts'>
  /** Uploads, opened files, archiving and deletions, each in its event's transaction. */
  journal: Pick<Journal, 'record' | 'recordOnce'>
  /** When the firm's upload mails go. */
  clock: Clock
  /** An upload with `requestId` answers that document request (issue 16); a type's deletion takes its requests. */
  requests: RequestAnswers
  log: FastifyBaseLogger
  /** `clientQuotaBytes`: CLIENT_QUOTA_MB, what one client's documents may take in all. */
  settings: { publicUrl: string; firmEmail: string; maxUploadBytes: number; clientQuotaBytes: number }
}

/** A client's space: what their documents take, of what they may (the profile shows it). */
export interface StorageUse {
  usedBytes: number
  quotaBytes: number
}

export interface OpenOptions {
  /** The request came from the portal's own pages (or the address typed): opening may mark the document viewed. */
  mayMark: boolean
  /** Where the request came from: the journal's entry. */
  from: RequestOrigin | null
  /** A HEAD request: its headers only. Nothing is sent, so nothing is marked or journaled. */
  peek?: boolean
}

export interface OpenedFile {
  record: DocumentRecord
  stream: Readable
  size: number
  inline: boolean
}

/** Documents and their types: uploads checked by content, private files, the firm's lists. */
export function createDocuments({ db, storage, outbox, jobs, identity, journal, clock, requests, log, settings }: DocumentsDeps) {
  const { accounts } = identity
  const notices = uploadNotices({ outbox, clock, settings })

  /** One journal entry about a document, written in `trx` with what it records. */
  const recordOn = (trx: Db, action: JournalAction, actor: SessionUser, record: Pick<DocumentRecord, 'id' | 'originalName' | 'userId'>, from: RequestOrigin | null) =>
    journal.record(trx, { action, actor, subject: { type: 'document', id: record.id, label: record.originalName, ownerId: record.userId }, from })

  /**
   * « Document consulté », once for one opening: the row is locked first, so the view and the file
   * fetch of one click, arriving together, see each other's entry.
   */
  async function recordOpening(trx: Db, viewer: SessionUser, record: Pick<DocumentRecord, 'id' | 'originalName' | 'userId'>, from: RequestOrigin | null) {
    await repo.lockDocumentRow(trx, record.id)
    await journal.recordOnce(trx, { action: 'document.viewed', actor: viewer, subject: { type: 'document', id: record.id, label: record.originalName, ownerId: record.userId }, from }, ONE_OPENING_MS)
  }

  /** The names of a page's owners and of who uploaded each document (contract §9), read once for the page. */
  async function peopleOf(records: DocumentRecord[]) {
    const uploaders = await repo.uploadersOf(db, records.filter((r) => !r.fromFirm).map((r) => r.id))
    const names = await accounts.summariesByIds([...records.map((r) => r.userId), ...[...uploaders.values()].filter((id): id is number => id !== null)])
    return { get: (id: number) => names.get(id), uploaders }
  }
  const uploaderOf = (r: DocumentRecord, people: Awaited<ReturnType<typeof peopleOf>>): Uploader => {
    const by = r.fromFirm ? null : (people.uploaders.get(r.id) ?? null)
    return by === null ? null : { id: by, username: people.get(by)?.username ?? '' }
  }

  /** A client's documents as their own table shows them. */
  async function ownedViews(records: DocumentRecord[]): Promise<OwnedDocument[]> {
    const people = await peopleOf(records)
    return records.map((r) => ({ id: r.id, name: r.name, typeName: r.typeName, createdAt: r.createdAt, isViewed: r.isViewed, url: urlOf(r.storageKey), uploadedBy: uploaderOf(r, people) }))
  }

  async function toViews(records: DocumentRecord[]): Promise<DocumentView[]> {
    const users = await peopleOf(records)
    const held = await repo.heldAmong(db, records.map((r) => r.id))
    return records.map((r) => {
      const url = urlOf(r.storageKey)
      const user = users.get(r.userId)
      return {
        id: r.id,
        name: r.name,
        description: r.description,
        path: url,
        createdAt: r.createdAt,
        isViewed: r.isViewed,
        isArchived: r.isArchived,
        file: { url, originalName: r.originalName, mime: r.mime, size: r.size },
        type: { typeName: r.typeName },
        user: { id: r.userId, username: user?.username ?? '', entreprise: user?.entreprise ?? '', profilePhoto: user?.profilePhoto ?? null },
        uploadedBy: uploaderOf(r, users),
        onHold: held.has(r.id),
      }
    })
  }

  /** 413 saying how much of CLIENT_QUOTA_MB is left (a page answered again shows it under the file). */
  const quotaExceeded = (used: number) =>
    refuse('too_large', 'quotaExceeded', settings.clientQuotaBytes - used, settings.clientQuotaBytes).under('file')

  /**
   * A document of the person's company (a member's is the owner's), refused as its deletion is:
   * someone else's (403), the firm's (403), or one that does not exist, for everyone a 404 (issue 34).
   */
  async function ownRecord(user: SessionUser, id: number): Promise<DocumentRecord> {
    const record = await repo.findDocument(db, ownSpace(user), id)
    if (!record) throw await unreachable(db, ownSpace(user), { id })
    if (record.fromFirm) throw refuse('forbidden', 'fromFirm')
    return record
  }

  /** Files whose rows are gone; one that cannot be removed is logged, the deletion stands. */
  async function removeFiles(keys: string[]): Promise<void> {
    for (const key of keys) await storage.remove(key).catch((error: unknown) => log.error({ err: error, key }, 'file not removed'))
  }

  /**
   * The row of a stored file, what goes with it (`around`: the quota, the mail) and its journal entry,
   * in one transaction. The account or the type may have been deleted while the file was arriving:
   * the foreign key refuses the row (and the mail goes with it), and the answer says which (never a 500).
   */
  async function insertOrExplain(doc: repo.NewDocument, user: SessionUser, from: RequestOrigin | null, around: (trx: Db, insert: Insert) => Promise<number>): Promise<number> {
    try {
      return await transaction(db, async (trx) => {
        const id = await around(trx, (changes = {}) => repo.insertDocument(trx, { ...doc, ...changes }))
        await recordOn(trx, 'document.uploaded', user, { id, originalName: doc.originalName, userId: doc.userId }, from)
        return id
      })
    } catch (error) {
      const code = (error as { code?: string }).code ?? ''
      if (!/FOREIGNKEY|NO_REFERENCED_ROW/.test(code)) throw error
      if (doc.typeId !== null && !(await repo.typeExists(db, doc.typeId))) throw refuse('validation', 'unknownType').under('type')
      throw refuse('not_found', 'ownerGone')
    }
  }

  /**
   * A client's upload: with their notice row locked, so their uploads are checked against the quota
   * one at a time (issue 15), and the firm's grouped mail; an upload that answers a request claims it.
   */
  const clientUpload = (doc: repo.NewDocument, requestId: number | undefined, upload: UploadFacts) => async (trx: Db, insert: Insert) => {
    const notice = await repo.lockUploadNotice(trx, doc.userId)
    const used = await repo.usedBytes(trx, doc.userId)
    if (used + doc.size > settings.clientQuotaBytes) throw quotaExceeded(used)
    // Answering a request claims it in the same transaction: its type is the request's, a refusal leaves no row.
    const claimed = requestId === undefined ? undefined : await requests.claim(trx, requestId, doc.userId)
    const typeName = claimed ? ((await repo.findTypeName(trx, claimed.typeId)) ?? '') : upload.typeName
    const id = await insert(claimed ? { typeId: claimed.typeId } : {})
    await claimed?.fulfil({ id, fileName: doc.originalName, typeName })
    await notices.notify(trx, doc.userId, id, notice, { ...upload, typeName })
    return id
  }

  /** A hold that landed between the check and the delete: the database's foreign key refused it, the answer is the check's. */
  async function withoutHold<T>(remove: () => Promise<T>): Promise<T> {
    try {
      return await remove()
    } catch (error) {
      throw repo.isHoldViolation(error) ? refuse('conflict', 'heldNotDeleted') : error
    }
  }

  /** Whatever fails once a file is stored, the file goes. */
  async function keepingNoOrphan<T>(file: StoredFile | undefined, write: () => Promise<T>): Promise<T> {
    try {
      return await write()
    } catch (error) {
      if (file) await storage.remove(file.key).catch((e: unknown) => log.error({ err: e, key: file.key }, 'file not removed'))
      throw error
    }
  }

  /**
   * Contract §7: the firm sends only to an accepted client (404 for no account, 409 otherwise);
   * §9: a staff member only to a client assigned to them (another is unknown to them: 404), and
   * only to a company (a member's own id names none: 404). Answers the company's active people,
   * whom its mail goes to.
   */
  async function recipient(scope: Scope, userId: number, trx: Db = db): Promise<Array<{ email: string; language: Language }>> {
    if (!(await reaches(trx, scope, userId))) throw refuse('not_found', 'recipientMissing')
    const account = await accounts.findAccountSummary(userId, trx)
    if (!account) throw refuse('not_found', 'recipientMissing')
    if (account.isAdmin) throw refuse('conflict', 'recipientIsAdmin')
    if (!account.isAccepted) throw refuse('conflict', 'recipientNotAccepted')
    const people = await accounts.companyPeople(userId, trx)
    if (people.length === 0) throw refuse('not_found', 'recipientMissing')
    return people
  }

  async function recordSend(admin: SessionUser, userId: number, fields: Record<string, string>, file: StoredFile | undefined, refused: DomainError | undefined, from: RequestOrigin | null): Promise<number> {
    const checked = checkSend(fields, Boolean(file || refused))
    if (!checked.ok) throw refuse.form(checked)
    if (refused || !file) throw refused ?? refuse('validation', 'fileRequired').under('file')
    const doc = {
      userId,
      typeId: null,
      sentBy: admin.id,
      name: checked.value.name || file.originalName,
      description: checked.value.description,
      originalName: file.originalName,
      storageKey: file.key,
      mime: file.kind.mime,
      size: file.size,
    }
    const requestId = requestIdOf(fields)
    const scope = scopeOf(admin)
    return insertOrExplain(doc, admin, from, async (trx, insert) => {
      // Checked again with the row: the client may have been deleted (or unassigned) while the file arrived.
      const people = await recipient(scope, userId, trx)
      // What the firm sends takes the client's space as their uploads do (issue 34): checked under the same lock.
      await repo.lockUploadNotice(trx, userId)
      const used = await repo.usedBytes(trx, userId)
      if (used + doc.size > settings.clientQuotaBytes) throw refuse('too_large', 'clientSpaceFull', settings.clientQuotaBytes - used, settings.clientQuotaBytes).under('file')
      // Answering one of the client's open requests closes it in the same transaction; a refusal leaves no row.
      // The document keeps no type (what the firm sends has none), so deleting the type leaves it in the client's space.
      const claimed = requestId === undefined ? undefined : await requests.claim(trx, requestId, userId, scope.kind === 'staff' ? 'staff' : 'firm')
      const id = await insert()
      await claimed?.fulfil({ id, fileName: doc.name, typeName: '' })
      // The send's mail, naming the request it answers, to each active person of the company (contract §9).
      for (const person of people) await outbox.enqueue(trx, sentDocumentMail(settings.publicUrl, person, doc, claimed?.title))
      return id
    })
  }

  /** The `requestId` field: absent (or blank), or the id it names (a malformed one names none: 0). */
  function requestIdOf(fields: Record<string, string>): number | undefined {
    const raw = fields.requestId?.trim()
    if (!raw) return undefined
    return /^[0-9]{1,15}$/.test(raw) && Number.isSafeInteger(Number(raw)) ? Number(raw) : 0
  }

  async function recordUpload(user: SessionUser, fields: Record<string, string>, file: StoredFile | undefined, refused: DomainError | undefined, from: RequestOrigin | null): Promise<number> {
    // Contract §9: the upload's userId is the company's (a member's own id is someone else's space).
    const companyId = companyOf(user)
    if (fields.userId !== undefined && fields.userId.trim() !== String(companyId)) throw refuse('forbidden', 'notOwnUpload')
    const requestId = requestIdOf(fields)
    const checked = checkUpload(fields, Boolean(file || refused), requestId !== undefined)
    if (!checked.ok) throw refuse.form(checked)
    if (refused || !file) throw refused ?? refuse('validation', 'fileRequired').under('file')
    // Answering a request, the type is the request's (read in the claim); otherwise the one named.
    const type = requestId === undefined ? await repo.findTypeByName(db, checked.value.typeName) : { id: 0, typeName: '' }
    if (!type) throw refuse('validation', 'unknownType').under('type')
    const doc = {
      userId: companyId,
      uploadedBy: user.id,
      typeId: type.id,
      name: file.originalName,
      description: checked.value.description,
      originalName: file.originalName,
      storageKey: file.key,
      mime: file.kind.mime,
      size: file.size,
    }
    // The firm's mail names the company, and the member who uploaded for it.
    const company = companyId === user.id ? user.username : ((await accounts.findAccountSummary(companyId))?.username ?? '')
    const uploader = companyId === user.id ? {} : { uploadedBy: user.username }
    return insertOrExplain(doc, user, from, clientUpload(doc, requestId, { username: company, ...uploader, typeName: type.typeName, fileName: file.originalName, description: checked.value.description }))
  }

  /**
   * Contract §3, §9: the stored file goes to its company's people and to the firm's people who serve
   * it (`record` was found in the viewer's scope). `mayMark` is false for a request another site
   * caused: the file is served and nothing changes but the journal's entry, which records what was
   * opened either way (issue 15).
   */
  async function openFor(viewer: SessionUser, scope: Scope, record: DocumentRecord, action: 'document.viewed' | 'document.downloaded', { mayMark, from, peek }: OpenOptions): Promise<OpenedFile> {
    const isOwner = !isFirmScope(scope) || record.userId === viewer.id
    const file = await storage.read(record.storageKey)
    if (!file) throw refuse('not_found', 'notFound')
    // Spec §4: a document is viewed once an administrator opens it, whichever link they followed;
    // a document the firm sent is downloaded once its client opens it (contract §7).
    // Marked and journaled after the file opened (a missing file records nothing); the opened file is closed if that fails.
    const ext = acceptedExtension(record.storageKey)
    const opened = { record, ...file, inline: ext ? KIND_BY_EXTENSION[ext].inline : false }
    if (peek) return opened
    try {
      await transaction(db, async (trx) => {
        if (mayMark && isFirmScope(scope) && !record.isViewed && !record.fromFirm) await repo.markViewedRow(trx, record.id)
        if (mayMark && isOwner && record.fromFirm && !record.downloadedAt) await repo.markDownloadedRow(trx, record.id)
        if (action === 'document.viewed') await recordOpening(trx, viewer, record, from)
        else await recordOn(trx, action, viewer, record, from)
      })
    } catch (error) {
      file.stream.destroy()
      throw error
    }
    return opened
  }

  return {
    maxUploadBytes: settings.maxUploadBytes,
    /** The storage keys of every document (a backup copies these files). */
    storedKeys: (): Promise<string[]> => repo.allStorageKeys(db),

    // ---- Types
    ...documentTypes({ db, jobs, journal, requests, removeFiles }),

    // ---- Legal holds (contract §12)
    ...legalHolds({ db, clock, journal, identity }),

    // ---- Upload: the route parses the multipart body, the file goes through `storeFile`, then `recordUpload`.

    /**
     * Before the body is read: a client whose space is full, or whose declared body cannot fit in
     * what is left, hears 413 at once (the exact check is the upload's transaction's).
     */
    async refuseWhenFull(user: Pick<SessionUser, 'id' | 'companyId'>, declaredBytes: number | undefined): Promise<void> {
      const userId = companyOf(user)
      const used = await repo.usedBytes(db, userId)
      const leastFile = declaredBytes ? Math.max(1, declaredBytes - MULTIPART_ALLOWANCE) : 1
      if (used + leastFile > settings.clientQuotaBytes) throw quotaExceeded(used)
    },

    /** Streams one arriving file through the content check into storage (a refusal is answered, not thrown). */
    storeFile: (filename: string, source: IncomingFile): Promise<StoredFile | DomainError> => storeChecked(storage, filename, source),
    discardFile: (file: StoredFile): Promise<void> => storage.remove(file.key),

    /**
     * POST /api/documents/upload, after the body: the fields are checked in spec §5's order, then
     * the row is written; whatever fails, the stored file goes.
     */
    recordUpload: (user: SessionUser, fields: Record<string, string>, file: StoredFile | undefined, refused: DomainError | undefined, from: RequestOrigin | null = null): Promise<number> =>
      keepingNoOrphan(file, () => recordUpload(user, fields, file, refused, from)),

    // ---- The firm sends (contract §7): POST /api/documents/send/:userId reads the body like an upload.

    /** Before the body is read: nothing is stored for an account that cannot receive it, nor one the sender does not serve. */
    checkRecipient: async (userId: number, scope: Scope = FIRM_SCOPE): Promise<void> => void (await recipient(scope, userId)),

    /** After the body: the fields are checked, then the row and the client's mail are written; whatever fails, the stored file goes. */
    recordSend: (admin: SessionUser, userId: number, fields: Record<string, string>, file: StoredFile | undefined, refused: DomainError | undefined, from: RequestOrigin | null = null): Promise<number> =>
      keepingNoOrphan(file, () => recordSend(admin, userId, fields, file, refused, from)),

    /**
     * What the firm sent a client, newest first (their « Reçus du cabinet », and the firm's view of it
     * on the client's page), nothing when `scope` does not reach the client.
     */
    async listReceived(userId: number, filter: ListFilter, scope: Scope = FIRM_SCOPE): Promise<Page<ReceivedDocument>> {
      const page = await repo.findReceivedPage(db, scope, userId, filter)
      return {
        total: page.total,
        items: page.items.map((r) => ({
          id: r.id,
          name: r.name,
          description: r.description,
          createdAt: r.createdAt,
          file: { url: urlOf(r.storageKey), originalName: r.originalName, mime: r.mime, size: r.size },
          downloadedAt: r.downloadedAt,
          uploadedBy: null,
        })),
      }
    },

    // ---- The firm (contract §9: an administrator every client's, a staff member their clients')

    async listDocuments(viewer: SessionUser, state: DocumentState, filter: ListFilter): Promise<Page<DocumentView>> {
      const page = await repo.findDocumentsPage(db, state, filter, filter.q ? await accounts.idsMatching(filter.q) : undefined, scopeOf(viewer))
      return { total: page.total, items: await toViews(page.items) }
    },

    /** One document as the firm's lists show it (the back-office's confirmation pages), or a 404 (another client's too). */
    async findDocument(viewer: SessionUser, id: number): Promise<DocumentView> {
      const record = await repo.findDocument(db, scopeOf(viewer), id)
      if (!record) throw refuse('not_found', 'notFound')
      return (await toViews([record]))[0]!
    },

    /** Spec §2: viewing marks the document viewed (once) and answers it. */
    async viewDocument(id: number, viewer: SessionUser, from: RequestOrigin | null = null): Promise<DocumentView> {
      const scope = scopeOf(viewer)
      const found = await repo.findDocument(db, scope, id)
      if (!found) throw refuse('not_found', 'notFound')
      const record = await transaction(db, async (trx) => {
        if (!found.fromFirm) await repo.markViewedRow(trx, id)
        await recordOpening(trx, viewer, found, from)
        return repo.findDocument(trx, scope, id)
      })
      if (!record) throw refuse('not_found', 'notFound')
      return (await toViews([record]))[0]!
    },

    /** Contract §4: only a viewed document is archived; archiving twice changes nothing. */
    async archiveDocument(id: number, actor: SessionUser, from: RequestOrigin | null = null): Promise<void> {
      const record = await repo.findDocument(db, scopeOf(actor), id)
      if (!record) throw refuse('not_found', 'notFound')
      if (record.fromFirm) throw refuse('conflict', 'firmSentNotArchived')
      if (record.isArchived) return
      await transaction(db, async (trx) => {
        if (!(await repo.archiveRow(trx, id))) throw refuse('conflict', 'notViewedYet')
        await recordOn(trx, 'document.archived', actor, record, from)
      })
    },

    /** An archived document goes back among the viewed ones (issue 16); anything else is a 409. */
    async restoreDocument(id: number, actor: SessionUser, from: RequestOrigin | null = null): Promise<void> {
      const record = await repo.findDocument(db, scopeOf(actor), id)
      if (!record) throw refuse('not_found', 'notFound')
      await transaction(db, async (trx) => {
        if (!(await repo.restoreRow(trx, id))) throw refuse('conflict', 'notArchived')
        await recordOn(trx, 'document.restored', actor, record, from)
      })
    },

    async deleteDocument(id: number, actor: SessionUser, from: RequestOrigin | null = null): Promise<void> {
      const record = await repo.findDocument(db, scopeOf(actor), id)
      if (!record) throw refuse('not_found', 'notFound')
      await withoutHold(() =>
        transaction(db, async (trx) => {
          if (await repo.isHeld(trx, id)) throw refuse('conflict', 'heldNotDeleted')
          if (!(await repo.deleteDocumentRow(trx, id))) throw refuse('not_found', 'notFound')
          await recordOn(trx, 'document.deleted', actor, record, from)
        }),
      )
      await removeFiles([record.storageKey])
    },

    /** One of the owner's documents as their table shows it (the confirmation page of its deletion), refused as its deletion would be. */
    async findOwned(user: SessionUser, id: number): Promise<OwnedDocument> {
      return (await ownedViews([await ownRecord(user, id)]))[0]!
    },

    /** Spec §4: the owner may delete a document only while the firm has not viewed it. */
    async deleteOwnDocument(user: SessionUser, id: number, from: RequestOrigin | null = null): Promise<void> {
      const record = await ownRecord(user, id)
      // The condition is part of the delete: a view that lands meanwhile wins.
      if (record.isViewed) throw refuse('forbidden', 'alreadyViewed')
      await withoutHold(() =>
        transaction(db, async (trx) => {
          if (await repo.isHeld(trx, id)) throw refuse('conflict', 'heldNotDeleted')
          if (!(await repo.deleteDocumentRow(trx, id, true))) throw refuse('forbidden', 'alreadyViewed')
          await recordOn(trx, 'document.deleted', user, record, from)
        }),
      )
      await removeFiles([record.storageKey])
    },

    // ---- Files

    /**
     * `/uploads/<name>`: the name is looked up in the database, among the viewer's documents (their
     * company's, or the clients they serve), never joined to a path by itself.
     */
    async openStoredFile(viewer: SessionUser | null, name: string | undefined, options: OpenOptions): Promise<OpenedFile> {
      if (!viewer) throw refuse('unauthenticated', 'loginRequired')
      if (name === undefined) throw refuse('not_found', 'notFound')
      const scope = fileScopeOf(viewer)
      const storageKey = `${DOCUMENTS_PREFIX}${name}`
      const record = await repo.findDocumentByKey(db, scope, storageKey)
      if (!record) throw await unreachable(db, scope, { storageKey })
      return openFor(viewer, scope, record, 'document.viewed', options)
    },

    async openDownload(viewer: SessionUser | null, id: number, options: OpenOptions): Promise<OpenedFile> {
      if (!viewer) throw refuse('unauthenticated', 'loginRequired')
      const scope = fileScopeOf(viewer)
      const record = await repo.findDocument(db, scope, id)
      if (!record) throw await unreachable(db, scope, { id })
      return openFor(viewer, scope, record, 'document.downloaded', options)
    },

    // ---- The module's face for other modules (clients: profile, counts, user deletion)

    /** What a person sent or received, oldest first, with where each file is stored (their export, contract §12). */
    personalDocuments: (person: Pick<SessionUser, 'id' | 'companyId' | 'isAdmin'>): Promise<repo.PersonalDocument[]> =>
      repo.findPersonalDocuments(db, { id: person.id, companyId: person.companyId, isFirm: person.isAdmin }),

    /**
     * Deletes a user's document rows in the caller's transaction and answers their storage keys:
     * the caller removes the files once the transaction is committed.
     */
    async removeAllOwnedBy(trx: Db, userId: number): Promise<string[]> {
      // Contract §12: an account that owns a document on legal hold is not deleted (409).
      if (await repo.anyHeld(trx, 'user_id', userId)) throw refuse('conflict', 'heldAccount')
      return repo.deleteOwnedRows(trx, userId).catch((error: unknown) => {
        throw repo.isHoldViolation(error) ? refuse('conflict', 'heldAccount') : error
      })
    },
    /** The dashboard's counts: the whole firm's kept totals, or a staff member's clients' counted (pass `scopeOf(viewer)`). */
    count: (scope: Scope = FIRM_SCOPE): Promise<{ unviewed: number; viewed: number }> => repo.countDocumentRows(db, scope),
    /** Who uploaded each of these documents, by id (a request lists its answers' uploaders); null for what the firm sent. */
    async uploadersOf(ids: number[]): Promise<Map<number, Uploader>> {
      const found = await repo.uploadersOf(db, ids)
      const people = await accounts.summariesByIds([...found.values()].filter((id): id is number => id !== null))
      return new Map([...found].map(([id, by]) => [id, by === null ? null : { id: by, username: people.get(by)?.username ?? '' }]))
    },
    /** What a client's documents take, of CLIENT_QUOTA_MB (the profile shows it). */
    storageUse: async (userId: number): Promise<StorageUse> => ({ usedBytes: await repo.usedBytes(db, userId), quotaBytes: settings.clientQuotaBytes }),
    countTypes: (): Promise<number> => repo.countTypeRows(db),

    /** A page of a client's documents for the profile's table, newest first; nothing when `scope` does not reach the client. */
    async listOwned(userId: number, filter: Pick<ListFilter, 'page' | 'pageSize'>, scope: Scope = FIRM_SCOPE): Promise<Page<OwnedDocument>> {
      const page = await repo.findOwnedDocuments(db, scope, userId, filter)
      return { total: page.total, items: await ownedViews(page.items) }
    },
  }
}

export type Documents = ReturnType<typeof createDocuments>
