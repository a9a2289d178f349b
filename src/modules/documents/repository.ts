import { sql, type Expression, type Selectable, type SqlBool } from 'kysely'
import { isMysql, type Db } from '../../db/database.js'
import type { DocumentsTable } from '../../db/schema.js'
import { containsAny, fetchPage, ftsPhrase, idIn, textIds, textMatches, unfiltered, withinDays, type ListFilter, type Page } from '../../db/lists.js'
import { readRows } from '../../db/readers.js'
import { fromDbBool, fromDbId, fromDbTime, nowDb, toDbTime } from '../../db/values.js'
import { fold } from '../../shared/fold.js'
import { clientIn, FIRM_SCOPE, keptListOf, type IdsMatching, type Scope } from '../identity/index.js'

import type { DocumentType } from './schemas.js'
import { isForeignKeyViolation, isUniqueViolation } from '../../db/constraints.js'
export type { DocumentType }

/** A document row as the service needs it; who sent it is added from identity. */
export interface DocumentRecord {
  id: number
  /** The owner: the client whose space holds it. */
  userId: number
  /** '' for a document the firm sent (it has no type). */
  typeName: string
  name: string
  description: string
  originalName: string
  storageKey: string
  mime: string
  size: number
  isViewed: boolean
  isArchived: boolean
  createdAt: Date
  /** The firm sent it to the client (contract §7). */
  fromFirm: boolean
  /** The client's first download of a firm-sent document. */
  downloadedAt: Date | null
}

export type DocumentState = 'new' | 'viewed' | 'archived'

// ---- Types

/** What a type is searched by (its index: migration 0020). */
const TYPE_NAMES = { table: 'document_types', columns: ['type_name'], everyColumn: true }
/** A document is found by its name (the index holds its type's and sender's names too: migrations 0023, 0024). */
const DOCUMENT_NAMES = { table: 'documents', columns: ['name'] }

/** Types newest first; `q` over the name. */
export async function findTypesPage(db: Db, filter: ListFilter): Promise<Page<DocumentType>> {
  let query = db.selectFrom('document_types').where(withinDays('created_at', filter.from, filter.to))
  if (filter.q) query = query.where(await textMatches(db, TYPE_NAMES, filter.q))
  const page = await fetchPage(db, query, (q) => q.select(['id', 'type_name', 'created_at']).orderBy('created_at', 'desc').orderBy('id', 'desc'), filter)
  return { total: page.total, items: page.items.map((row) => ({ id: fromDbId(row.id), typeName: row.type_name, createdAt: fromDbTime(row.created_at) })) }
}

/** Every type by name, for the upload form's select. */
export async function findAllTypes(db: Db): Promise<DocumentType[]> {
  const rows = await db.selectFrom('document_types').select(['id', 'type_name', 'created_at']).orderBy('type_name').execute()
  return rows.map((row) => ({ id: fromDbId(row.id), typeName: row.type_name, createdAt: fromDbTime(row.created_at) }))
}

/** The type whose name equals `typeName` ignoring case and accents. */
export async function findTypeByName(db: Db, typeName: string): Promise<DocumentType | undefined> {
  const row = await db.selectFrom('document_types').select(['id', 'type_name', 'created_at']).where('type_key', '=', fold(typeName)).executeTakeFirst()
  return row && { id: fromDbId(row.id), typeName: row.type_name, createdAt: fromDbTime(row.created_at) }
}

/** The new type's id, or undefined when a name equal but for case and accents exists. */
export async function insertType(db: Db, typeName: string): Promise<number | undefined> {
  if (await findTypeByName(db, typeName)) return undefined
  try {
    const result = await db.insertInto('document_types').values({ type_name: typeName, type_key: fold(typeName), created_at: nowDb() }).executeTakeFirstOrThrow()
    return fromDbId(result.insertId)
  } catch (error) {
    // Two administrators adding the same name at once: the unique index decides.
    if (isUniqueViolation(error)) return undefined
    throw error
  }
}

/**
 * Renames a type: 'exists' when another type has the name but for case and accents, 'missing' when
 * there is no such type. The search indexes' triggers carry the new name to its documents.
 */
export async function renameType(db: Db, id: number, typeName: string): Promise<'renamed' | 'exists' | 'missing'> {
  const same = await findTypeByName(db, typeName)
  if (same && same.id !== id) return 'exists'
  try {
    const result = await db.updateTable('document_types').set({ type_name: typeName, type_key: fold(typeName) }).where('id', '=', id).executeTakeFirst()
    return Number(result.numUpdatedRows) > 0 || (await typeExists(db, id)) ? 'renamed' : 'missing'
  } catch (error) {
    if (isUniqueViolation(error)) return 'exists'
    throw error
  }
}

