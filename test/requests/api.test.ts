// Issue 16, contract §7: document requests. Who may ask, list and cancel; a request's life (open →
// fulfilled by an upload with requestId, or cancelled); another client's requestId refused with
// nothing stored; overdue in Algiers time at the day's boundaries (an injected clock).
import t from 'tap'
import { injectAs, seedAccount } from '../helpers/accounts.js'
import { addType, filesIn, PDF, upload } from '../documents/fixtures.js'
import { ask, askFor, requestsApp, typeIdOf } from './helpers.js'

const { app, db, config, clock } = await requestsApp(t, { start: '2026-03-02T09:00:00Z' })
const admin = await seedAccount(app, { admin: true })
await addType(app, admin, 'Bilan')
await addType(app, admin, 'Relevés bancaires')
const bilan = await typeIdOf(db, 'Bilan')
const releves = await typeIdOf(db, 'Relevés bancaires')
const atlas = await seedAccount(app, { accepted: true, username: 'Atlas Import' })
const zitouna = await seedAccount(app, { accepted: true, username: 'Zitouna' })
const waiting = await seedAccount(app, { accepted: false })

const documentRows = async (userId: number) => Number((await db.selectFrom('documents').select((eb) => eb.fn.countAll().as('n')).where('user_id', '=', userId).executeTakeFirstOrThrow()).n)
const listAs = (account: typeof admin | null, query = '') => injectAs(app, account, `/api/requests${query}`)

t.test('who may ask, list and cancel (contract §3 and §7)', async (t) => {
  const id = await askFor(app, admin, { userId: atlas.id, typeId: bilan, title: 'Bilan 2025', note: '', dueDate: '2026-03-20' })
  const payload = { userId: atlas.id, typeId: bilan, title: 'Autre', dueDate: '2026-03-20' }
  for (const [who, account, status] of [['visitor', null, 401], ['unaccepted', waiting, 403], ['client', atlas, 403], ['another client', zitouna, 403]] as const) {
    const res = await ask(app, account, payload)
    t.equal(res.statusCode, status, `ask: ${who}`)
    t.type(res.json().message, 'string')
    t.equal((await injectAs(app, account, { method: 'POST', url: `/api/requests/${id}/cancel` })).statusCode, status, `cancel: ${who}`)
  }
  t.equal((await listAs(null)).statusCode, 401, 'list: visitor')
  t.same((await listAs(waiting)).json(), [], 'list: an unaccepted user has none')
  t.same((await listAs(atlas)).json().map((r: { id: number }) => r.id), [id], 'list: the client sees theirs')
  t.same((await listAs(zitouna)).json(), [], 'list: another client sees none of it')
  t.same((await listAs(zitouna, `?userId=${atlas.id}`)).json(), [], 'list: ?userId does not widen a client’s list')
  t.ok((await listAs(admin)).json().some((r: { id: number }) => r.id === id), 'list: administrators see all')
  t.equal((await injectAs(app, admin, { method: 'POST', url: `/api/requests/${id}/cancel` })).statusCode, 200, 'cancel: administrator')
})

