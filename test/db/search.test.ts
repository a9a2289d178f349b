// Issue 16: every list's `q` reads an index (migration 0020) and finds what the per-row search found:
// accents and case ignored, substrings inside words, LIKE's wildcards literal, one or two letters,
// an edited or deleted row followed. Through each module's repository, on the dialect under test.
import t from 'tap'
import type { Db } from '../../src/db/database.js'
import { migrateTo, migrateToLatest } from '../../src/db/migrate.js'
import { toDbTime } from '../../src/db/values.js'
import { findMessages } from '../../src/modules/contact/repository.js'
import { findDocumentsPage, findTypesPage } from '../../src/modules/documents/repository.js'
import { findAccountsPage, idsMatching } from '../../src/modules/identity/accounts.js'
import { findThreadPage } from '../../src/modules/messages/repository.js'
import { freshDatabase } from '../helpers/app.js'

const at = (i: number) => toDbTime(new Date(Date.UTC(2026, 2, 1, 10, i)))
const page = (q: string) => ({ q, page: 1, pageSize: 50 })

async function addUser(db: Db, username: string, i: number, entreprise = 'SARL'): Promise<number> {
  const result = await db
    .insertInto('users')
    .values({ username, email: `u${i}@x.dz`, entreprise, telephone: '0551234567', password_hash: 'x', is_verified: 1, is_accepted: 1, is_admin: 0, profile_photo: null, created_at: at(i), updated_at: at(i) })
    .executeTakeFirstOrThrow()
  return Number(result.insertId)
}