/** A type, or undefined when there is no such type. */
export async function findType(db: Db, id: number): Promise<DocumentType | undefined> {
  const row = await db.selectFrom('document_types').select(['id', 'type_name', 'created_at']).where('id', '=', id).executeTakeFirst()
  return row && { id: fromDbId(row.id), typeName: row.type_name, createdAt: fromDbTime(row.created_at) }
}

/** A type's name, or undefined when there is no such type. */
export async function findTypeName(db: Db, id: number): Promise<string | undefined> {
  const row = await db.selectFrom('document_types').select('type_name').where('id', '=', id).executeTakeFirst()
  return row?.type_name
}

export async function typeExists(db: Db, id: number): Promise<boolean> {
  return Boolean(await db.selectFrom('document_types').select('id').where('id', '=', id).executeTakeFirst())
}

/** Deletes a type and its documents (run in a transaction); answers the documents' storage keys. */
export async function deleteTypeRows(db: Db, id: number): Promise<string[]> {
  const rows = await keysLocked(db, 'type_id', id)
  await db.deleteFrom('documents').where('type_id', '=', id).execute()
  await db.deleteFrom('document_types').where('id', '=', id).execute()
  return rows.map((row) => row.storage_key)
}

export async function countTypeRows(db: Db): Promise<number> {
  const row = await db.selectFrom('document_types').select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirst()
  return Number(row?.n ?? 0)
}

// ---- Documents

export interface NewDocument {
  userId: number
  /** Null for a document the firm sends. */
  typeId: number | null
  /** The administrator sending it to the client `userId`; absent for a client's upload. */
  sentBy?: number
  /** The company's person uploading it (the owner or a member); absent for what the firm sends. */
  uploadedBy?: number
  name: string
  description: string
  originalName: string
  storageKey: string
  mime: string
  size: number
}

export async function insertDocument(db: Db, doc: NewDocument): Promise<number> {
  const result = await db
    .insertInto('documents')
    .values({
      user_id: doc.userId,
      type_id: doc.typeId,
      name: doc.name,
      description: doc.description,
      original_name: doc.originalName,
      storage_key: doc.storageKey,
      mime: doc.mime,
      size: doc.size,
      is_viewed: 0,
      is_archived: 0,
      created_at: nowDb(),
      viewed_at: null,
      archived_at: null,
      from_firm: doc.sentBy === undefined ? 0 : 1,
      sent_by: doc.sentBy ?? null,
      downloaded_at: null,
      uploaded_by: doc.sentBy === undefined ? (doc.uploadedBy ?? doc.userId) : null,
    })
    .executeTakeFirstOrThrow()
  return fromDbId(result.insertId)
}

const COLUMNS = [
  'documents.id',
  'documents.user_id',
  'document_types.type_name',
  'documents.name',
  'documents.description',
  'documents.original_name',
  'documents.storage_key',
  'documents.mime',
  'documents.size',
  'documents.is_viewed',
  'documents.is_archived',
  'documents.created_at',
  'documents.from_firm',
  'documents.downloaded_at',
] as const

/** A documents row joined with its type's name (none for a firm-sent one), as COLUMNS selects it. */
type Row = Omit<Selectable<DocumentsTable>, 'type_id' | 'viewed_at' | 'archived_at' | 'sent_by' | 'uploaded_by'> & { type_name: string | null }

function toRecord(row: Row): DocumentRecord {
  return {
    id: fromDbId(row.id),
    userId: fromDbId(row.user_id),
    typeName: row.type_name ?? '',
    name: row.name,
    description: row.description,
    originalName: row.original_name,
    storageKey: row.storage_key,
    mime: row.mime,
    size: Number(row.size),
    isViewed: fromDbBool(row.is_viewed),
    isArchived: fromDbBool(row.is_archived),
    createdAt: fromDbTime(row.created_at),
    fromFirm: fromDbBool(row.from_firm),
    downloadedAt: row.downloaded_at === null ? null : fromDbTime(row.downloaded_at),
  }
}

function withType(db: Db) {
  return db.selectFrom('documents').leftJoin('document_types', 'document_types.id', 'documents.type_id')
}

/**
 * Which side sent it: the firm's lists, counts, digests and a client's quota read only what clients
 * sent (contract §7). A literal, as in `inState`, so MariaDB reads the indexes that lead with it.
 */
const sentByClient = sql<SqlBool>`documents.from_firm = 0`
const sentByFirm = sql<SqlBool>`documents.from_firm = 1`

/** A document of one of the scope's clients (contract §9: another client's is none, as a missing one). */
export async function findDocument(db: Db, scope: Scope, id: number): Promise<DocumentRecord | undefined> {
  const row = await withType(db).select(COLUMNS).where('documents.id', '=', id).where(clientIn(scope, 'documents.user_id')).executeTakeFirst()
  return row && toRecord(row)
}

