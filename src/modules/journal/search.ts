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

/** How many entries hold a word beginning with `word` (SQLite's index knows; the sum over its terms). */
async function entriesWith(db: Db, word: string): Promise<number> {
  const { rows } = await sql<{ n: number | null }>`select sum(doc) as n from journal_search_vocab where term >= ${word} and term < ${`${word}\u{10FFFF}`}`.execute(db)
  return Number(rows[0]?.n ?? 0)
}

/**
 * The indexed word that drives the search: the rarest one on SQLite (its vocabulary table counts
 * them), the longest on MariaDB (which shows no such count; a longer word is usually a rarer one).
 */
async function leadingWord(db: Db, words: string[]): Promise<string> {
  if (words.length === 1) return words[0]!
  if (isMysql(db)) return words.reduce((a, b) => (b.length > a.length ? b : a))
  const counted = await Promise.all(words.map(async (word) => ({ word, n: await entriesWith(db, word) })))
  return counted.reduce((a, b) => (b.n < a.n ? b : a)).word
}

/**
 * Every word of `q` begins a word of the entry's text. One indexed word goes through the full-text
 * index (FTS5 on SQLite, FULLTEXT on MariaDB): the rarest (SQLite) or longest (MariaDB), so that a
 * common word beside it ("sarl", "client") costs no walk through its many entries; the other words,
 * and words of one or two letters (not in MariaDB's index), narrow what it found. A search of short
 * words alone reads the table (docs/decisions.md).
 */
export async function matchesWords(db: Db, q: string): Promise<Expression<SqlBool> | undefined> {
  const words = [...new Set(wordsOf(q))]
  if (!words.length) return undefined
  const indexed = words.filter((w) => w.length >= MIN_INDEXED)
  const lead = indexed.length ? await leadingWord(db, indexed) : undefined
  const parts: Expression<SqlBool>[] = []
  if (lead && isMysql(db)) parts.push(sql<SqlBool>`match(journal.search_text) against (${`+${lead}*`} in boolean mode)`)
  else if (lead) parts.push(sql<SqlBool>`journal.id in (select rowid from journal_search where journal_search match ${`"${lead}"*`})`)
  // A word start: the stored text is words one space apart.
  const spaced = sql.raw(isMysql(db) ? "concat(' ', journal.search_text)" : "(' ' || journal.search_text)")
  for (const word of words) if (word !== lead) parts.push(sql<SqlBool>`${spaced} like ${`% ${word}%`}`)
  return sql<SqlBool>`(${sql.join(parts, sql` and `)})`
}