t.test('every list finds through its index what the per-row search found', async (t) => {
  const { db, drop } = await freshDatabase()
  t.teardown(drop)
  const names = ['Élodie Benaïssa', 'ELODIE Kaci', 'Amine 100%_sûr!', 'Straße Müller', 'Œuvre Cæsar', 'Işık Yılmaz']
  const ids: number[] = []
  for (const [i, name] of names.entries()) ids.push(await addUser(db, name, i))
  const users = async (q: string) => (await findAccountsPage(db, true, page(q))).items.map((u) => u.username).sort()

  t.same(await users('enais'), ['Élodie Benaïssa'], 'inside a word, the accent of the text ignored')
  t.same(await users('ÉLO'), ['ELODIE Kaci', 'Élodie Benaïssa'], 'three letters, the accent and case of q ignored')
  t.same(await users('élodie ben'), ['Élodie Benaïssa'], 'longer than three letters, across a space')
  t.same(await users('lo'), ['ELODIE Kaci', 'Élodie Benaïssa'], 'two letters')
  t.same(await users('%_s'), ['Amine 100%_sûr!'], 'wildcards are literal')
  for (const q of ['%', '_', '!', '0%', '_s', 'r!']) t.same(await users(q), ['Amine 100%_sûr!'], `${q}: literal`)
  t.same(await users('"a'), [], 'a double quote is a character like another')
  t.same(await users('a"b* OR c'), [], 'FTS5’s syntax in q is text')
  t.same(await users('u3@x'), ['Straße Müller'], 'the e-mail is searched too')
  t.same(await users('zzz'), [])
  // Where the collation and fold() could differ, one behaviour on both dialects.
  t.same(await users('straße'), ['Straße Müller'], 'ß is a letter of its own')
  t.same(await users('strasse'), [], 'ß is not ss')
  t.same(await users('mull'), ['Straße Müller'])
  t.same(await users('œuv'), ['Œuvre Cæsar'], 'œ and its capital')
  t.same(await users('oeuvre'), [], 'œ is not oe')
  t.same(await users('cæs'), ['Œuvre Cæsar'])
  t.same(await users('caesar'), [], 'æ is not ae')
  t.same(await users('yıl'), ['Işık Yılmaz'], 'dotless ı finds itself')

  const senders = async (q: string) => (await db.selectFrom('users').select('id').where('id', 'in', await idsMatching(db, q)).execute()).map((row) => Number(row.id))
  t.same(await senders('kaci'), [ids[1]], 'senders by username')
  t.same(await senders('u1@'), [], 'senders: not by e-mail')

  await db.updateTable('users').set({ username: 'Nadia Kaci' }).where('id', '=', ids[1]!).execute()
  t.same(await users('elodie'), ['Élodie Benaïssa'], 'a rename leaves the old name')
  t.same(await users('nadia'), ['Nadia Kaci'], 'and finds the new one')
  t.same(await users('u1@x'), ['Nadia Kaci'], 'the other column still indexed')

  const [type1, type2] = [1, 2]
  await db.insertInto('document_types').values([
    { id: type1, type_name: 'Relevé bancaire', type_key: 'releve bancaire', created_at: at(1) },
    { id: type2, type_name: 'Bilan', type_key: 'bilan', created_at: at(2) },
  ] as never).execute()
  const types = async (q: string) => (await findTypesPage(db, page(q))).items.map((type) => type.typeName)
  t.same(await types('LEV'), ['Relevé bancaire'])
  t.same(await types('é'), ['Relevé bancaire'], 'one accented letter')

  const document = (id: number, userId: number, typeId: number, name: string) => ({
    id, user_id: userId, type_id: typeId, name, description: '', original_name: `${name}.pdf`, storage_key: `key-${id}`, mime: 'application/pdf', size: 1, is_viewed: 0, is_archived: 0, created_at: at(id), viewed_at: null, archived_at: null,
  })
  await db.insertInto('documents').values([document(1, ids[0]!, type2, 'Déclaration G50'), document(2, ids[2]!, type1, 'Mars'), document(3, ids[3]!, type2, 'Avril')] as never).execute()
  const documents = async (q: string) => (await findDocumentsPage(db, 'new', page(q), await idsMatching(db, q))).items.map((d) => d.name).sort()
  t.same(await documents('clara'), ['Déclaration G50'], 'by its name')
  t.same(await documents('eleve'), ['Mars'], 'by its type’s name')
  t.same(await documents('benai'), ['Déclaration G50'], 'by who sent it')
  t.same(await documents('mill'), [])
  t.same(await documents('a'), ['Avril', 'Déclaration G50', 'Mars'], 'one letter: every name with an a')
  await db.updateTable('documents').set({ name: 'Déclaration annuelle' }).where('id', '=', 1).execute()
  t.same(await documents('g50'), [], 'a renamed document leaves its old name')
  t.same(await documents('annu'), ['Déclaration annuelle'])
  await db.updateTable('document_types').set({ type_name: 'Relevé de compte' }).where('id', '=', type1).execute()
  t.same(await documents('compt'), ['Mars'], 'a renamed type')
  await db.deleteFrom('documents').where('id', '=', 2).execute()
  t.same(await documents('compt'), [], 'a deleted document')

  await db.insertInto('contact_messages').values([
    { name: 'Karim Saïdi', email: 'karim@exemple.dz', telephone: '0551', message: 'Bonjour, je voudrais un rendez-vous pour la déclaration.', ip: null, created_at: at(1) },
    { name: 'Nadia', email: 'nadia@exemple.dz', telephone: '0552', message: 'Où déposer les relevés ? 50% des pièces', ip: null, created_at: at(2) },
  ]).execute()
  const inbox = async (q: string) => (await findMessages(db, page(q))).items.map((m) => m.name)
  t.same(await inbox('DECLA'), ['Karim Saïdi'], 'in the message')
  t.same(await inbox('saïd'), ['Karim Saïdi'], 'in the name')
  t.same(await inbox('nadia@'), ['Nadia'], 'in the e-mail')
  t.same(await inbox('ou d'), ['Nadia'])
  t.same(await inbox('0%'), ['Nadia'])
  t.same((await findMessages(db, page('exemple'))).total, 2, 'the total counts every match')
  t.same((await findMessages(db, page('EXÉ'))).total, 2, 'three letters: counted in the index')
  t.same((await findMessages(db, { ...page('exe'), from: '2026-03-01', to: '2026-03-01' })).total, 2, 'with dates, through the rows')
  t.same((await findMessages(db, { ...page('exe'), from: '2026-03-02' })).total, 0)
  await db.deleteFrom('contact_messages').where('name', '=', 'Nadia').execute()
  t.same(await inbox('relev'), [], 'a deleted message')

  await db.insertInto('messages').values([
    { user_id: ids[0]!, author_id: ids[0]!, from_firm: 0, text: 'Voici le relevé de février', created_at: at(1), read_at: null },
    { user_id: ids[0]!, author_id: ids[0]!, from_firm: 1, text: 'Merci, bien reçu', created_at: at(2), read_at: null },
    { user_id: ids[2]!, author_id: ids[2]!, from_firm: 0, text: 'Mon relevé de mars', created_at: at(3), read_at: null },
  ]).execute()
  const thread = async (userId: number, q: string) => (await findThreadPage(db, userId, page(q))).items.map((m) => m.text)
  t.same(await thread(ids[0]!, 'RELEVE'), ['Voici le relevé de février'], 'one thread’s messages only')
  t.same(await thread(ids[2]!, 'relevé'), ['Mon relevé de mars'])
  t.same(await thread(ids[0]!, 'recu'), ['Merci, bien reçu'])
  t.same(await thread(ids[0]!, 'çu'), ['Merci, bien reçu'], 'two letters')
})

