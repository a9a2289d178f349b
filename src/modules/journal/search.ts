import { sql, type Expression, type SqlBool } from 'kysely'
import { isMysql, type Db } from '../../db/database.js'
import { fold } from '../../shared/fold.js'

/** Words shorter than this are not in MariaDB's full-text index (innodb_ft_min_token_size). */
const MIN_INDEXED = 3

/** The text an entry is found by: its words, folded like every search (case and accents ignored), one space apart. */
export function searchTextOf(parts: Array<string | null | undefined>): string {
  return wordsOf(parts.filter(Boolean).join(' '), 400).join(' ')
}

/** The words of a search, folded, split where the indexes split text (anything but letters and digits). */
export function wordsOf(q: string, max = 10): string[] {
  return fold(q).split(/[^\p{L}\p{N}]+/u).filter(Boolean).slice(0, max)
}

/**
 * Every word of `q` begins a word of the entry's text. Indexed words go through the full-text
 * index (FTS5 on SQLite, FULLTEXT on MariaDB); one- and two-letter words only narrow what the
 * index found (a search of short words alone reads the table: docs/decisions.md).
 */
export function matchesWords(db: Db, q: string): Expression<SqlBool> | undefined {
  const words = wordsOf(q)
  if (!words.length) return undefined
  const indexed = words.filter((w) => w.length >= MIN_INDEXED)
  const short = words.filter((w) => w.length < MIN_INDEXED)
  const parts: Expression<SqlBool>[] = []
  if (indexed.length && isMysql(db)) {
    parts.push(sql<SqlBool>`match(journal.search_text) against (${indexed.map((w) => `+${w}*`).join(' ')} in boolean mode)`)
  } else if (indexed.length) {
    parts.push(sql<SqlBool>`journal.id in (select rowid from journal_search where journal_search match ${indexed.map((w) => `"${w}"*`).join(' ')})`)
  }
  // A word start: the stored text is words one space apart.
  const spaced = sql.raw(isMysql(db) ? "concat(' ', journal.search_text)" : "(' ' || journal.search_text)")
  for (const word of short) parts.push(sql<SqlBool>`${spaced} like ${`% ${word}%`}`)
  return sql<SqlBool>`(${sql.join(parts, sql` and `)})`
}
