// Issue 34: one rule for every text a person types. Invisible direction and zero-width characters
// (U+202E, U+200B…: Unicode category Cf) are removed from a firm-sent document's name and description,
// a request's title and note and an upload's description, as from usernames, titles and messages; in
// multi-line texts the zero-width joiners, which join emoji and letters and hide nothing, stay.
import t from 'tap'
import { multilineText, nameText, text } from '../../src/shared/validation.js'
import { injectAs, seedAccount } from '../helpers/accounts.js'
import { buildTestApp } from '../helpers/app.js'
import { nextYear } from '../helpers/due-dates.js'
import { addType, multipart, PDF, upload } from '../documents/fixtures.js'

const RLO = '\u202E'
const ZWSP = '\u200B'
const FAMILY = '👨\u200D👩\u200D👧'

t.test('the rule: one-line texts lose every format character, multi-line ones all but the joiners', async (t) => {
  t.equal(text(` Bil${RLO}an${ZWSP} `), 'Bilan')
  t.equal(nameText(`ad\u200Dmin`), 'admin', 'a name: no joiner either (two names that look alike are one)')
  t.equal(text(`e\u0301`), '\u00E9', 'NFC')
  t.equal(multilineText(`Ligne 1\r\nLigne${RLO} 2${ZWSP}\n${FAMILY}`), `Ligne 1\nLigne 2\n${FAMILY}`)
  t.equal(text(42), '', 'not a string: empty')
})

t.test('stored without them, on every route that takes a typed text', async (t) => {
  const { app, db } = await buildTestApp(t)
  const admin = await seedAccount(app, { admin: true })
  const client = await seedAccount(app, { accepted: true })
  await addType(app, admin, 'Bilan')
  const typeId = Number((await db.selectFrom('document_types').select('id').executeTakeFirstOrThrow()).id)

  const sent = await injectAs(app, admin, {
    method: 'POST',
    url: `/api/documents/send/${client.id}`,
    ...multipart([
      { name: 'file', filename: 'attestation.pdf', content: PDF, type: 'application/pdf' },
      { name: 'name', value: `Attesta${RLO}tion${ZWSP}` },
      { name: 'description', value: `Signée${RLO} par le cabinet ${FAMILY}` },
    ]),
  })
  t.equal(sent.statusCode, 201)
  t.same(await db.selectFrom('documents').select(['name', 'description']).where('id', '=', sent.json().id).executeTakeFirstOrThrow(), { name: 'Attestation', description: `Signée par le cabinet ${FAMILY}` }, 'a firm-sent document')

  const uploaded = await upload(app, client, { type: 'Bilan', userId: client.id, content: PDF, description: `Bilan${ZWSP} 2025${RLO}` })
  t.equal(uploaded.statusCode, 201)
  t.equal((await db.selectFrom('documents').select('description').where('id', '=', uploaded.json().id).executeTakeFirstOrThrow()).description, 'Bilan 2025', 'an upload’s description')

  const asked = await injectAs(app, admin, { method: 'POST', url: '/api/requests', payload: { userId: client.id, typeId, title: `Rele${RLO}vés`, note: `Les trois${ZWSP} comptes`, dueDate: nextYear('06-30') } })
  t.equal(asked.statusCode, 201)
  t.same(await db.selectFrom('requests').select(['title', 'note']).where('id', '=', asked.json().id).executeTakeFirstOrThrow(), { title: 'Relevés', note: 'Les trois comptes' }, 'a request’s title and note')

  const message = await injectAs(app, client, { method: 'POST', url: `/api/messages/${client.id}`, payload: { text: `Bonjour${RLO} ${FAMILY}` } })
  t.equal(message.statusCode, 201)
  t.equal(message.json().text, `Bonjour ${FAMILY}`, 'a message')
})
