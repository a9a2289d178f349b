import { sql, type Expression, type SqlBool } from 'kysely'
import { isMysql, type Db } from '../../db/database.js'
import { fold } from '../../shared/fold.js'

/** The words MariaDB's full-text index holds (innodb_ft_min_token_size, innodb_ft_max_token_size): only they lead. */
const MIN_INDEXED = 3
const MAX_INDEXED = 84

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
 * SQLite: how many entries hold the word `word` itself, up to PROBE_CAP: a whole term's list is
 * read lazily, so this is bounded (a prefix's lists are merged first, which is what it avoids). A
 * word typed in part counts 0 here: it leads, and its prefix is usually rare.
 */
async function entriesWith(db: Db, word: string): Promise<number> {
  const { rows } = await sql<{ n: number }>`select count(*) as n from (select rowid from journal_search where journal_search match ${`"${word}"`} limit ${PROBE_CAP})`.execute(db)
  return Number(rows[0]?.n ?? 0)
}

/** MariaDB reads at most this many words of a prefix's counts: a prefix of more is common. */
const PROBE_WORDS = 100

/**
 * MariaDB: for each of `words`, how many entries hold a word it begins (what the index reads for
 * `word*`), summed from the counts its triggers keep per word (migration 0015) over at most
 * PROBE_WORDS words; one query, an index range per word whatever the journal's size.
 */
async function entriesStartingWith(db: Db, words: string[]): Promise<number[]> {
  const ranges = words.map((word, i) => sql`(select ${sql.lit(i)} as i, n from journal_word_counts where word like ${`${word}%`} limit ${PROBE_WORDS})`)
  const { rows } = await sql<{ i: number; words: number | string; n: number | string }>`select i, count(*) as words, sum(n) as n from (${sql.join(ranges, sql` union all `)}) as counted group by i`.execute(db)
  const counts = words.map(() => 0)
  for (const row of rows) counts[Number(row.i)] = Number(row.words) >= PROBE_WORDS ? Infinity : Number(row.n)
  return counts
}

/** The word of `words` held by the fewest entries (the first of them on a tie): the one the index reads. */
async function rarest(db: Db, words: string[]): Promise<string> {
  if (words.length === 1) return words[0]!
  const counts = isMysql(db) ? await entriesStartingWith(db, words) : await Promise.all(words.map((word) => entriesWith(db, word)))
  return words[counts.indexOf(Math.min(...counts))]!
}

/**
 * Every word of `q` begins a word of the entry's text. The rarest word drives the full-text index
 * (FTS5 on SQLite, FULLTEXT on MariaDB), chosen by a bounded count of each word's entries, and the
 * other words narrow what it found, so a common word beside a rare one ("sarl atlas") costs no walk
 * through its many entries. Words of one or two letters (not in MariaDB's index) only narrow; a
 * search of short words alone reads the table (docs/decisions/053-journal-search.md).
 */
export async function matchesWords(db: Db, q: string): Promise<Expression<SqlBool> | undefined> {
  const words = [...new Set(wordsOf(q))]
  if (!words.length) return undefined
  const indexed = words.filter((w) => [...w].length >= MIN_INDEXED && [...w].length <= MAX_INDEXED)
  const lead = indexed.length ? await rarest(db, indexed) : undefined
  const parts: Expression<SqlBool>[] = []
  if (lead !== undefined && isMysql(db)) parts.push(sql<SqlBool>`match(journal.search_text) against (${`+${lead}*`} in boolean mode)`)
  else if (lead !== undefined) parts.push(sql<SqlBool>`journal.id in (select rowid from journal_search where journal_search match ${`"${lead}"*`})`)
  // A word start: the stored text is words one space apart.
  const spaced = sql.raw(isMysql(db) ? "concat(' ', journal.search_text)" : "(' ' || journal.search_text)")
  for (const word of words.filter((w) => w !== lead)) parts.push(sql<SqlBool>`${spaced} like ${`% ${word}%`}`)
  return sql<SqlBool>`(${sql.join(parts, sql` and `)})`
}