t.test('asking: 201 with the request of contract §7; French 400s in the form’s order', async (t) => {
  const res = await ask(app, admin, { userId: atlas.id, typeId: releves, title: '  Relevés du 1er trimestre ', note: 'Les trois comptes.\r\nMerci.', dueDate: '2026-03-02' })
  t.equal(res.statusCode, 201)
  const created = res.json()
  t.match(created, {
    title: 'Relevés du 1er trimestre',
    note: 'Les trois comptes.\nMerci.',
    dueDate: '2026-03-02',
    status: 'open',
    overdue: false,
    type: { id: releves, typeName: 'Relevés bancaires' },
    user: { id: atlas.id, username: 'Atlas Import' },
    createdAt: '2026-03-02T09:00:00.000Z',
    fulfilledAt: null,
    documents: [],
  })
  t.type(created.id, 'number')

  const base = { userId: atlas.id, typeId: bilan, title: 'Bilan', note: '', dueDate: '2026-04-01' }
  const cases: Array<[Record<string, unknown>, string]> = [
    [{}, 'Veuillez choisir un client.'],
    [{ ...base, typeId: undefined }, 'Type de document requis'],
    [{ ...base, title: '   ' }, 'Titre requis'],
    [{ ...base, title: 't'.repeat(201) }, 'Le titre ne doit pas dépasser 200 caractères.'],
    [{ ...base, note: 'n'.repeat(2001) }, 'La note ne doit pas dépasser 2000 caractères.'],
    [{ ...base, dueDate: '' }, 'Date limite requise'],
    [{ ...base, dueDate: '01/04/2026' }, 'Date limite invalide : attendu AAAA-MM-JJ.'],
    [{ ...base, dueDate: '2026-02-30' }, 'Date limite invalide : attendu AAAA-MM-JJ.'],
    [{ ...base, dueDate: '2026-03-01' }, 'La date limite doit être aujourd’hui ou plus tard.'],
    [{ ...base, userId: waiting.id }, 'Ce compte n’est pas un client accepté : impossible de lui demander un document.'],
    [{ ...base, userId: admin.id }, 'Ce compte n’est pas un client accepté : impossible de lui demander un document.'],
    [{ ...base, userId: 999999 }, 'Ce compte n’est pas un client accepté : impossible de lui demander un document.'],
    [{ ...base, typeId: 999999 }, 'Type de document inconnu.'],
    [{ ...base, userId: 'abc' }, 'Veuillez choisir un client.'],
  ]
  for (const [payload, message] of cases) {
    const refused = await ask(app, admin, payload)
    t.same([refused.statusCode, refused.json().message], [400, message], message)
  }
  // "Today or later" (contract §7), however late: late in 9999 the last reminder's day would be in the
  // year 10000, which no date column stores (a 500 on MariaDB, sent at once on SQLite): it is left out.
  const late = await ask(app, admin, { ...base, dueDate: '9999-12-10' })
  t.equal(late.statusCode, 201, late.body)
  const reminders = await db.selectFrom('request_reminders').innerJoin('outbox', 'outbox.id', 'request_reminders.outbox_id').select('outbox.next_attempt_at').where('request_reminders.request_id', '=', late.json().id).execute()
  t.same(reminders.map((row) => String(row.next_attempt_at).slice(0, 10)), ['9999-12-07', '9999-12-10', '9999-12-17', '9999-12-24', '9999-12-31'], 'every reminder up to 31 December 9999, none after')
  const form = await injectAs(app, admin, { method: 'POST', url: '/api/requests', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: `userId=${atlas.id}&typeId=${bilan}&title=Bilan&dueDate=2026-04-01` })
  t.equal(form.statusCode, 201, 'a form post counts its ids as text')
})

t.test('a request’s life: open → fulfilled by an upload with requestId; the type is the request’s; then closed', async (t) => {
  const id = await askFor(app, admin, { userId: atlas.id, typeId: releves, title: 'Relevés de février', dueDate: '2026-03-10' })
  const res = await upload(app, atlas, { userId: atlas.id, requestId: id, description: 'Février', filename: 'releves-fevrier.pdf', content: PDF })
  t.equal(res.statusCode, 201, 'no type field needed: the request names it')
  const documentId = res.json().id as number
  const doc = await db.selectFrom('documents').select(['type_id', 'original_name']).where('id', '=', documentId).executeTakeFirstOrThrow()
  t.equal(Number(doc.type_id), releves, 'stored under the request’s type')

  const [listed] = (await listAs(atlas, '?status=fulfilled')).json() as Array<Record<string, unknown>>
  t.match(listed, { id, status: 'fulfilled', overdue: false, fulfilledAt: '2026-03-02T09:00:00.000Z', documents: [{ id: documentId, name: 'releves-fevrier.pdf' }] })

  // The rest of the answer (several files sent at once): listed with the request, under its type.
  const fulfilMails = async () => Number((await db.selectFrom('outbox').select((eb) => eb.fn.countAll().as('n')).where('subject', 'like', 'Demande reçue%').executeTakeFirstOrThrow()).n)
  t.equal(await fulfilMails(), 1, 'the firm is mailed once the request is answered')
  const again = await upload(app, atlas, { type: 'Bilan', userId: atlas.id, requestId: id, filename: 'releves-fevrier-2.pdf', content: PDF })
  t.equal(again.statusCode, 201, 'a second file joins the fulfilled request')
  const secondId = again.json().id as number
  const second = await db.selectFrom('documents').select('type_id').where('id', '=', secondId).executeTakeFirstOrThrow()
  t.equal(Number(second.type_id), releves, 'under the request’s type, not the one named')
  const [both] = (await listAs(atlas, '?status=fulfilled')).json() as Array<Record<string, unknown>>
  t.match(both, { id, fulfilledAt: '2026-03-02T09:00:00.000Z', documents: [{ id: documentId }, { id: secondId }] })
  t.equal(await fulfilMails(), 1, 'no second mail for the rest of the answer')
  t.same([(await injectAs(app, admin, { method: 'POST', url: `/api/requests/${id}/cancel` })).statusCode], [409], 'a fulfilled request cannot be cancelled')
})

