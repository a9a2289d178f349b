import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { Readable } from 'node:stream'
import type { Db } from '../../db/database.js'
import type { Page } from '../../db/lists.js'
import { HttpError } from '../../http/errors.js'
import { listFilter, type ListQuery } from '../../http/lists.js'
import { firmMail } from '../../mail/layout.js'
import { idsMatching, summariesByIds, type SessionUser } from '../identity/index.js'
import { KIND_BY_EXTENSION } from './content-check.js'
import * as repo from './repository.js'
import type { DocumentView, OwnedDocument } from './types.js'
import type { DocumentRecord, DocumentState, DocumentType } from './repository.js'
import { receiveUpload, type StoredFile } from './upload.js'
import { acceptedExtension, checkNewType, checkUpload, messages } from './validation.js'

const DOCUMENTS_PREFIX = 'documents/'

/** Contract §2: a document's URL is `/uploads/<stored name>`. */
export function urlOf(storageKey: string): string {
  return `/uploads/${storageKey.slice(DOCUMENTS_PREFIX.length)}`
}

async function toViews(db: Db, records: DocumentRecord[]): Promise<DocumentView[]> {
  const users = await summariesByIds(db, records.map((r) => r.userId))
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
      user: { id: r.userId, username: user?.username ?? '', profilePhoto: user?.profilePhoto ?? null },
    }
  })
}

// ---- Types

export function listTypes(app: FastifyInstance, query: ListQuery): Promise<Page<DocumentType>> {
  return repo.findTypesPage(app.db, listFilter(query))
}

export function allTypes(app: FastifyInstance): Promise<DocumentType[]> {
  return repo.findAllTypes(app.db)
}

export async function addType(app: FastifyInstance, input: Record<string, unknown>): Promise<void> {
  const checked = checkNewType(input)
  if (!checked.ok) throw new HttpError(400, checked.message)
  if ((await repo.insertType(app.db, checked.value.typeName)) === undefined) throw new HttpError(409, messages.typeExists)
}

/** Contract §4: a type goes with its documents; their files are removed once the rows are gone. */
export async function deleteType(app: FastifyInstance, id: number): Promise<void> {
  if (!(await repo.typeExists(app.db, id))) throw new HttpError(404, messages.typeNotFound)
  const keys = await app.db.transaction().execute((trx) => repo.deleteTypeRows(trx, id))
  app.background.run('document files not removed', () => removeFiles(app, keys))
}

// ---- Upload

/**
 * POST /api/documents/upload: the file is stored (checked) as it streams in, then the fields are
 * checked in spec §5's order, then the row is written; whatever fails, the stored file goes.
 */
export async function uploadDocument(app: FastifyInstance, request: FastifyRequest, user: SessionUser): Promise<number> {
  const { fields, file, refused } = await receiveUpload(app, request)
  try {
    return await recordUpload(app, user, fields, file, refused)
  } catch (error) {
    if (file) await app.storage.remove(file.key).catch((e: unknown) => app.log.error({ err: e, key: file.key }, 'file not removed'))
    throw error
  }
}

async function recordUpload(app: FastifyInstance, user: SessionUser, fields: Record<string, string>, file: StoredFile | undefined, refused: HttpError | undefined): Promise<number> {
  if (fields.userId !== undefined && fields.userId.trim() !== String(user.id)) throw new HttpError(403, messages.notOwnUpload)
  const checked = checkUpload(fields, Boolean(file || refused))
  if (!checked.ok) throw new HttpError(400, checked.message)
  if (refused || !file) throw refused ?? new HttpError(400, messages.fileRequired)
  const type = await repo.findTypeByName(app.db, checked.value.typeName)
  if (!type) throw new HttpError(400, messages.unknownType)
  const id = await insertOrExplain(app, {
    userId: user.id,
    typeId: type.id,
    name: file.originalName,
    description: checked.value.description,
    originalName: file.originalName,
    storageKey: file.key,
    mime: file.kind.mime,
    size: file.size,
  })
  app.mailer.deliver({
    to: app.config.firmEmail,
    subject: `Nouveau document — ${user.username}`,
    ...firmMail({
      lines: [`Client : ${user.username}`, `Type : ${type.typeName}`, `Fichier : ${file.originalName}`, ...(checked.value.description ? ['', checked.value.description] : [])],
      action: 'Voir les nouveaux documents',
      url: `${app.config.publicUrl}/admin-dashboard/new-documents`,
    }),
  })
  return id
}

// ---- Administrators

export async function listDocuments(app: FastifyInstance, state: DocumentState, query: ListQuery): Promise<Page<DocumentView>> {
  const filter = listFilter(query)
  const page = await repo.findDocumentsPage(app.db, state, filter, filter.q ? idsMatching(app.db, filter.q) : undefined)
  return { total: page.total, items: await toViews(app.db, page.items) }
}

/** Spec §2: viewing marks the document viewed (once) and answers it. */
export async function viewDocument(app: FastifyInstance, id: number): Promise<DocumentView> {
  await repo.markViewedRow(app.db, id)
  const record = await repo.findDocument(app.db, id)
  if (!record) throw new HttpError(404, messages.notFound)
  return (await toViews(app.db, [record]))[0]!
}

