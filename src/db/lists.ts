import { sql, type Expression, type SelectQueryBuilder, type SqlBool } from 'kysely'
import { fold } from '../shared/fold.js'
import { firmDayStart, nextDay } from '../shared/time.js'
import { isMysql, type Db } from './database.js'
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

export interface Page<T> {
  total: number
  items: T[]
}

/** `!` escapes LIKE's wildcards, the same way on both dialects. */
function likeContains(term: string): string {
  return `%${term.replace(/[!%_]/g, (c) => `!${c}`)}%`
}

/**
 * Any of `columns` contains `q`, ignoring case and accents: MySQL through its accent- and
 * case-insensitive collation, SQLite through the `fold` function registered on each connection.
 */
export function containsAny(db: Db, columns: string[], q: string): Expression<SqlBool> {
  if (isMysql(db)) {
    const pattern = likeContains(q)
    return sql<SqlBool>`(${sql.join(columns.map((c) => sql`${sql.ref(c)} collate utf8mb4_unicode_ci like ${pattern} escape '!'`), sql` or `)})`
  }
  const pattern = likeContains(fold(q))
  return sql<SqlBool>`(${sql.join(columns.map((c) => sql`fold(${sql.ref(c)}) like ${pattern} escape '!'`), sql` or `)})`
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
 * indexes the caller's filters were built for.
 */
export async function fetchPage<DB, TB extends keyof DB, O>(
  filtered: SelectQueryBuilder<DB, TB, object>,
  ordered: (query: SelectQueryBuilder<DB, TB, object>) => SelectQueryBuilder<DB, TB, O>,
  filter: Pick<ListFilter, 'page' | 'pageSize'>,
  knownTotal?: () => Promise<number>,
): Promise<Page<O>> {
  const total = knownTotal ? await knownTotal() : await countRows(filtered)
  const offset = (filter.page - 1) * filter.pageSize
  if (offset >= total) return { total, items: [] }
  const items = await ordered(filtered).limit(filter.pageSize).offset(offset).execute()
  return { total, items: items as O[] }
}

async function countRows<DB, TB extends keyof DB>(filtered: SelectQueryBuilder<DB, TB, object>): Promise<number> {
  const counted = await filtered.select(sql<number | string>`count(*)`.as('total')).executeTakeFirst()
  return Number((counted as { total?: number | string } | undefined)?.total ?? 0)
}