t.test('cancelled: listed as such, cannot be answered or cancelled again', async (t) => {
  const id = await askFor(app, admin, { userId: atlas.id, typeId: bilan, title: 'Bilan 2024', dueDate: '2026-03-10' })
  const cancelled = await injectAs(app, admin, { method: 'POST', url: `/api/requests/${id}/cancel` })
  t.same([cancelled.statusCode, cancelled.json().message], [200, 'Demande annulée.'])
  const found = ((await listAs(admin, `?status=cancelled&userId=${atlas.id}`)).json() as Array<{ id: number; status: string; cancelledAt: string }>).find((r) => r.id === id)
  t.match(found, { status: 'cancelled', cancelledAt: '2026-03-02T09:00:00.000Z' })
  const twice = await injectAs(app, admin, { method: 'POST', url: `/api/requests/${id}/cancel` })
  t.same([twice.statusCode, twice.json().message], [409, 'Cette demande a été annulée par le cabinet.'])
  const files = filesIn(config.uploadDir, 'documents').length
  const answered = await upload(app, atlas, { userId: atlas.id, requestId: id, content: PDF })
  t.same([answered.statusCode, answered.json().message], [409, 'Cette demande a été annulée par le cabinet.'])
  t.equal(filesIn(config.uploadDir, 'documents').length, files, 'no file')
  t.equal((await injectAs(app, admin, { method: 'POST', url: '/api/requests/999999/cancel' })).statusCode, 404)
})

t.test('another client’s, an unknown or a malformed requestId: 404, and nothing stored (no row, no file)', async (t) => {
  const id = await askFor(app, admin, { userId: atlas.id, typeId: bilan, title: 'Bilan 2025', dueDate: '2026-03-10' })
  const files = filesIn(config.uploadDir, 'documents').length
  const rows = await documentRows(zitouna.id)
  for (const requestId of [id, 999999, 'abc', '-1', '1.5']) {
    for (const fileLast of [false, true]) {
      const res = await upload(app, zitouna, { type: 'Bilan', userId: zitouna.id, requestId, content: PDF, fileLast })
      t.same([res.statusCode, res.json().message], [404, 'Demande introuvable.'], `requestId ${requestId}${fileLast ? ', file last' : ''}`)
    }
  }
  t.equal(filesIn(config.uploadDir, 'documents').length, files, 'no file')
  t.equal(filesIn(config.uploadDir, '.tmp').length, 0, 'no temporary file')
  t.equal(await documentRows(zitouna.id), rows, 'no row')
  const still = ((await listAs(admin, `?userId=${atlas.id}&status=open`)).json() as Array<{ id: number }>).map((r) => r.id)
  t.ok(still.includes(id), 'the request is still open')
  t.equal((await upload(app, zitouna, { type: 'Bilan', userId: zitouna.id, requestId: '', content: PDF })).statusCode, 201, 'a blank requestId is an ordinary upload')
})