/** Whether a document exists at all, whoever's (a missing one is a 404 for everyone, issue 34). */
export async function documentExists(db: Db, where: { id: number } | { storageKey: string }): Promise<boolean> {
  const query = db.selectFrom('documents').select('id')
  const row = await ('id' in where ? query.where('id', '=', where.id) : query.where('storage_key', '=', where.storageKey)).executeTakeFirst()
  return Boolean(row)
}

/** Locks a document's row until the transaction ends (MariaDB; SQLite has one writer): its openings are journaled one at a time. */
export async function lockDocumentRow(trx: Db, id: number): Promise<void> {
  if (isMysql(trx)) await trx.selectFrom('documents').select('id').where('id', '=', id).forUpdate().execute()
}

export async function findDocumentByKey(db: Db, scope: Scope, storageKey: string): Promise<DocumentRecord | undefined> {
  const row = await withType(db).select(COLUMNS).where('documents.storage_key', '=', storageKey).where(clientIn(scope, 'documents.user_id')).executeTakeFirst()
  return row && toRecord(row)
}

/**
 * Who of the company uploaded each of these documents, by document id (null: the firm sent it): read
 * apart from COLUMNS, by the primary key, for the page's rows (the lists' own queries stay those of
 * the schema before migration 0031).
 */
export async function uploadersOf(db: Db, ids: number[]): Promise<Map<number, number | null>> {
  if (ids.length === 0) return new Map()
  const rows = await db.selectFrom('documents').select(['id', 'uploaded_by']).where('id', 'in', [...new Set(ids)]).execute()
  return new Map(rows.map((row) => [fromDbId(row.id), row.uploaded_by === null ? null : fromDbId(row.uploaded_by)]))
}

/**
 * Each state is one prefix of the (is_archived, is_viewed, created_at, id) index. The flags are
 * literals, not parameters: mysql2 binds numbers as doubles, which can keep MariaDB from reading
 * the index in order (a sort of every matching row instead of 50).
 */
function inState(state: DocumentState): Expression<SqlBool> {
  // Archived documents are viewed ones (migration 0027): one range of the index, in date order.
  if (state === 'archived') return sql<SqlBool>`documents.from_firm = 0 and documents.is_archived = 1 and documents.is_viewed = 1`
  return state === 'viewed'
    ? sql<SqlBool>`documents.from_firm = 0 and documents.is_archived = 0 and documents.is_viewed = 1`
    : sql<SqlBool>`documents.from_firm = 0 and documents.is_archived = 0 and documents.is_viewed = 0`
}

/**
 * One of the firm's lists, newest first, of the scope's clients (contract §9: a staff member's are an
 * `IN` on their assignments). `q` looks in the document's name, its type's name and (through
 * `senders`, identity's query of the accounts whose username or company matches) who sent it. The
 * search indexes' shortcuts and the kept totals are the whole firm's: an administrator's alone.
 */
export async function findDocumentsPage(db: Db, state: DocumentState, filter: ListFilter, senders?: IdsMatching, scope: Scope = FIRM_SCOPE): Promise<Page<DocumentRecord>> {
  if (scope.kind !== 'firm') return findScopedPage(db, scope, state, filter, senders)
  const short = shortGram(db, filter.q)
  if (short) return findKeyPage(db, filter, sql`from search_documents_short where ${shortKey(short, state)} and ${withinDays('created_at', filter.from, filter.to)}`)
  if (isMysql(db) && [...filter.q].length === 3) return findKeyPage(db, filter, sql`from search_documents where trigram = ${filter.q} and state = ${sql.lit(STATE_CODES[state])} and ${withinDays('created_at', filter.from, filter.to)}`)
  const phrase = !isMysql(db) && filter.q ? ftsPhrase(LISTED_BY, filter.q) : undefined
  if (phrase) return findIndexedPage(db, state, filter, `${phrase} AND {state} : "${STATE_WORDS[state]}"`)
  let query = withType(db).where(inState(state)).where(withinDays('documents.created_at', filter.from, filter.to))
  if (filter.q) query = query.where(await searched(db, filter.q, senders))
  const total = unfiltered(filter) ? () => countInState(db, state) : undefined
  const page = await fetchPage(db, query, (q) => q.select(COLUMNS).orderBy('documents.created_at', 'desc').orderBy('documents.id', 'desc'), filter, total)
  return { total: page.total, items: page.items.map(toRecord) }
}

/** `q` in the document's name, its type's name or its sender's (`senders`), as a condition on documents.id. */
async function searched(db: Db, q: string, senders?: IdsMatching): Promise<Expression<SqlBool>> {
  const typed = db.selectFrom('document_types').select('document_types.id').where(await textMatches(db, TYPE_NAMES, q))
  const sets = [await textIds(db, DOCUMENT_NAMES, q), db.selectFrom('documents').select('documents.id').where('documents.type_id', 'in', typed)]
  if (senders) sets.push(db.selectFrom('documents').select('documents.id').where('documents.user_id', 'in', senders))
  return idIn('documents.id', sets)
}

