import { sql, type Expression, type SelectQueryBuilder, type SqlBool } from 'kysely'
import { fold } from '../shared/fold.js'
import { firmDayStart, nextDay } from '../shared/time.js'
import { isMysql, type Db } from './database.js'
import { readCountedRows, readRows } from './readers.js'
import { toDbTime } from './values.js'

/** One page of one admin list: what to look for and which slice to answer. */
export interface ListFilter {
  q: string
  /** Inclusive days `YYYY-MM-DD`, in the firm's time zone. */
  from?: string
  to?: string
  page: number
  pageSize: number
}

/** The database (or transaction) a page is read from. */
type ReadsOf = Parameters<typeof readRows>[0]

export interface Page<T> {
  total: number
  items: T[]
}

/** `!` escapes LIKE's wildcards, the same way on both dialects. */
function likeContains(term: string): string {
  return `%${term.replace(/[!%_]/g, (c) => `!${c}`)}%`
}

/**
 * Any of `columns` contains `q`, ignoring case and accents, by reading every row: MySQL through its
 * accent- and case-insensitive collation, SQLite through the `fold` function registered on each
 * connection (JavaScript per row and per column). Only for rows an index has narrowed already (one
 * client's journal); a list's search goes through `textMatches`.
 */
export function containsAny(db: Db, columns: string[], q: string): Expression<SqlBool> {
  if (isMysql(db)) return collatedLike(columns, q)
  const pattern = likeContains(fold(q))
  return sql<SqlBool>`(${sql.join(columns.map((c) => sql`fold(${sql.ref(c)}) like ${pattern} escape '!'`), sql` or `)})`
}

/** MariaDB: any of `columns` contains `q` in the accent- and case-insensitive collation. */
function collatedLike(columns: string[], q: string): Expression<SqlBool> {
  const pattern = likeContains(q)
  return sql<SqlBool>`(${sql.join(columns.map((c) => sql`${sql.ref(c)} collate utf8mb4_unicode_ci like ${pattern} escape '!'`), sql` or `)})`
}

/** A table whose text columns a list searches, through its index `search_<table>` (migration 0020). */
export interface SearchIndex {
  table: string
  /** The columns `q` is looked for in (some of those the index holds, when fewer are searched). */
  columns: string[]
  /**
   * True when `columns` are every column the index holds: on MariaDB a 3-letter q's key is then
   * the answer itself (a key of the index names rows holding q in any of its columns); otherwise
   * the collation's LIKE keeps the rows holding it in the searched ones.
   */
  everyColumn?: boolean
}

export const searchIndexName = (table: string) => `search_${table}`

/** The indexes hold substrings of this many characters: a shorter `q` reads the whole index. */
const TRIGRAM = 3
/** MariaDB: at most this many of a long `q`'s trigrams are weighed, each counted up to PROBE_CAP rows. */
const PROBES = 8
const PROBE_CAP = 1000

/**
 * Any of `columns` of `table` contains `q`, ignoring case and accents, read through the table's
 * index (docs/decisions/009-search-indexes.md): a condition on
 * `<table>.id`. SQLite: FTS5's trigram index of the folded columns finds the substring itself.
 * MariaDB: the rarest of q's trigrams (a 3-letter q is one) gives the candidate rows through the
 * trigram table, and the collation's LIKE keeps those that contain the whole of q. A q of one or two
 * letters reads every row of the index (SQLite) or of the table (MariaDB) without JavaScript.
 */
export async function textMatches(db: Db, searched: SearchIndex, q: string): Promise<Expression<SqlBool>> {
  const id = sql.ref(`${searched.table}.id`)
  if (!isMysql(db)) return sql<SqlBool>`${id} in (${sqliteIds(searched, q)})`
  // A q of 3 letters is one key: the rows under it hold q, in the collation LIKE would use.
  if (searched.everyColumn && isOneTrigram(q)) return sql<SqlBool>`${id} in (select row_id from ${sql.table(searchIndexName(searched.table))} where trigram = ${q})`
  const like = collatedLike(searched.columns.map((column) => `${searched.table}.${column}`), q)
  const lead = await rarestTrigram(db, searchIndexName(searched.table), trigramsOf(q))
  return lead === undefined ? like : sql<SqlBool>`(${id} in (select row_id from ${sql.table(searchIndexName(searched.table))} where trigram = ${lead}) and ${like})`
}

const isOneTrigram = (q: string) => [...q].length === TRIGRAM

/**
 * How many rows hold q, counted in the index alone, when the list is the whole table narrowed by
 * q only and the searched columns are every column of its index (the contact inbox): FTS5 counts its
 * matches (SQLite), MariaDB the entries of q's one key (a 3-letter q). Undefined otherwise: the
 * caller counts through the rows.
 */
export function indexedTotal(db: Db, searched: SearchIndex, q: string): (() => Promise<number>) | undefined {
  const index = sql.table(searchIndexName(searched.table))
  let count: Expression<unknown>
  if (isMysql(db)) {
    if (!searched.everyColumn || !isOneTrigram(q)) return undefined
    count = sql`(select count(*) from ${index} where trigram = ${q})`
  } else {
    const phrase = ftsPhrase(searched.columns, q)
    if (phrase === undefined) return undefined
    count = sql`(select count(*) from ${index} where ${index} match ${phrase})`
  }
  return async () => {
    const [row] = await readRows(db, db.selectNoFrom(sql<number | string>`${count}`.as('n')))
    return Number(row?.n ?? 0)
  }
}