/** Contract §4: only a viewed document is archived; archiving twice changes nothing. */
export async function archiveDocument(app: FastifyInstance, id: number): Promise<void> {
  const record = await repo.findDocument(app.db, id)
  if (!record) throw new HttpError(404, messages.notFound)
  if (record.isArchived) return
  if (!(await repo.archiveRow(app.db, id))) throw new HttpError(409, messages.notViewedYet)
}

export async function deleteDocument(app: FastifyInstance, id: number): Promise<void> {
  const record = await repo.findDocument(app.db, id)
  if (!record || !(await repo.deleteDocumentRow(app.db, id))) throw new HttpError(404, messages.notFound)
  await removeFiles(app, [record.storageKey])
}

/** Spec §4: the owner may delete a document only while the firm has not viewed it. */
export async function deleteOwnDocument(app: FastifyInstance, user: SessionUser, id: number): Promise<void> {
  const record = await repo.findDocument(app.db, id)
  // Someone else's document and a missing one look alike: ids are sequential, their existence is the firm's business.
  if (!record || record.userId !== user.id) throw new HttpError(403, messages.notOwner)
  // The condition is part of the delete: a view that lands meanwhile wins.
  if (record.isViewed || !(await repo.deleteDocumentRow(app.db, id, true))) throw new HttpError(403, messages.alreadyViewed)
  await removeFiles(app, [record.storageKey])
}

/**
 * The row of a stored upload. The account or the type may have been deleted while the file was
 * arriving: the foreign key refuses the row, and the answer says which (never a 500).
 */
async function insertOrExplain(app: FastifyInstance, doc: repo.NewDocument): Promise<number> {
  try {
    return await repo.insertDocument(app.db, doc)
  } catch (error) {
    const code = (error as { code?: string }).code ?? ''
    if (!/FOREIGNKEY|NO_REFERENCED_ROW/.test(code)) throw error
    if (!(await repo.typeExists(app.db, doc.typeId))) throw new HttpError(400, messages.unknownType)
    throw new HttpError(404, messages.ownerGone)
  }
}

// ---- Files

export interface OpenedFile {
  record: DocumentRecord
  stream: Readable
  size: number
  inline: boolean
}

/** Contract §3: the stored file goes to its owner and to administrators only. */
async function openFor(app: FastifyInstance, viewer: SessionUser | null, record: DocumentRecord | undefined): Promise<OpenedFile> {
  if (!viewer) throw new HttpError(401, 'Veuillez vous connecter.')
  if (!record) throw new HttpError(404, messages.notFound)
  if (record.userId !== viewer.id && !viewer.isAdmin) throw new HttpError(403, messages.notOwner)
  const file = await app.storage.read(record.storageKey)
  if (!file) throw new HttpError(404, messages.notFound)
  // Spec §4: a document is viewed once an administrator opens it, whichever link they followed.
  if (viewer.isAdmin && !record.isViewed) await repo.markViewedRow(app.db, record.id)
  const ext = acceptedExtension(record.storageKey)
  return { record, ...file, inline: ext ? KIND_BY_EXTENSION[ext].inline : false }
}

/** `/uploads/<name>`: the name is looked up in the database, never joined to a path by itself. */
export async function openStoredFile(app: FastifyInstance, viewer: SessionUser | null, name: string | undefined): Promise<OpenedFile> {
  if (!viewer) throw new HttpError(401, 'Veuillez vous connecter.')
  const record = name === undefined ? undefined : await repo.findDocumentByKey(app.db, `${DOCUMENTS_PREFIX}${name}`)
  return openFor(app, viewer, record)
}

export async function openDownload(app: FastifyInstance, viewer: SessionUser | null, id: number): Promise<OpenedFile> {
  if (!viewer) throw new HttpError(401, 'Veuillez vous connecter.')
  const record = await repo.findDocument(app.db, id)
  // As for deletion: a client cannot tell a missing id from someone else's document.
  if (!record && !viewer.isAdmin) throw new HttpError(403, messages.notOwner)
  return openFor(app, viewer, record)
}

async function removeFiles(app: FastifyInstance, keys: string[]): Promise<void> {
  for (const key of keys) await app.storage.remove(key).catch((error: unknown) => app.log.error({ err: error, key }, 'file not removed'))
}

// ---- The module's face for other modules (clients: profile, counts, user deletion)

/**
 * Deletes a user's document rows in the caller's transaction and answers their storage keys:
 * the caller removes the files once the transaction is committed.
 */
export function removeAllOwnedBy(db: Db, userId: number): Promise<string[]> {
  return repo.deleteOwnedRows(db, userId)
}

export function countDocuments(db: Db): Promise<{ unviewed: number; viewed: number }> {
  return repo.countDocumentRows(db)
}

export function countTypes(db: Db): Promise<number> {
  return repo.countTypeRows(db)
}

/** A user's documents for the profile's table, newest first (at most `limit`). */
export async function listOwnedDocuments(app: FastifyInstance, userId: number, limit = 200): Promise<OwnedDocument[]> {
  const records = await repo.findOwnedDocuments(app.db, userId, limit)
  return records.map((r) => ({ id: r.id, name: r.name, typeName: r.typeName, createdAt: r.createdAt, isViewed: r.isViewed, url: urlOf(r.storageKey) }))
}
