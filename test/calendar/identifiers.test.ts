// Issue 32, contract §11: a company's identifiers, read and changed by its owner and by the firm
// (admins, the staff serving it), each field's rules with French messages naming it (the same check
// the island runs), a NIF held by another company refused (409, by the unique key), and the clients
// lists' q finding a company by NIF or NIS. Both dialects.
import t from 'tap'
import { nowDb } from '../../src/db/values.js'
import { checkCompanyIdentifiers } from '../../src/modules/identity/company-validation.js'
import { injectAs, seedAccount } from '../helpers/accounts.js'
import { buildTestApp } from '../helpers/app.js'

const NIF = '000216001234567'
const NIF20 = '00021600123456789012'
const NIS = '000216010012345'

t.test('the shared check: each rule, good and bad values', async (t) => {
  const ok = (input: Record<string, unknown>) => {
    const checked = checkCompanyIdentifiers(input)
    return checked.ok ? checked.value : checked.message
  }
  t.same(ok({}), {}, 'nothing given, nothing changed')
  t.same(ok({ nif: NIF }), { nif: NIF })
  t.same(ok({ nif: NIF20 }), { nif: NIF20 })
  t.same(ok({ nif: '000 216 001 234 567' }), { nif: NIF }, 'spaces between groups are taken out')
  t.same(ok({ nif: '' }), { nif: null }, 'empty clears')
  t.same(ok({ nif: null, employer: null }), { nif: null, employer: null }, 'null clears')
  for (const bad of ['12345678901234', '1234567890123456', '0002160012345678901', 'A00216001234567', 216001234567890]) t.equal(ok({ nif: bad }), 'NIF invalide : 15 ou 20 chiffres.', `nif ${bad}`)
  t.same(ok({ nis: NIS }), { nis: NIS })
  for (const bad of ['00021601001234', '0002160100123456', NIF20]) t.equal(ok({ nis: bad }), 'NIS invalide : 15 chiffres.', `nis ${bad}`)
  t.same(ok({ rc: '16/00-1234567 B21' }), { rc: '16/00-1234567 B21' })
  for (const bad of ['16/00-1234567b21', 'RC_16', 'X'.repeat(31), '16.00']) t.equal(ok({ rc: bad }), 'RC invalide : 30 caractères au plus (chiffres, lettres majuscules, espaces, / et -).', `rc ${bad}`)
  t.same(ok({ articleImposition: '16012345678' }), { articleImposition: '16012345678' })
  t.equal(ok({ articleImposition: 'art. 16' }), 'Article d’imposition invalide : 30 caractères au plus (chiffres, lettres majuscules, espaces, / et -).')
  for (const form of ['EURL', 'SARL', 'SPA', 'SNC', 'SCS', 'EI', 'autre']) t.same(ok({ legalForm: form }), { legalForm: form })
  for (const bad of ['sarl', 'SA', 'Autre']) t.equal(ok({ legalForm: bad }), 'Forme juridique invalide : EURL, SARL, SPA, SNC, SCS, EI ou autre.', `legalForm ${bad}`)
  t.same(ok({ taxRegime: 'ifu' }), { taxRegime: 'ifu' })
  for (const bad of ['IFU', 'réel', 'forfait']) t.equal(ok({ taxRegime: bad }), 'Régime fiscal invalide : réel ou IFU.', `taxRegime ${bad}`)
  t.same(ok({ employer: true }), { employer: true })
  t.same(ok({ employer: 'non' }), { employer: false }, 'a form’s value')
  for (const bad of ['peut-être', 2]) t.equal(ok({ employer: bad }), 'Employeur invalide : oui ou non.', `employer ${bad}`)
  const both = checkCompanyIdentifiers({ nif: '1', taxRegime: 'x' })
  t.same(both.ok ? [] : both.errors?.map((e) => e.field), ['nif', 'taxRegime'], 'each field its own message')
})

