// Issue 30: services raise DomainError (a code of contract §8 and a sentence of the module's catalogue);
// the HTTP edge answers the code's status and the sentence in the request's language, word for word.
import t from 'tap'
import { errorCodeOf, httpErrorOf, STATUS_OF_CODE } from '../../src/http/errors.js'
import { words as clientWords } from '../../src/modules/clients/words.js'
import { words as contactWords } from '../../src/modules/contact/words.js'
import { words as documentWords } from '../../src/modules/documents/words.js'
import { accountWords, twoFactorWords } from '../../src/modules/identity/words.js'
import { words as requestWords } from '../../src/modules/requests/words.js'
import { DomainError, ERROR_CODES, refusals } from '../../src/shared/domain-error.js'
import { catalogue, sentence } from '../../src/shared/words.js'
import { injectAs, seedAccount } from '../helpers/accounts.js'
import { buildTestApp } from '../helpers/app.js'
import { errorUnder, submit } from '../helpers/forms.js'

t.test('every code is answered with its status, and that status names the code again', async (t) => {
  t.same(Object.keys(STATUS_OF_CODE).sort(), [...ERROR_CODES].sort(), 'each code of contract §8 has its status')
  for (const code of ERROR_CODES) t.equal(errorCodeOf(STATUS_OF_CODE[code]), code, `${code} → ${STATUS_OF_CODE[code]} → ${code}`)
  t.same(
    ERROR_CODES.map((code) => STATUS_OF_CODE[code]),
    [400, 401, 403, 404, 409, 413, 415, 429, 503, 507, 500],
  )
})

t.test('the edge says the catalogue’s French word for word, with its field and its parameters', async (t) => {
  const refuse = refusals(documentWords)
  const MB = 1024 * 1024
  const quota = httpErrorOf(refuse('too_large', 'quotaExceeded', 1.5 * MB, 2048 * MB).under('file'), 'fr')
  t.equal(quota.statusCode, 413)
  t.equal(quota.message, 'Espace de stockage insuffisant : il vous reste 1,5 Mo sur 2\u202F048 Mo. Supprimez des documents que le cabinet n’a pas encore consultés, ou contactez le cabinet.')
  t.match(httpErrorOf(refuse('too_large', 'quotaExceeded', 1.5 * MB, 2048 * MB), 'ar').message, 'بقي لكم 1,5 ميغابايت من أصل 2.048 ميغابايت', 'the bytes written in the sentence\'s own language')
  t.same(quota.fields, [{ field: 'file', message: quota.message }], 'under the file, as a page answered again shows it')
  const missing = refuse('not_found', 'notFound')
  t.equal(missing.code, 'not_found')
  t.equal(missing.message, 'Document introuvable.', 'message: the French words, for logs and scripts')
  t.same(httpErrorOf(missing, 'fr').fields, [], 'under no field: the form’s own error')
  // A few of the specification's messages (§5), through their catalogues.
  t.equal(httpErrorOf(refusals(accountWords)('validation', 'weak'), 'fr').message, "Ce mot de passe n'est pas accepter choisir autre.")
  t.equal(httpErrorOf(refusals(accountWords)('validation', 'usernameRequired'), 'fr').message, 'Nom d’utilisateur requis')
  t.equal(httpErrorOf(refusals(contactWords)('validation', 'emailRequired'), 'fr').message, "L' email est requis")
  t.equal(httpErrorOf(refusals(documentWords)('validation', 'typeRequired'), 'fr').message, 'Type de document requis')
  t.equal(httpErrorOf(refusals(clientWords)('conflict', 'alreadyAccepted'), 'fr').message, 'Cet utilisateur est déjà accepté.')
  t.equal(httpErrorOf(refusals(requestWords)('validation', 'dueDatePast'), 'fr').message, 'La date limite doit être aujourd’hui ou plus tard.')
})

t.test('a refusal that ends says when: Retry-After, in seconds', async (t) => {
  const error = httpErrorOf(refusals(twoFactorWords)('rate_limited', 'tooManyAttempts', 3).retryAfter(150), 'fr')
  t.equal(error.statusCode, 429)
  t.equal(error.message, 'Trop de tentatives. Réessayez dans 3 minute(s).')
  t.same(error.headers, { 'retry-after': '150' })
  t.same(httpErrorOf(refusals(twoFactorWords)('validation', 'codeWrong'), 'fr').headers, {}, 'no header otherwise')
})

