// Issue 17: "the company beside the person in every list and searchable". A journal entry is found
// by the company of its actor and of the client it is about, through the journal's own index (FTS5
// on SQLite, FULLTEXT on MariaDB): written with the entry, and given by migration 0029 to the
// entries written before it.
import t from 'tap'
import { sql } from 'kysely'
import { isMysql } from '../../src/db/database.js'
import { migrateTo, migrateToLatest } from '../../src/db/migrate.js'
import { matchesWords } from '../../src/modules/journal/search.js'
import { injectAs, seedAccount } from '../helpers/accounts.js'
import { buildTestApp } from '../helpers/app.js'
import { addType, uploadPdf } from '../documents/fixtures.js'
import { insertAt } from './helpers.js'

const { app, db } = await buildTestApp(t)
const admin = await seedAccount(app, { admin: true, username: 'Nadia Admin', entreprise: 'Cabinet Amrani' })
await addType(app, admin, 'Bilan')
const ezzahra = await seedAccount(app, { accepted: true, username: 'Amina Haddad', entreprise: 'Transports Ezzahra' })
const bejaia = await seedAccount(app, { accepted: true, username: 'Amina Haddad', entreprise: 'Négoce de Béjaïa' })

/** The entries `q` finds through the API: "action subject-label by actor", newest first, and the total. */
async function found(q: string): Promise<{ entries: string[]; total: number }> {
  const res = await injectAs(app, admin, `/api/journal?pageSize=200&q=${encodeURIComponent(q)}`)
  if (res.statusCode !== 200) throw new Error(`${q}: ${res.statusCode} ${res.body}`)
  const entries = (res.json() as Array<{ action: string; actor: { username: string } | null; subject: { label: string } | null }>).map((e) => `${e.action} ${e.subject?.label ?? '-'} by ${e.actor?.username ?? '-'}`)
  return { entries, total: Number(res.headers['x-total-count']) }
}

t.test('an entry is found by its actor’s company and by the company of the client it is about', async (t) => {
  const mine = await uploadPdf(app, ezzahra, 'Bilan', { filename: 'bilan-2025.pdf' })
  await uploadPdf(app, bejaia, 'Bilan', { filename: 'bilan-2025-bis.pdf' })
  t.equal((await injectAs(app, admin, `/api/documents/download/${mine}`)).statusCode, 200)

  const byCompany = ['document.downloaded bilan-2025.pdf by Nadia Admin', 'document.uploaded bilan-2025.pdf by Amina Haddad']
  t.same(await found('ezzahra'), { entries: byCompany, total: 2 }, 'the client’s upload (actor) and the firm’s download of it (the owner’s company)')
  t.same(await found('TRANSPORTS ezz'), { entries: byCompany, total: 2 }, 'words typed in part, case ignored')
  t.same(await found('bejaia'), { entries: ['document.uploaded bilan-2025-bis.pdf by Amina Haddad'], total: 1 }, 'an accented company, searched without accents')
  t.same(await found('négoce béjaïa'), { entries: ['document.uploaded bilan-2025-bis.pdf by Amina Haddad'], total: 1 }, 'and with them, two words')
  t.same(await found('amina ezzahra downloaded'), { entries: [], total: 0 }, 'every word must match: Amina downloaded nothing')
  t.same(await found('ezzahra downloaded'), { entries: ['document.downloaded bilan-2025.pdf by Nadia Admin'], total: 1 }, 'a company beside an action')
  t.ok((await found('amrani')).entries.includes('document.downloaded bilan-2025.pdf by Nadia Admin'), 'the administrator’s own company too')
  t.same(await found('ezzahra bis'), { entries: [], total: 0 }, 'one client’s company never finds the other’s entries')

  const page = await injectAs(app, admin, '/admin-dashboard/journal?q=ezzahra')
  t.match(page.body, /placeholder="Nom, e-mail, entreprise, action ou objet"/, 'the page says so')
  t.match(page.body, /bilan-2025\.pdf/)
})

t.test('a deleted client’s entries stay found by their company', async (t) => {
  const gone = await seedAccount(app, { accepted: true, username: 'Omar Benali', entreprise: 'Oasis Ghardaïa' })
  await uploadPdf(app, gone, 'Bilan', { filename: 'oasis.pdf' })
  t.equal((await injectAs(app, admin, { method: 'DELETE', url: `/api/users/profile/${gone.id}` })).statusCode, 200)
  t.same((await found('ghardaia')).entries, ['user.deleted Omar Benali by Nadia Admin', 'document.uploaded oasis.pdf by Omar Benali'], 'the deletion is written while the account is there')
})

t.test('migration 0029 gives the entries written before it their companies, and takes them back', async (t) => {
  const before = '0028-thread-last-message'
  const ids = async (q: string) => (await db.selectFrom('journal').select('id').where((await matchesWords(db, q))!).orderBy('id').execute()).map((r) => Number(r.id))
  // Each entry's words the MariaDB index holds, once per entry, counted from the table itself.
  const kept = async () => Object.fromEntries((await sql<{ word: string; n: number | string }>`select word, n from journal_word_counts where n > 0`.execute(db)).rows.map((r) => [r.word, Number(r.n)]))
  const recounted = async () => {
    const counts: Record<string, number> = {}
    for (const { search_text } of await db.selectFrom('journal').select('search_text').execute()) for (const word of new Set(search_text.split(' '))) if ([...word].length >= 3) counts[word] = (counts[word] ?? 0) + 1
    return counts
  }
  const client = await seedAccount(app, { accepted: true, username: 'Yacine Ouali', entreprise: 'Zitouna Électronique' })
  await migrateTo(db, before)
  // Entries as the journal wrote them before: without companies.
  await insertAt(db, [
    { at: '2026-05-01T08:00:00Z', action: 'document.uploaded', actor: [client.id, client.username, client.email], subject: ['document', 9301, 'zitouna-releve.pdf', client.id] },
    { at: '2026-05-01T09:00:00Z', action: 'document.viewed', actor: [admin.id, admin.username, admin.email], subject: ['document', 9301, 'zitouna-releve.pdf', client.id] },
    { at: '2026-05-01T10:00:00Z', action: 'login.failed', subject: ['user', 999_999, 'Compte supprimé', 999_999] },
  ])
  const [uploaded, viewed] = (await db.selectFrom('journal').select('id').where('subject_id', '=', 9301).orderBy('id').execute()).map((r) => Number(r.id))
  t.same(await ids('electronique'), [], 'not found by company before')

  await migrateToLatest(db)
  t.same(await ids('électronique'), [uploaded, viewed], 'found by the client’s company: the client’s own entry and the one about them')
  t.same(await ids('zitouna electr'), [uploaded, viewed], 'beside the words it had')
  t.ok((await ids('ezzahra')).length >= 2, 'the entries written by the app keep theirs')
  if (isMysql(db)) t.same(await kept(), await recounted(), 'MariaDB’s kept word counts follow')

  await migrateTo(db, before)
  t.same(await ids('électronique'), [], 'down: not any more')
  t.same(await ids('zitouna releve'), [uploaded, viewed], 'the other words stay')
  if (isMysql(db)) t.same(await kept(), await recounted(), 'and the counts')

  await migrateToLatest(db)
  t.same(await ids('électronique'), [uploaded, viewed], 'up again')
  if (isMysql(db)) t.same(await kept(), await recounted())
  t.same((await found('electronique')).entries, ['document.viewed zitouna-releve.pdf by Nadia Admin', 'document.uploaded zitouna-releve.pdf by Yacine Ouali'], 'through the API')
})