t.test('overdue in Algiers time: open and due before today; 23:59 and 00:00 at the boundary', async (t) => {
  const id = await askFor(app, admin, { userId: zitouna.id, typeId: bilan, title: 'Liasse fiscale', dueDate: '2026-03-03' })
  const state = async () => {
    const found = ((await listAs(admin, `?userId=${zitouna.id}`)).json() as Array<{ id: number; overdue: boolean }>).find((r) => r.id === id)!
    const overdueIds = ((await listAs(admin, '?status=overdue')).json() as Array<{ id: number }>).map((r) => r.id)
    return [found.overdue, overdueIds.includes(id)]
  }
  try {
    clock.set('2026-03-03T22:59:00Z') // 23:59 in Algiers on the due date
    t.same(await state(), [false, false], '23:59 on the due date: not overdue')
    t.equal((await ask(app, admin, { userId: zitouna.id, typeId: bilan, title: 'Aujourd’hui', dueDate: '2026-03-03' })).statusCode, 201, 'today is still a valid due date')
    clock.set('2026-03-03T23:00:00Z') // 00:00 in Algiers the next day
    t.same(await state(), [true, true], '00:00 the next day: overdue')
    t.equal((await ask(app, admin, { userId: zitouna.id, typeId: bilan, title: 'Hier', dueDate: '2026-03-03' })).statusCode, 400, 'yesterday is refused')
    const open = ((await listAs(admin, '?status=open')).json() as Array<{ id: number }>).map((r) => r.id)
    t.ok(open.includes(id), '?status=open includes the overdue ones (their status is open)')
    const dashboard = await injectAs(app, admin, '/admin-dashboard')
    t.match(dashboard.body, /<a class="admin-card" href="\/admin-dashboard\/requests\?status=overdue"><span class="admin-card-count">\d+<\/span><span class="admin-card-label">Demandes en retard<\/span>/)
  } finally {
    clock.set('2026-03-02T09:00:00Z')
  }
})

t.test('the list parameters of contract §2: q, dates, pages and X-Total-Count, newest first', async (t) => {
  const client = await seedAccount(app, { accepted: true, username: 'Sidi Bel Abbès Négoce' })
  const ids: number[] = []
  for (const title of ['Déclaration G50 janvier', 'Déclaration G50 février', 'Fiches de paie']) {
    ids.push(await askFor(app, admin, { userId: client.id, typeId: bilan, title, dueDate: '2026-04-01' }))
    clock.advance(60_000)
  }
  clock.set('2026-03-02T09:00:00Z')
  const all = await listAs(admin, `?userId=${client.id}`)
  t.equal(all.headers['x-total-count'], '3')
  t.same(all.json().map((r: { id: number }) => r.id), [...ids].reverse(), 'newest first')
  const searched = await listAs(admin, `?userId=${client.id}&q=${encodeURIComponent('declaration g50')}`)
  t.same([searched.headers['x-total-count'], searched.json().length], ['2', 2], 'q ignores case and accents')
  const byClient = await listAs(admin, `?q=${encodeURIComponent('bel abbes')}`)
  t.equal(byClient.headers['x-total-count'], '3', 'q finds the client’s name')
  const paged = await listAs(admin, `?userId=${client.id}&pageSize=2&page=2`)
  t.same([paged.headers['x-total-count'], paged.json().map((r: { id: number }) => r.id)], ['3', [ids[0]]])
  t.equal((await listAs(admin, `?userId=${client.id}&from=2026-03-03`)).headers['x-total-count'], '0', 'from: the creation day')
  t.equal((await listAs(admin, '?status=bogus')).statusCode, 400)
})

t.test('deleting the client or the type takes their requests and their waiting reminders', async (t) => {
  const client = await seedAccount(app, { accepted: true })
  await addType(app, admin, 'Provisoire')
  const provisoire = await typeIdOf(db, 'Provisoire')
  const id = await askFor(app, admin, { userId: client.id, typeId: provisoire, title: 'À supprimer', dueDate: '2026-04-01' })
  await askFor(app, admin, { userId: client.id, typeId: bilan, title: 'Du client', dueDate: '2026-04-01' })
  const pending = async () => Number((await db.selectFrom('outbox').select((eb) => eb.fn.countAll().as('n')).where('status', '=', 'pending').where('next_attempt_at', '>', '2026-03-03').executeTakeFirstOrThrow()).n)
  const before = await pending()
  t.equal((await injectAs(app, admin, { method: 'DELETE', url: `/api/documents/types/${provisoire}` })).statusCode, 200)
  t.notOk(((await listAs(admin, `?userId=${client.id}`)).json() as Array<{ id: number }>).some((r) => r.id === id), 'the type’s request is gone')
  t.equal(await pending(), before - 6, 'its six reminders with it')
  t.equal((await injectAs(app, admin, { method: 'DELETE', url: `/api/users/profile/${client.id}` })).statusCode, 200)
  t.equal(await pending(), before - 12, 'and the client’s')
})