t.test('a form’s check is said again from the catalogue: each field’s sentence, the first one the error’s', async (t) => {
  const refuse = refusals(documentWords)
  const checked = { ok: false as const, message: documentWords.fr.typeRequired, errors: [{ field: 'type', message: documentWords.fr.typeRequired }, { field: 'file', message: documentWords.fr.fileRequired }] }
  const error = refuse.form(checked)
  t.equal(error.code, 'validation')
  t.ok(error.says(documentWords, 'typeRequired'), 'the words are found as their key')
  t.ok(refuse.says(error, 'typeRequired'))
  t.notOk(refuse.says(error, 'fileRequired'))
  t.equal(error.field, 'type', 'the API names the field of its message')
  t.same(error.fieldsIn('fr'), checked.errors)
  // Words no sentence of the catalogue says (another module's rule) are said as they are.
  const other = refuse.form({ message: 'Autre règle.', errors: [{ field: 'x', message: 'Autre règle.' }] })
  t.same([other.message, other.field, other.fieldsIn('fr')], ['Autre règle.', 'x', [{ field: 'x', message: 'Autre règle.' }]])
})

t.test('another language: its own words, the same code', async (t) => {
  const words = catalogue({ fr: { gone: 'Introuvable.', left: (n: number) => `Il reste ${n}.` }, ar: { gone: 'غير موجود.', left: (n: number) => `بقي ${n}.` } })
  const refuse = refusals(words)
  const gone = refuse('not_found', 'gone').under('id')
  t.same([httpErrorOf(gone, 'ar').statusCode, httpErrorOf(gone, 'ar').message, httpErrorOf(gone, 'ar').fields], [404, 'غير موجود.', [{ field: 'id', message: 'غير موجود.' }]])
  t.equal(httpErrorOf(refuse('too_large', 'left', 2), 'ar').message, 'بقي 2.')
  t.equal(httpErrorOf(refuse('validation', 'gone'), 'fr').message, 'Introuvable.', 'and French in French')
  t.equal(sentence(words, 'ar', 'gone'), 'غير موجود.')
  // A form's French words are said in the other language too.
  const form = refuse.form({ message: 'Introuvable.', errors: [{ field: 'id', message: 'Introuvable.' }] })
  t.same([form.wordsIn('ar'), form.fieldsIn('ar')], ['غير موجود.', [{ field: 'id', message: 'غير موجود.' }]])
})

t.test('the catalogue’s keys and parameters are typed: a missing key, an unknown one or a wrong parameter fails the type check', async (t) => {
  const fr = { gone: 'Introuvable.', left: (n: number) => `Il reste ${n}.` }
  // @ts-expect-error -- Arabic without `left`
  catalogue({ fr, ar: { gone: 'غير موجود.' } })
  // @ts-expect-error -- `left` takes a number
  catalogue({ fr, ar: { gone: 'غير موجود.', left: (n: string) => n } })
  // @ts-expect-error -- a catalogue has its Arabic (issue 31)
  catalogue({ fr })
  // @ts-expect-error -- and no key French has not
  catalogue({ fr, ar: { gone: 'غير موجود.', left: (n: number) => String(n), extra: 'زائد' } })
  const refuse = refusals(catalogue({ fr, ar: { gone: 'غير موجود.', left: (n: number) => `بقي ${n}.` } }))
  // @ts-expect-error -- no such sentence
  t.throws(() => refuse('not_found', 'nothing'))
  // @ts-expect-error -- `left` needs its number
  refuse('too_large', 'left')
  // @ts-expect-error -- not a code of contract §8
  refuse('teapot', 'gone')
  t.ok(refuse('not_found', 'gone') instanceof DomainError)
})

t.test('through the app: a service’s refusal is the JSON answer and, posted without JavaScript, the page with it under its field', async (t) => {
  const { app } = await buildTestApp(t)
  const admin = await seedAccount(app, { admin: true })
  const typeName = 'Type du test 30'
  t.equal((await injectAs(app, admin, { method: 'POST', url: '/api/documents/types', payload: { typeName } })).statusCode, 201)
  const again = await injectAs(app, admin, { method: 'POST', url: '/api/documents/types', payload: { typeName } })
  t.equal(again.statusCode, 409)
  t.same(again.json(), { message: 'Ce type de document existe déjà.', code: 'conflict', field: 'typeName' })
  const missing = await injectAs(app, admin, { method: 'DELETE', url: '/api/users/contact/999999' })
  t.same([missing.statusCode, missing.json()], [404, { message: 'Message introuvable.', code: 'not_found' }])
  const page = await submit(app, '/admin-dashboard/documents/types/new', { typeName }, admin.cookie)
  t.equal(page.statusCode, 409)
  t.equal(errorUnder(page.body, 'typeName'), 'Ce type de document existe déjà.')
})