// Issue 17: two clients of one name are told apart, and found, by their company.
t.test('the company finds users and, as their sender, their documents', async (t) => {
  const { db, drop } = await freshDatabase()
  t.teardown(drop)
  const amina = await addUser(db, 'Amina Haddad', 1, 'Transports Ézzahra')
  const other = await addUser(db, 'Amina Haddad', 2, 'Boulangerie du Port')
  await addUser(db, 'Karim Saïdi', 3, 'Pharmacie Centrale')
  const users = async (q: string) => (await findAccountsPage(db, true, page(q))).items.map((u) => u.id)
  t.same(await users('ezzah'), [amina], 'longer than three letters, the accent of the text ignored')
  t.same(await users('BOU'), [other], 'three letters')
  t.same(await users('du'), [other], 'two letters')
  t.same(await users('haddad'), [other, amina], 'the name still finds both')
  t.same((await findAccountsPage(db, true, page('trans'))).total, 1, 'the total counts by company too')

  const senders = async (q: string) => (await db.selectFrom('users').select('id').where('id', 'in', await idsMatching(db, q)).execute()).map((row) => Number(row.id))
  t.same(await senders('ézz'), [amina], 'senders by company')
  t.same(await senders('boulan'), [other])
  t.same(await senders('u1@'), [], 'still not by e-mail')

  await db.insertInto('document_types').values({ id: 1, type_name: 'Bilan', type_key: 'bilan', created_at: at(1) } as never).execute()
  const document = (id: number, userId: number, name: string) => ({
    id, user_id: userId, type_id: 1, name, description: '', original_name: `${name}.pdf`, storage_key: `key-${id}`, mime: 'application/pdf', size: 1, is_viewed: 0, is_archived: 0, created_at: at(id), viewed_at: null, archived_at: null,
  })
  await db.insertInto('documents').values([document(1, amina, 'Facture mars'), document(2, other, 'Facture avril')] as never).execute()
  const documents = async (q: string) => (await findDocumentsPage(db, 'new', page(q), await idsMatching(db, q))).items.map((d) => d.name).sort()
  t.same(await documents('zzahra'), ['Facture mars'], 'a document by its sender’s company')
  t.same(await documents('BOU'), ['Facture avril'], 'three letters')
  t.same(await documents('du'), ['Facture avril'], 'two letters')
  t.same(await documents('haddad'), ['Facture avril', 'Facture mars'], 'the sender’s name still finds both')

  await db.updateTable('users').set({ entreprise: 'Menuiserie Atlas' }).where('id', '=', amina).execute()
  t.same(await users('ezzah'), [], 'a new company leaves the old one')
  t.same(await users('menuis'), [amina], 'and finds the new one')
  t.same(await documents('zzahra'), [], 'the documents leave the old company')
  t.same(await documents('atlas'), ['Facture mars'], 'and are found by the new one')
  t.same(await documents('atl'), ['Facture mars'], 'three letters of it too')
  await db.updateTable('users').set({ username: 'Amina Kaci' }).where('id', '=', amina).execute()
  t.same(await documents('kaci'), ['Facture mars'], 'a rename of the sender is still followed')
  t.same(await documents('atlas'), ['Facture mars'], 'and keeps the company')
})

t.test('migration 0025 indexes the companies written before it, and goes down cleanly', async (t) => {
  const { db, drop } = await freshDatabase()
  t.teardown(drop)
  await migrateTo(db, '0024-document-search-mariadb')
  const id = await addUser(db, 'Amina Haddad', 1, 'Transports Ézzahra')
  await db.insertInto('document_types').values({ id: 1, type_name: 'Bilan', type_key: 'bilan', created_at: at(1) } as never).execute()
  await db.insertInto('documents').values({ id: 1, user_id: id, type_id: 1, name: 'Facture', description: '', original_name: 'f.pdf', storage_key: 'k1', mime: 'application/pdf', size: 1, is_viewed: 0, is_archived: 0, created_at: at(1), viewed_at: null, archived_at: null } as never).execute()
  await migrateToLatest(db)
  const found = async (q: string) => ({
    users: (await findAccountsPage(db, true, page(q))).total,
    documents: (await findDocumentsPage(db, 'new', page(q), await idsMatching(db, q))).total,
  })
  for (const q of ['ezzahra', 'ÉZZ', 'haddad', 'had', 'factu', 'bil']) t.same(await found(q), { users: q.startsWith('f') || q.startsWith('b') ? 0 : 1, documents: 1 }, `after the migration: ${q}`)
  await migrateTo(db, '0024-document-search-mariadb')
  for (const q of ['haddad', 'had', 'factu']) t.same((await findDocumentsPage(db, 'new', page(q), await idsMatching(db, q))).total, 1, `down: ${q} still found`)
  await migrateToLatest(db)
  t.same(await found('ézz'), { users: 1, documents: 1 }, 'and up again')
})

t.test('migration 0020 indexes the rows written before it, and goes down cleanly', async (t) => {
  const { db, drop } = await freshDatabase()
  t.teardown(drop)
  await migrateTo(db, '0018-messages')
  const id = await addUser(db, 'Élodie Benaïssa', 1)
  await db.insertInto('contact_messages').values({ name: 'Karim', email: 'k@x.dz', telephone: '0551', message: 'Un relevé de février', ip: null, created_at: at(1) }).execute()
  await migrateToLatest(db)
  t.same((await findAccountsPage(db, true, page('ENAIS'))).items.map((u) => u.id), [id])
  t.same((await findMessages(db, page('fevr'))).items.map((m) => m.name), ['Karim'])
  await db.updateTable('users').set({ username: 'Nadia' }).where('id', '=', id).execute()
  t.same((await findAccountsPage(db, true, page('enais'))).total, 0, 'and keeps it after')
})
