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

/** Counting a word's entries stops here: enough to tell a rare word from a common one. */
const PROBE_CAP = 1000

/**
 * How many entries hold the word `word` itself, up to PROBE_CAP: a whole term's list is read
 * lazily, so this is bounded (a prefix's lists are merged first, which is what it avoids). A word
 * typed in part counts 0 here: it leads, and its prefix is usually rare.
 */
async function entriesWith(db: Db, word: string): Promise<number> {
  const { rows } = await sql<{ n: number }>`select count(*) as n from (select rowid from journal_search where journal_search match ${`"${word}"`} limit ${PROBE_CAP})`.execute(db)
  return Number(rows[0]?.n ?? 0)
}

/**
 * Every word of `q` begins a word of the entry's text, through the full-text index (FTS5 on
 * SQLite, FULLTEXT on MariaDB). On SQLite the rarest word drives the index (a count of its entries
 * that stops at PROBE_CAP) and the other words narrow what it found, so a common word beside a rare
 * one ("sarl atlas") costs no walk through its many entries; InnoDB intersects every word itself.
 * Words of one or two letters (not in MariaDB's index) only narrow; a search of short words alone
 * reads the table (docs/decisions.md).
 */
export async function matchesWords(db: Db, q: string): Promise<Expression<SqlBool> | undefined> {
  const words = [...new Set(wordsOf(q))]
  if (!words.length) return undefined
  const indexed = words.filter((w) => w.length >= MIN_INDEXED)
  const parts: Expression<SqlBool>[] = []
  let narrowing = words.filter((w) => w.length < MIN_INDEXED)
  if (indexed.length && isMysql(db)) {
    parts.push(sql<SqlBool>`match(journal.search_text) against (${indexed.map((w) => `+${w}*`).join(' ')} in boolean mode)`)
  } else if (indexed.length) {
    const counted = indexed.length === 1 ? [{ word: indexed[0]!, n: 0 }] : await Promise.all(indexed.map(async (word) => ({ word, n: await entriesWith(db, word) })))
    const lead = counted.reduce((a, b) => (b.n < a.n ? b : a)).word
    parts.push(sql<SqlBool>`journal.id in (select rowid from journal_search where journal_search match ${`"${lead}"*`})`)
    narrowing = words.filter((w) => w !== lead)
  }
  // A word start: the stored text is words one space apart.
  const spaced = sql.raw(isMysql(db) ? "concat(' ', journal.search_text)" : "(' ' || journal.search_text)")
  for (const word of narrowing) parts.push(sql<SqlBool>`${spaced} like ${`% ${word}%`}`)
  return sql<SqlBool>`(${sql.join(parts, sql` and `)})`
}