/**
 * A narrower scope's page (a staff member's clients, contract §9). A staff member's list, unless
 * searched, is a range of their own kept list (`staffListPage`). Otherwise the total and the page's
 * ids are read in the documents_user_state index alone (migration 0032: each client one range, in
 * state then date order), so neither the count nor the sort reads a row; then the page's own rows by
 * id. The search indexes' shortcuts are the whole firm's: an administrator's alone.
 */
async function findScopedPage(db: Db, scope: Scope, state: DocumentState, filter: ListFilter, senders?: IdsMatching): Promise<Page<DocumentRecord>> {
  const staffId = keptListOf(scope)
  if (staffId !== undefined && !filter.q) return staffListPage(db, scope, staffId, state, filter)
  let query = db.selectFrom('documents').where(inState(state)).where(clientIn(scope, 'documents.user_id')).where(withinDays('documents.created_at', filter.from, filter.to))
  const short = shortGram(db, filter.q)
  // A q of 1 or 2 letters: each of the scope's documents in the list probes its one key (a scan of every match otherwise).
  if (short) query = query.where(sql<SqlBool>`exists (select 1 from search_documents_short s where ${shortKey(short, state, 's.')} and s.created_at = documents.created_at and s.row_id = documents.id)`)
  else if (filter.q) query = query.where(await searched(db, filter.q, senders))
  const page = await fetchPage(db, query, (q) => q.select('documents.id').orderBy('documents.created_at', 'desc').orderBy('documents.id', 'desc'), filter)
  const ids = page.items.map((row) => fromDbId(row.id))
  if (ids.length === 0) return { total: page.total, items: [] }
  const found = new Map((await readRows(db, withType(db).select(COLUMNS).where('documents.id', 'in', ids))).map((row) => [fromDbId(row.id), toRecord(row)]))
  return { total: page.total, items: ids.flatMap((id) => found.get(id) ?? []) }
}

/** The state's flags, as the counts tables and the indexes hold them (archived ones are viewed: migration 0027). */
const STATE_FLAGS: Record<DocumentState, { archived: 0 | 1; viewed: 0 | 1 }> = { new: { archived: 0, viewed: 0 }, viewed: { archived: 0, viewed: 1 }, archived: { archived: 1, viewed: 1 } }

/**
 * A staff member's list, as an administrator's is read (docs/decisions/111-staff-list-counts.md): the
 * page is one range of their kept list (`staff_documents`, migration 0034: staff, state, date, id),
 * 50 entries and their rows, in one statement; the total is the sum of their clients' kept counts
 * (migration 0033: one key per client) or, with dates, the count of the range's entries. The rows are
 * still those `clientIn` reaches: the policy, not the kept list, has the last word.
 */
async function staffListPage(db: Db, scope: Scope, staffId: number, state: DocumentState, filter: ListFilter): Promise<Page<DocumentRecord>> {
  const { archived, viewed } = STATE_FLAGS[state]
  const range = db
    .selectFrom('staff_documents')
    .where('staff_documents.staff_id', '=', staffId)
    .where(sql<SqlBool>`staff_documents.is_archived = ${sql.lit(archived)} and staff_documents.is_viewed = ${sql.lit(viewed)}`)
    .where(withinDays('staff_documents.created_at', filter.from, filter.to))
  const total = unfiltered(filter) ? await countInScope(db, scope, state) : Number((await readRows(db, range.select(sql<number | string>`count(*)`.as('n'))))[0]?.n ?? 0)
  const offset = (filter.page - 1) * filter.pageSize
  if (offset >= total) return { total, items: [] }
  // The range read in its key's order, each entry's row by the primary key, until the page is full
  // (a derived table of the page's ids cost MariaDB a temporary table and a sort of them: 0.4 ms).
  // SQLite joins a CROSS JOIN in the order written: with the statistics of ANALYZE it read the
  // clients' documents first and sorted them (60 ms, not 0.3). MariaDB takes it as an inner join and
  // chooses this order itself (STRAIGHT_JOIN made it scan the assignments for each row instead).
  const page = range
    .crossJoin('documents')
    .whereRef('documents.id', '=', 'staff_documents.document_id')
    .leftJoin('document_types', 'document_types.id', 'documents.type_id')
    .select(COLUMNS)
    .where(clientIn(scope, 'documents.user_id'))
    .orderBy('staff_documents.created_at', 'desc')
    .orderBy('staff_documents.document_id', 'desc')
    .limit(filter.pageSize)
    .offset(offset)
  const rows = await readRows(db, page)
  return { total, items: rows.map(toRecord) }
}

