// The journal's q with a common word beside a rare one (issue 15): the rarest word leads through the
// full-text index, the others narrow what it found; exactly the same rows on both dialects.
import t from 'tap'
import { sql, type Kysely } from 'kysely'
import { isMysql } from '../../src/db/database.js'
import { matchesWords } from '../../src/modules/journal/search.js'
import * as wordCounts from '../../migrations/0015-journal-word-counts.js'
import { injectAs, seedAccount } from '../helpers/accounts.js'
import { buildTestApp } from '../helpers/app.js'
import { insertAt } from './helpers.js'

const { app, db } = await buildTestApp(t)
const admin = await seedAccount(app, { admin: true, username: 'Nadia Admin', email: 'nadia@cabinet.dz' })

const at = (minute: number) => new Date(Date.UTC(2026, 4, 1, 8, minute)).toISOString()
// "sarl" is common (forty clients' uploads), "atlas" rare; one Eurl holds "sarl" only inside a word.
await insertAt(
  db,
  Array.from({ length: 40 }, (_, i) => ({ at: at(i), action: 'document.uploaded', actor: [5000 + i, `Sarl Tassili ${i}`, `tassili${i}@sarl.dz`] as [number, string, string], subject: ['document', 8000 + i, `bilan-${i}.pdf`, 5000 + i] as [string, number, string, number] })),
)
await insertAt(db, [
  { at: at(41), action: 'document.uploaded', actor: [6001, 'Sarl Numidia', 'contact@numidia.dz'], subject: ['document', 8101, 'Atlas relevé.pdf', 6001] },
  { at: at(42), action: 'document.uploaded', actor: [6002, 'Eurl Atlas', 'atlas@consarl.dz'], subject: ['document', 8102, 'bilan atlas.pdf', 6002] },
  { at: at(43), action: 'document.uploaded', actor: [6003, 'Sarl Hoggar', 'hoggar@sarl.dz'], subject: ['document', 8103, 'Rapport ATLAS 2026.pdf', 6003] },
  { at: at(44), action: 'login', actor: [6004, 'Sarl Atlasique', 'atlasique@sarl.dz'], subject: ['user', 6004, 'Sarl Atlasique', 6004] },
  { at: at(45), action: 'document.viewed', actor: [admin.id, 'Nadia Admin', 'nadia@cabinet.dz'], subject: ['document', 8103, 'Rapport ATLAS 2026.pdf', 6003] },
])

async function found(q: string): Promise<{ labels: Array<string | undefined>; total: number }> {
  const res = await injectAs(app, admin, `/api/journal?pageSize=200&q=${encodeURIComponent(q)}`)
  if (res.statusCode !== 200) throw new Error(`${q}: ${res.statusCode} ${res.body}`)
  return { labels: (res.json() as Array<{ subject: { label: string } | null }>).map((e) => e.subject?.label), total: Number(res.headers['x-total-count']) }
}

t.test('a common word beside a rare one finds exactly the entries holding both, newest first, with their total', async (t) => {
  const both = ['Sarl Atlasique', 'Rapport ATLAS 2026.pdf', 'Atlas relevé.pdf']
  t.same(await found('sarl atlas'), { labels: both, total: 3 }, 'word starts only: "consarl" is no "sarl"; "atlasique" begins with "atlas"; the admin’s view has no "sarl"')
  t.same(await found('ATLAS Sarl'), { labels: both, total: 3 }, 'in any order and case')
  t.same(await found('sar atl'), { labels: both, total: 3 }, 'both typed in part')
  t.same(await found('sarl atlas numidia'), { labels: ['Atlas relevé.pdf'], total: 1 }, 'a third word narrows too')
  t.same(await found('sarl atlas 2026'), { labels: ['Rapport ATLAS 2026.pdf'], total: 1 }, 'a number is a word')
  t.same(await found('sarl tassili 7'), { labels: ['bilan-7.pdf'], total: 1 }, 'a one-letter word narrows')
  t.same((await found('sarl')).total, 43, 'the common word alone: every entry holding it')
  t.same(await found('atlas nosuchword'), { labels: [], total: 0 })
})

t.test('the rarest word is the one the index reads', async (t) => {
  const { parameters } = db.selectFrom('journal').select('id').where((await matchesWords(db, 'sarl atlas'))!).compile()
  t.same(parameters, isMysql(db) ? ['+atlas*', '% sarl%'] : ['"atlas"*', '% sarl%'])
  const typed = db.selectFrom('journal').select('id').where((await matchesWords(db, 'tassili numidia'))!).compile()
  t.same(typed.parameters[0], isMysql(db) ? '+numidia*' : '"numidia"*', 'the rare word leads wherever it stands in q')
})

t.test('MariaDB keeps each word’s count of entries: through its triggers, and its migration for the entries before it', async (t) => {
  if (!isMysql(db)) return t.pass('SQLite counts a word’s entries through FTS5 (no table)')
  const kept = async () => Object.fromEntries((await sql<{ word: string; n: number | string }>`select word, n from journal_word_counts where n > 0`.execute(db)).rows.map((r) => [r.word, Number(r.n)]))
  // Each entry's words the index holds (3 to 84 letters), once per entry, counted from the table itself.
  const recounted = async () => {
    const counts: Record<string, number> = {}
    for (const { search_text } of await db.selectFrom('journal').select('search_text').execute()) {
      for (const word of new Set(search_text.split(' '))) if (word.length >= 3) counts[word] = (counts[word] ?? 0) + 1
    }
    return counts
  }
  t.same(await kept(), await recounted(), 'after inserts')
  t.equal((await kept())['sarl'], 43, 'an entry holding a word twice counts once')
  await db.deleteFrom('journal').where('subject_id', '=', 8101).execute()
  t.same(await kept(), await recounted(), 'after a deletion')
  t.equal((await kept())['numidia'], undefined)

  // Migrations take an untyped database.
  const untyped = db as unknown as Kysely<unknown>
  await wordCounts.down(untyped)
  await wordCounts.up(untyped)
  t.same(await kept(), await recounted(), 'the migration counts the entries already there')
  await insertAt(db, [{ at: at(50), action: 'login', actor: [6005, 'Sarl Numidia', 'contact@numidia.dz'], subject: ['user', 6005, 'Sarl Numidia', 6005] }])
  t.same(await kept(), await recounted(), 'and its triggers the entries after')
})