t.test('the owner, the firm, and who else may not', async (t) => {
  const { app, db } = await buildTestApp(t)
  const admin = await seedAccount(app, { admin: true, role: 'admin' })
  const staff = await seedAccount(app, { role: 'staff' })
  const otherStaff = await seedAccount(app, { role: 'staff' })
  const owner = await seedAccount(app, { accepted: true, entreprise: 'SARL Atlas' })
  const member = await seedAccount(app, { companyId: owner.id })
  const other = await seedAccount(app, { accepted: true, entreprise: 'EURL Tassili' })
  await db.insertInto('client_staff').values({ client_id: owner.id, staff_id: staff.id, created_at: nowDb() }).execute()

  const empty = { nif: null, nis: null, rc: null, articleImposition: null, legalForm: null, taxRegime: null, employer: null }
  let res = await injectAs(app, owner, '/api/users/company')
  t.equal(res.statusCode, 200)
  t.same(res.json(), empty, 'none yet')

  res = await injectAs(app, owner, { method: 'PATCH', url: '/api/users/company', payload: { nif: NIF, nis: NIS, rc: '16/00-1234567B21', articleImposition: '16012345678', legalForm: 'SARL', taxRegime: 'reel', employer: true } })
  t.equal(res.statusCode, 200, res.body)
  const full = { nif: NIF, nis: NIS, rc: '16/00-1234567B21', articleImposition: '16012345678', legalForm: 'SARL', taxRegime: 'reel', employer: true }
  t.same(res.json(), full)
  t.same((await injectAs(app, owner, '/api/users/company')).json(), full, 'kept')

  res = await injectAs(app, owner, { method: 'PATCH', url: '/api/users/company', payload: { taxRegime: 'ifu' } })
  t.same(res.json(), { ...full, taxRegime: 'ifu' }, 'a field given changes alone')

  res = await injectAs(app, owner, { method: 'PATCH', url: '/api/users/company', payload: { nis: '123', legalForm: 'SA' } })
  t.equal(res.statusCode, 400)
  t.same(res.json(), { message: 'NIS invalide : 15 chiffres.', code: 'validation', field: 'nis' }, 'the first wrong field, named')
  t.same((await injectAs(app, owner, '/api/users/company')).json(), { ...full, taxRegime: 'ifu' }, 'nothing written')

  res = await injectAs(app, owner, { method: 'PATCH', url: '/api/users/company', payload: { employer: 'peut-être' } })
  t.equal(res.json().message, 'Employeur invalide : oui ou non.')

  // The firm: admins, the staff serving the company; another staff member finds nothing.
  res = await injectAs(app, staff, `/api/users/${owner.id}/company`)
  t.equal(res.statusCode, 200)
  t.equal(res.json().nif, NIF)
  res = await injectAs(app, staff, { method: 'PATCH', url: `/api/users/${owner.id}/company`, payload: { employer: false } })
  t.equal(res.statusCode, 200)
  t.equal(res.json().employer, false)
  t.equal((await injectAs(app, otherStaff, `/api/users/${owner.id}/company`)).statusCode, 404)
  t.equal((await injectAs(app, otherStaff, { method: 'PATCH', url: `/api/users/${owner.id}/company`, payload: { employer: true } })).statusCode, 404)
  res = await injectAs(app, admin, { method: 'PATCH', url: `/api/users/${other.id}/company`, payload: { nif: NIF20 } })
  t.equal(res.statusCode, 200)
  t.equal((await injectAs(app, admin, `/api/users/${member.id}/company`)).statusCode, 404, 'a member is no company')
  t.equal((await injectAs(app, admin, `/api/users/${admin.id}/company`)).statusCode, 404, 'nor is the firm')
  t.equal((await injectAs(app, admin, `/api/users/999999/company`)).statusCode, 404)

  // Nobody else: a member (the owner alone), the firm on the owner's address, a visitor, a client on the firm's.
  t.equal((await injectAs(app, member, '/api/users/company')).statusCode, 403)
  t.equal((await injectAs(app, member, { method: 'PATCH', url: '/api/users/company', payload: { employer: true } })).statusCode, 403)
  t.equal((await injectAs(app, admin, '/api/users/company')).statusCode, 403)
  t.equal((await injectAs(app, null, '/api/users/company')).statusCode, 401)
  t.equal((await injectAs(app, owner, `/api/users/${owner.id}/company`)).statusCode, 403)

  // A NIF held by another company: 409, by the unique key; clearing it frees it.
  res = await injectAs(app, other, { method: 'PATCH', url: '/api/users/company', payload: { nif: NIF, legalForm: 'EURL' } })
  t.equal(res.statusCode, 409)
  t.same(res.json(), { message: 'Ce NIF est déjà celui d’une autre entreprise.', code: 'conflict', field: 'nif' })
  t.equal((await injectAs(app, other, '/api/users/company')).json().legalForm, null, 'nothing of the refused change written')
  t.equal((await injectAs(app, owner, { method: 'PATCH', url: '/api/users/company', payload: { nif: NIF } })).statusCode, 200, 'its own NIF again is no conflict')
  t.equal((await injectAs(app, owner, { method: 'PATCH', url: '/api/users/company', payload: { nif: '' } })).json().nif, null)
  t.equal((await injectAs(app, other, { method: 'PATCH', url: '/api/users/company', payload: { nif: NIF } })).statusCode, 200, 'free once cleared')

  // Arabic: the same refusal in the request's language when it asks for Arabic (the catalogue has it).
  const { companyWords } = await import('../../src/modules/identity/company-validation.js')
  t.ok(companyWords.ar?.nifTaken, 'the Arabic words exist')
})

t.test('the clients lists find a company by NIF or NIS', async (t) => {
  const { app } = await buildTestApp(t)
  const admin = await seedAccount(app, { admin: true, role: 'admin' })
  const atlas = await seedAccount(app, { accepted: true, entreprise: 'SARL Atlas' })
  const tassili = await seedAccount(app, { accepted: true, entreprise: 'EURL Tassili' })
  await injectAs(app, atlas, { method: 'PATCH', url: '/api/users/company', payload: { nif: NIF, nis: NIS } })
  await injectAs(app, tassili, { method: 'PATCH', url: '/api/users/company', payload: { nif: '099916001234567' } })
  const found = async (q: string) => ((await injectAs(app, admin, `/api/users/clients-profile?q=${encodeURIComponent(q)}`)).json() as Array<{ id: number }>).map((c) => c.id).sort()
  t.same(await found(NIF), [atlas.id], 'by the whole NIF')
  t.same(await found('000216'), [atlas.id], 'by its start')
  t.same(await found(NIS), [atlas.id], 'by NIS')
  t.same(await found('0999 1600'), [tassili.id], 'spaces between groups')
  t.same(await found('Tassili'), [tassili.id], 'names still found')
  t.same(await found('777777'), [], 'no such number')
})