/** The scope's documents in the state, from its clients' kept counts (migration 0033: one key per client). */
async function countInScope(db: Db, scope: Scope, state: DocumentState): Promise<number> {
  const { archived, viewed } = STATE_FLAGS[state]
  const row = await db
    .selectFrom('client_document_counts')
    .select(sql<number | string | null>`sum(client_document_counts.n)`.as('n'))
    .where(sql<SqlBool>`client_document_counts.from_firm = 0 and client_document_counts.is_archived = ${sql.lit(archived)} and client_document_counts.is_viewed = ${sql.lit(viewed)}`)
    .where(clientIn(scope, 'client_document_counts.user_id'))
    .executeTakeFirst()
  return Number(row?.n ?? 0)
}

/** SQLite: what an administrator's list finds a document by, in its index (migration 0023). */
const LISTED_BY = ['name', 'kind', 'sender']
/** SQLite: the index's word for each list (migration 0023; 'zfm' for what the firm sent, in none). */
const STATE_WORDS: Record<DocumentState, string> = { new: 'znw', viewed: 'zvw', archived: 'zar' }

/**
 * SQLite, a q of 3 letters or more: the index finds the list's matches by itself (`match`), so the
 * total is counted there, without reading a row (4–7 ms for 50,000 of them; with dates, through
 * the rows). The page then takes the cheaper way for that total: few matches are read and sorted;
 * many are looked up while the list's own index is read newest first, until the page is full (the
 * unary + keeps SQLite from reading the matches first; docs/decisions/010-documents-search-index.md).
 */
async function findIndexedPage(db: Db, state: DocumentState, filter: ListFilter, match: string): Promise<Page<DocumentRecord>> {
  const ids = sql`select rowid from search_documents where search_documents match ${match}`
  const dated = Boolean(filter.from || filter.to)
  const base = withType(db).where(inState(state)).where(withinDays('documents.created_at', filter.from, filter.to))
  let total: number
  if (dated) {
    const [row] = await readRows(db, base.where(sql<SqlBool>`documents.id in (${ids})`).select(sql<number>`count(*)`.as('n')))
    total = Number(row?.n ?? 0)
  } else {
    const [row] = await readRows(db, db.selectNoFrom(sql<number>`(select count(*) from search_documents where search_documents match ${match})`.as('n')))
    total = Number(row?.n ?? 0)
  }
  const read = (filter.page - 1) * filter.pageSize + filter.pageSize
  // Rows of the list read to fill the page, walking its index, against the matches looked up to sort them.
  const walk = (read * (await countInState(db, state))) / Math.max(total, 1) < total
  const query = base.where(walk ? sql<SqlBool>`+documents.id in (${ids})` : sql<SqlBool>`documents.id in (${ids})`)
  const page = await fetchPage(db, query, (q) => q.select(COLUMNS).orderBy('documents.created_at', 'desc').orderBy('documents.id', 'desc'), filter, async () => total)
  return { total: page.total, items: page.items.map(toRecord) }
}

/** MariaDB: the index's number for each list (migration 0024; 3 for what the firm sent, in none). */
const STATE_CODES: Record<DocumentState, number> = { new: 0, viewed: 1, archived: 2 }

/** A q of 1 or 2 characters (folded on SQLite, as its index holds the texts; in the collation on MariaDB), a key of `search_documents_short`. */
interface ShortGram {
  size: 1 | 2
  gram: string
}

function shortGram(db: Db, q: string): ShortGram | undefined {
  const gram = isMysql(db) ? q : fold(q)
  const size = [...gram].length
  return size === 1 || size === 2 ? { size, gram } : undefined
}

/** The list's part of a short gram's key (migration 0055; `prefix` names the index's table). */
const shortKey = ({ size, gram }: ShortGram, state: DocumentState, prefix = '') =>
  sql<SqlBool>`${sql.raw(prefix)}size = ${sql.lit(size)} and ${sql.raw(prefix)}gram = ${gram} and ${sql.raw(prefix)}state = ${sql.lit(STATE_CODES[state])}`

/**
 * One key of an index in the shape (key, state, created_at, row_id): MariaDB's trigrams for a q of
 * 3 letters (migration 0024), the grams of 1 and 2 characters on both dialects (migration 0055). q is
 * the key, in the collation that ignores case and accents (folded on SQLite), and the key's entries
 * for the list are in date order: the total is a count of that `range` and the page a slice of it,
 * newest first, without reading a document until the page's own
 * (docs/decisions/010-documents-search-index.md, 134-short-searches.md).
 */