/** The ids (column `id`) of the rows of `searched.table` where `textMatches` holds, in parentheses: one of the sets `idIn` unites. */
export async function textIds(db: Db, searched: SearchIndex, q: string): Promise<Expression<unknown>> {
  if (!isMysql(db)) return sql`(${sqliteIds(searched, q)})`
  // A 3-letter q's key names the rows itself: the list's own query reads them (a join here read
  // each of 5,000 requests twice, 10 ms of a 60 ms search, BENCHMARKS.md).
  if (searched.everyColumn && isOneTrigram(q)) return sql`(select row_id as id from ${sql.table(searchIndexName(searched.table))} where trigram = ${q})`
  return sql`(select ${sql.ref(`${searched.table}.id`)} from ${sql.table(searched.table)} where ${await textMatches(db, searched, q)})`
}

/** SQLite: the rowids (the rows' ids) of the FTS5 index holding q, folded, in one of `columns`. */
function sqliteIds({ table, columns }: SearchIndex, q: string): Expression<unknown> {
  const index = sql.table(searchIndexName(table))
  const phrase = ftsPhrase(columns, q)
  if (phrase !== undefined) return sql`select rowid as id from ${index} where ${index} match ${phrase}`
  const pattern = likeContains(fold(q))
  return sql`select rowid as id from ${index} where ${sql.join(columns.map((c) => sql`${sql.ref(c)} like ${pattern} escape '!'`), sql` or `)}`
}

/**
 * SQLite: FTS5's query for `q`, folded, as a substring of one of `columns` (q is a phrase: its
 * quotes doubled, FTS5's syntax in it is text); undefined when q is shorter than a trigram.
 */
export function ftsPhrase(columns: string[], q: string): string | undefined {
  const folded = fold(q)
  if ([...folded].length < TRIGRAM) return undefined
  return `{${columns.join(' ')}} : "${folded.replace(/"/g, '""')}"`
}

/**
 * `column` is one of the ids the `sets` select (each a query of one column `id` in parentheses, as
 * Kysely writes a subquery, read through its own index; an id may be in several). Wrapped in a
 * derived table, which MariaDB materialises once: an `or` of the sets, or `in (… union …)`, would
 * be tried again for every row of the list.
 */
export function idIn(column: string, sets: Expression<unknown>[]): Expression<SqlBool> {
  const each = sets.map((set, i) => sql`select id from ${set} as ${sql.raw(`set${i}`)}`)
  return sql<SqlBool>`${sql.ref(column)} in (select id from (${sql.join(each, sql` union all `)}) as found)`
}

/** The distinct substrings of 3 characters of `text` (code points, as MariaDB counts them). */
export function trigramsOf(text: string): string[] {
  const chars = [...text]
  return [...new Set(chars.slice(0, -2).map((_, i) => chars.slice(i, i + TRIGRAM).join('')))]
}

/**
 * MariaDB: the trigram of `trigrams` with the fewest rows in `index` (each counted up to
 * PROBE_CAP, at most PROBES of them spread over q, in one query); undefined when q is too short.
 */
async function rarestTrigram(db: Db, index: string, trigrams: string[]): Promise<string | undefined> {
  if (trigrams.length <= 1) return trigrams[0]
  const step = Math.max(1, Math.ceil(trigrams.length / PROBES))
  const probed = trigrams.filter((_, i) => i % step === 0)
  const counts = probed.map((trigram, i) => sql`(select ${sql.lit(i)} as i from ${sql.table(index)} where trigram = ${trigram} limit ${PROBE_CAP})`)
  const { rows } = await sql<{ i: number; n: number | string }>`select i, count(*) as n from (${sql.join(counts, sql` union all `)}) as probed group by i`.execute(db)
  const found = probed.map(() => 0)
  for (const row of rows) found[Number(row.i)] = Number(row.n)
  return probed[found.indexOf(Math.min(...found))]
}

/** `column` falls on or between the days `from` and `to` (either may be absent). */
export function withinDays(column: string, from: string | undefined, to: string | undefined): Expression<SqlBool> {
  const parts = []
  if (from) parts.push(sql`${sql.ref(column)} >= ${toDbTime(firmDayStart(from))}`)
  if (to) parts.push(sql`${sql.ref(column)} < ${toDbTime(firmDayStart(nextDay(to)))}`)
  return parts.length ? sql<SqlBool>`(${sql.join(parts, sql` and `)})` : sql<SqlBool>`1 = 1`
}

/** True when the list is not narrowed by a search or a date: its total can come from a kept count. */
export function unfiltered(filter: ListFilter): boolean {
  return !filter.q && !filter.from && !filter.to
}

/**
 * Counts the rows of `filtered` (or takes `knownTotal`, a kept count, when given) and answers the
 * requested slice of `ordered` (the same query with its columns and order). Both go through the
 * indexes the caller's filters were built for, and on SQLite through a read worker (db/readers.ts):
 * a search of a large list never holds the event loop.
 */
export async function fetchPage<DB, TB extends keyof DB, O>(
  db: ReadsOf,
  filtered: SelectQueryBuilder<DB, TB, object>,
  ordered: (query: SelectQueryBuilder<DB, TB, object>) => SelectQueryBuilder<DB, TB, O>,
  filter: Pick<ListFilter, 'page' | 'pageSize'>,
  knownTotal?: () => Promise<number>,
): Promise<Page<O>> {
  const offset = (filter.page - 1) * filter.pageSize
  const slice = ordered(filtered).limit(filter.pageSize).offset(offset)
  const counting = filtered.select(sql<number | string>`count(*)`.as('total'))
  if (!knownTotal) {
    // SQLite: the count and the page in one trip to the read worker.
    const both = await readCountedRows(db, counting, slice, offset)
    if (both) return { total: both.total, items: both.rows }
  }
  const total = knownTotal ? await knownTotal() : Number(((await readRows(db, counting))[0] as { total?: number | string } | undefined)?.total ?? 0)
  if (offset >= total) return { total, items: [] }
  return { total, items: await readRows(db, slice) }
}
