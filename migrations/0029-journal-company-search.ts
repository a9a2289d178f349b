import { sql, type Kysely } from 'kysely'
import { fold } from '../src/shared/fold.js'
import { isMysql } from './helpers.js'

/** Entries are rewritten this many at a time, each batch in one statement per table. */
const BATCH = 500
/** The words MariaDB's full-text index holds, and the kept counts of migration 0015 count. */
const SHORTEST = 3
const LONGEST = 84

/**
 * Issue 17: the journal is searched by company. From now on an entry's `search_text` holds the
 * company of its actor and of the client it is about (src/modules/journal/service.ts, read in the
 * entry's transaction); here the entries written before are given theirs, for the accounts still
 * there. `down` writes them back without. Both rewrite `search_text` from the entry's own columns
 * with the journal's rule (folded words one space apart, at most 400) and keep what follows it in
 * step: SQLite's contentless FTS5 index (its triggers see inserts and deletes only) and MariaDB's
 * per-word counts (migration 0015); MariaDB's FULLTEXT index follows the column by itself.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await rewrite(db, true)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await rewrite(db, false)
}

/** The journal's rule at this migration (src/modules/journal/search.ts): folded words, anything but letters and digits between them. */
function searchText(parts: Array<string | null>): string {
  return fold(parts.filter(Boolean).join(' ')).split(/[^\p{L}\p{N}]+/u).filter(Boolean).slice(0, 400).join(' ')
}

interface EntryRow {
  id: number
  actor_id: number | null
  owner_id: number | null
  actor_label: string | null
  actor_email: string | null
  action: string
  subject_label: string | null
  search_text: string
  actor_company: string | null
  owner_company: string | null
}

async function rewrite(db: Kysely<unknown>, withCompanies: boolean): Promise<void> {
  for (let after = 0; ; ) {
    const { rows } = await sql<EntryRow>`
      select j.id, j.actor_id, j.owner_id, j.actor_label, j.actor_email, j.action, j.subject_label, j.search_text,
        ua.entreprise as actor_company, uo.entreprise as owner_company
      from journal j
      left join users ua on ua.id = j.actor_id
      left join users uo on uo.id = j.owner_id
      where j.id > ${after} order by j.id limit ${BATCH}`.execute(db)
    if (!rows.length) break
    after = Number(rows[rows.length - 1]!.id)
    const changed: Array<{ id: number; before: string; after: string }> = []
    for (const row of rows) {
      const companies = withCompanies ? [row.actor_company, row.owner_id !== row.actor_id ? row.owner_company : null] : []
      const text = searchText([row.actor_label, row.actor_email, row.action, row.subject_label, ...companies])
      if (text !== row.search_text) changed.push({ id: Number(row.id), before: row.search_text, after: text })
    }
    if (changed.length) await save(db, changed)
  }
}

async function save(db: Kysely<unknown>, changed: Array<{ id: number; before: string; after: string }>): Promise<void> {
  const ids = changed.map((c) => c.id)
  const cases = sql.join(changed.map((c) => sql`when ${c.id} then ${c.after}`), sql` `)
  await sql`update journal set search_text = case id ${cases} end where id in (${sql.join(ids)})`.execute(db)
  if (!isMysql(db)) {
    await sql`delete from journal_search where rowid in (${sql.join(ids)})`.execute(db)
    await sql`insert into journal_search (rowid, search_text) values ${sql.join(changed.map((c) => sql`(${c.id}, ${c.after})`))}`.execute(db)
    return
  }
  // Each entry counts a word once; a word that came or went moves its count by one.
  const deltas = new Map<string, number>()
  for (const c of changed) {
    const [was, is] = [indexedWords(c.before), indexedWords(c.after)]
    for (const word of is) if (!was.has(word)) deltas.set(word, (deltas.get(word) ?? 0) + 1)
    for (const word of was) if (!is.has(word)) deltas.set(word, (deltas.get(word) ?? 0) - 1)
  }
  const moved = [...deltas].filter(([, n]) => n !== 0)
  if (moved.length) await sql`insert into journal_word_counts (word, n) values ${sql.join(moved.map(([word, n]) => sql`(${word}, ${n})`))} on duplicate key update n = n + values(n)`.execute(db)
}

/** The distinct words of a search text that MariaDB's index holds. */
function indexedWords(text: string): Set<string> {
  return new Set(text.split(' ').filter((word) => [...word].length >= SHORTEST && [...word].length <= LONGEST))
}