async function findKeyPage(db: Db, filter: ListFilter, range: Expression<unknown>): Promise<Page<DocumentRecord>> {
  const [counted] = await readRows(db, db.selectNoFrom(sql<number | string>`(select count(*) ${range})`.as('n')))
  const total = Number(counted?.n ?? 0)
  const offset = (filter.page - 1) * filter.pageSize
  if (offset >= total) return { total, items: [] }
  const slice = sql<{ row_id: number; created_at: string }>`(select row_id, created_at ${range} order by created_at desc, row_id desc limit ${sql.lit(filter.pageSize)} offset ${sql.lit(offset)})`
  // A derived table keeps no order of its own: the slice's is given again outside it.
  const rows = await readRows(db, db.selectFrom(slice.as('slice')).selectAll().orderBy(sql`created_at`, 'desc').orderBy(sql`row_id`, 'desc'))
  const ids = rows.map((row) => Number(row.row_id))
  if (!ids.length) return { total, items: [] }
  const found = new Map((await withType(db).select(COLUMNS).where('documents.id', 'in', ids).execute()).map((row) => [Number(row.id), toRecord(row)]))
  return { total, items: ids.flatMap((id) => found.get(id) ?? []) }
}

/** A page of the documents a client sent, newest first (the profile's table), when the scope reaches the client. */
export async function findOwnedDocuments(db: Db, scope: Scope, userId: number, filter: Pick<ListFilter, 'page' | 'pageSize'>): Promise<Page<DocumentRecord>> {
  const query = withType(db).where('documents.user_id', '=', userId).where(clientIn(scope, 'documents.user_id')).where(sentByClient)
  const page = await fetchPage(db, query, (q) => q.select(COLUMNS).orderBy('documents.created_at', 'desc').orderBy('documents.id', 'desc'), filter)
  return { total: page.total, items: page.items.map(toRecord) }
}

/** What the firm sent a client, newest first, when the scope reaches the client; `q` over its name (the file's when none was given). */
export async function findReceivedPage(db: Db, scope: Scope, userId: number, filter: ListFilter): Promise<Page<DocumentRecord>> {
  let query = withType(db).where('documents.user_id', '=', userId).where(clientIn(scope, 'documents.user_id')).where(sentByFirm).where(withinDays('documents.created_at', filter.from, filter.to))
  // One client's: a q of 1 or 2 letters checks their rows (SQLite's trigram index would be read whole).
  if (filter.q) query = query.where(shortGram(db, filter.q) ? containsAny(db, ['documents.name'], filter.q) : await textMatches(db, DOCUMENT_NAMES, filter.q))
  const page = await fetchPage(db, query, (q) => q.select(COLUMNS).orderBy('documents.created_at', 'desc').orderBy('documents.id', 'desc'), filter)
  return { total: page.total, items: page.items.map(toRecord) }
}

/** A firm-sent document's first download by its client; false when it was downloaded before. */
export async function markDownloadedRow(db: Db, id: number): Promise<boolean> {
  const result = await db.updateTable('documents').set({ downloaded_at: nowDb() }).where('id', '=', id).where(sentByFirm).where('downloaded_at', 'is', null).executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

/** An archived document back among the viewed ones (contract §7); false when it is not archived (or gone). */
export async function restoreRow(db: Db, id: number): Promise<boolean> {
  const result = await db.updateTable('documents').set({ is_archived: 0, archived_at: null }).where('id', '=', id).where(sentByClient).where('is_archived', '=', 1).executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

/** Marks a document viewed, once: the first view's time is kept. */
export async function markViewedRow(db: Db, id: number): Promise<void> {
  await db.updateTable('documents').set({ is_viewed: 1, viewed_at: nowDb() }).where('id', '=', id).where('is_viewed', '=', 0).execute()
}

/** Archives a viewed document; false when it is not viewed (or gone). */
export async function archiveRow(db: Db, id: number): Promise<boolean> {
  const result = await db.updateTable('documents').set({ is_archived: 1, archived_at: nowDb() }).where('id', '=', id).where(sentByClient).where('is_viewed', '=', 1).executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

/**
 * Deletes one document row; `byClient` makes the client's conditions part of the delete (one they
 * sent, not viewed yet), safe against a view meanwhile.
 */
export async function deleteDocumentRow(db: Db, id: number, byClient = false): Promise<boolean> {
  let query = db.deleteFrom('documents').where('id', '=', id)
  if (byClient) query = query.where('is_viewed', '=', 0).where(sentByClient)
  const result = await query.executeTakeFirst()
  return Number(result.numDeletedRows) === 1
}

/**
 * The storage keys of the documents about to be deleted with the rows `column` = `id` names, read as
 * the deletion will find them: on MariaDB a locking read, not the transaction's snapshot, which an
 * upload committed meanwhile is not in (the delete, which reads current rows, removed it all the same
 * and its file stayed in storage for good); its locks also hold back an upload for the same owner or
 * type until the deletion commits, after which the upload's foreign key refuses it and its file goes.
 * SQLite's transactions run one at a time.
 */
function keysLocked(db: Db, column: 'user_id' | 'type_id', id: number) {
  let query = db.selectFrom('documents').select('storage_key').where(column, '=', id)
  if (isMysql(db)) query = query.forUpdate()
  return query.execute()
}

/** Deletes a user's document rows (in the caller's transaction); answers their storage keys. */
export async function deleteOwnedRows(db: Db, userId: number): Promise<string[]> {
  const rows = await keysLocked(db, 'user_id', userId)
  if (rows.length) await db.deleteFrom('documents').where('user_id', '=', userId).execute()
  return rows.map((row) => row.storage_key)
}

/**
 * Documents clients sent, by state: the whole firm's from the counts the database keeps (migrations
 * 0007, 0019); a staff member's (any narrower scope's) from the per-client counts it keeps (migration
 * 0033), one key per client of theirs.
 */
async function countsByState(db: Db, scope: Scope): Promise<Record<DocumentState, number>> {
  const rows =
    scope.kind === 'firm'
      ? await db.selectFrom('document_counts').select(['is_archived', 'is_viewed', 'n']).where('from_firm', '=', 0).execute()
      : await db
          .selectFrom('client_document_counts')
          .select(['client_document_counts.is_archived', 'client_document_counts.is_viewed', sql<number | string>`sum(client_document_counts.n)`.as('n')])
          .where(sql<SqlBool>`client_document_counts.from_firm = 0`)
          .where(clientIn(scope, 'client_document_counts.user_id'))
          .groupBy(['client_document_counts.is_archived', 'client_document_counts.is_viewed'])
          .execute()
  const count = (archived: boolean, viewed?: boolean) =>
    rows.filter((row) => fromDbBool(row.is_archived) === archived && (viewed === undefined || fromDbBool(row.is_viewed) === viewed)).reduce((sum, row) => sum + Number(row.n), 0)
  return { new: count(false, false), viewed: count(false, true), archived: count(true) }
}

async function countInState(db: Db, state: DocumentState): Promise<number> {
  return (await countsByState(db, FIRM_SCOPE))[state]
}

/** Every document's storage key (a backup copies these files). */
export async function allStorageKeys(db: Db): Promise<string[]> {
  const rows = await db.selectFrom('documents').select('storage_key').execute()
  return rows.map((row) => row.storage_key)
}

/** Unviewed (new) and viewed-not-archived documents of the scope's clients, as the dashboard counts them. */
export async function countDocumentRows(db: Db, scope: Scope = FIRM_SCOPE): Promise<{ unviewed: number; viewed: number }> {
  const counts = await countsByState(db, scope)
  return { unviewed: counts.new, viewed: counts.viewed }
}

/* Quota and the firm's grouped upload mails (issue 15) */

/** The bytes the documents in a client's space take in all: what they sent and what the firm sent them (issue 34). */
export async function usedBytes(db: Db, userId: number): Promise<number> {
  const row = await db.selectFrom('documents').select((eb) => eb.fn.coalesce(eb.fn.sum<number | string>('size'), eb.lit(0)).as('used')).where('user_id', '=', userId).executeTakeFirst()
  return Number(row?.used ?? 0)
}

export interface UploadNotice {
  lastMailAt: Date
  digestOutboxId: number | null
  digestFromDocumentId: number | null
}

/**
 * The client's notice row, created if missing and locked until the caller's transaction ends (on
 * MySQL; SQLite runs one writing transaction at a time): uploads of one client go through one by one.
 * A missing account makes the insert fail on its foreign key.
 */
export async function lockUploadNotice(trx: Db, userId: number): Promise<UploadNotice> {
  const fresh = { user_id: userId, last_mail_at: toDbTime(new Date(0)), digest_outbox_id: null, digest_from_document_id: null }
  // Not INSERT IGNORE: it would turn a missing account's foreign-key error into a warning.
  if (isMysql(trx)) await trx.insertInto('upload_notices').values(fresh).onDuplicateKeyUpdate({ user_id: userId }).execute()
  else await trx.insertInto('upload_notices').values(fresh).onConflict((oc) => oc.column('user_id').doNothing()).execute()
  let query = trx.selectFrom('upload_notices').select(['last_mail_at', 'digest_outbox_id', 'digest_from_document_id']).where('user_id', '=', userId)
  if (isMysql(trx)) query = query.forUpdate()
  const row = await query.executeTakeFirstOrThrow()
  return {
    lastMailAt: fromDbTime(row.last_mail_at),
    digestOutboxId: row.digest_outbox_id === null ? null : fromDbId(row.digest_outbox_id),
    digestFromDocumentId: row.digest_from_document_id === null ? null : fromDbId(row.digest_from_document_id),
  }
}

export async function saveUploadNotice(trx: Db, userId: number, notice: UploadNotice): Promise<void> {
  await trx
    .updateTable('upload_notices')
    .set({ last_mail_at: toDbTime(notice.lastMailAt), digest_outbox_id: notice.digestOutboxId, digest_from_document_id: notice.digestFromDocumentId })
    .where('user_id', '=', userId)
    .execute()
}

/** A client's documents from `fromId` on, oldest first (what a digest lists). */
export async function findOwnedFrom(db: Db, userId: number, fromId: number, limit: number): Promise<DocumentRecord[]> {
  const rows = await withType(db).select(COLUMNS).where('documents.user_id', '=', userId).where(sentByClient).where('documents.id', '>=', fromId).orderBy('documents.id').limit(limit).execute()
  return rows.map(toRecord)
}

/** How many documents of a client from `fromId` on. */
export async function countOwnedFrom(db: Db, userId: number, fromId: number): Promise<number> {
  const row = await db.selectFrom('documents').select((eb) => eb.fn.countAll<number | string>().as('n')).where('user_id', '=', userId).where(sentByClient).where('id', '>=', fromId).executeTakeFirst()
  return Number(row?.n ?? 0)
}

/** A document of a person's export (contract §12): whether they sent it or received it. */
export type PersonalDocument = DocumentRecord & { direction: 'sent' | 'received' }

/**
 * The documents a person sent or received, oldest first (their export): what they uploaded for their
 * company, what they sent a client from the firm, and, for a company's person, what the firm sent
 * their company (each of its people receives it).
 */
export async function findPersonalDocuments(db: Db, person: { id: number; companyId: number | null; isFirm: boolean }): Promise<PersonalDocument[]> {
  const company = person.companyId ?? person.id
  const rows = await withType(db)
    .select([...COLUMNS, 'documents.uploaded_by', 'documents.sent_by'])
    .where((eb) =>
      eb.or([
        eb('documents.uploaded_by', '=', person.id),
        eb('documents.sent_by', '=', person.id),
        ...(person.isFirm ? [] : [eb.and([eb('documents.user_id', '=', company), sentByFirm])]),
      ]),
    )
    .orderBy('documents.id')
    .execute()
  return rows.map((row) => {
    const sent = (row.uploaded_by !== null && fromDbId(row.uploaded_by) === person.id) || (row.sent_by !== null && fromDbId(row.sent_by) === person.id)
    return { ...toRecord(row), direction: sent ? 'sent' : 'received' }
  })
}

/* Legal holds (contract §12, migration 0040) */

/** Puts documents on hold (those not on hold already); answers the ids newly held. */
export async function holdRows(trx: Db, ids: number[], heldBy: number, at: Date): Promise<number[]> {
  if (!ids.length) return []
  const held = new Set((await trx.selectFrom('document_holds').select('document_id').where('document_id', 'in', ids).execute()).map((row) => fromDbId(row.document_id)))
  const fresh = ids.filter((id) => !held.has(id))
  if (fresh.length) await trx.insertInto('document_holds').values(fresh.map((id) => ({ document_id: id, held_by: heldBy, created_at: toDbTime(at) }))).execute()
  return fresh
}

/** Which of these documents are on hold (a page's rows, by the holds' primary key). */
export async function heldAmong(db: Db, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set()
  const rows = await db.selectFrom('document_holds').select('document_id').where('document_id', 'in', [...new Set(ids)]).execute()
  return new Set(rows.map((row) => fromDbId(row.document_id)))
}

/** Lifts the holds of these documents; answers the ids that were on hold. */
export async function releaseRows(trx: Db, ids: number[]): Promise<number[]> {
  if (!ids.length) return []
  const held = (await trx.selectFrom('document_holds').select('document_id').where('document_id', 'in', ids).execute()).map((row) => fromDbId(row.document_id))
  if (held.length) await trx.deleteFrom('document_holds').where('document_id', 'in', held).execute()
  return held
}

/** Whether a document is on hold (read in the deleting transaction: on MariaDB a locking read, so a hold landing meanwhile waits). */
export async function isHeld(db: Db, id: number): Promise<boolean> {
  let query = db.selectFrom('document_holds').select('document_id').where('document_id', '=', id)
  if (isMysql(db)) query = query.forUpdate()
  return Boolean(await query.executeTakeFirst())
}

/** Whether any document `column` = `id` names (an owner's, a type's) is on hold. */
export async function anyHeld(db: Db, column: 'user_id' | 'type_id', id: number): Promise<boolean> {
  const row = await db.selectFrom('document_holds').innerJoin('documents', 'documents.id', 'document_holds.document_id').select('documents.id').where(`documents.${column}`, '=', id).executeTakeFirst()
  return Boolean(row)
}

/** Every document of a company, by id, with its label for the journal (a company's hold). */
export async function companyDocuments(db: Db, userId: number): Promise<Array<{ id: number; originalName: string; userId: number }>> {
  const rows = await db.selectFrom('documents').select(['id', 'original_name']).where('user_id', '=', userId).orderBy('id').execute()
  return rows.map((row) => ({ id: fromDbId(row.id), originalName: row.original_name, userId }))
}

/** Whether a delete failed on a hold's foreign key (a hold that landed between the check and the delete). */
export function isHoldViolation(error: unknown): boolean {
  return isForeignKeyViolation(error)
}
