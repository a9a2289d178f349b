// Contract §8: the OpenAPI document at /api/openapi.json can drive a typed client. Every operation
// has an operationId, a summary, its security and every status it answers; lists document
// X-Total-Count, uploads their multipart body, the download its binary answer. A new route that
// forgets one of them fails here (and `npm run lint:openapi`, Redocly's recommended rules, in CI).
import t from 'tap'
import { buildTestApp } from '../helpers/app.js'
import { seedAccount } from '../helpers/accounts.js'
import { addType, upload, uploadPdf } from '../documents/fixtures.js'

interface Schema {
  $ref?: string
  type?: string
  format?: string
  title?: string
  properties?: Record<string, Schema>
  required?: string[]
  items?: Schema
}
interface Media {
  schema: Schema
  example?: unknown
}
interface Response {
  description: string
  headers?: Record<string, { schema: Schema }>
  content?: Record<string, Media>
}
interface Operation {
  operationId?: string
  summary?: string
  security?: Array<Record<string, string[]>>
  parameters?: Array<{ in: string; name: string }>
  requestBody?: { content: Record<string, Media> }
  responses: Record<string, Response>
}
interface Document {
  openapi: string
  paths: Record<string, Record<string, Operation>>
  components: { schemas: Record<string, Schema>; securitySchemes: Record<string, Record<string, string>> }
}

const { app } = await buildTestApp(t)
const res = await app.inject('/api/openapi.json')
const document = res.json<Document>()
const operations = Object.entries(document.paths).flatMap(([path, item]) => Object.entries(item).map(([method, operation]) => ({ name: `${method.toUpperCase()} ${path}`, method, path, operation })))
const find = (method: string, path: string) => document.paths[path]![method]!

/** A schema, its `$ref` followed to the component. */
function resolved(schema: Schema): Schema {
  if (!schema.$ref) return schema
  const name = schema.$ref.replace('#/components/schemas/', '')
  const component = document.components.schemas[name]
  if (!component) throw new Error(`unresolved ${schema.$ref}`)
  return component
}

t.test('the document is served and lists the API', async (t) => {
  t.equal(res.statusCode, 200)
  t.match(document.openapi, /^3\./)
  t.ok(operations.length >= 45, `${operations.length} operations`)
  t.notOk(operations.some(({ path }) => !path.startsWith('/api/')), 'pages and files stay out of it')
})

t.test('the session cookie and the personal access token are its two security schemes', async (t) => {
  const { cookieAuth, bearerAuth } = document.components.securitySchemes
  t.same(cookieAuth && { type: cookieAuth.type, in: cookieAuth.in, name: cookieAuth.name }, { type: 'apiKey', in: 'cookie', name: 'session' })
  t.same(bearerAuth && { type: bearerAuth.type, scheme: bearerAuth.scheme }, { type: 'http', scheme: 'bearer' })
})

/** The operations for which `wrong` answers true, by name: a failure lists them all at once. */
const offenders = (wrong: (operation: Operation, method: string) => boolean) => operations.filter(({ operation, method }) => wrong(operation, method)).map(({ name }) => name)

t.test('every operation has a unique operationId, a summary and its security', async (t) => {
  t.same(offenders((operation) => !/^[a-z][A-Za-z0-9]+$/.test(operation.operationId ?? '')), [], 'an operationId, camelCase')
  const ids = operations.map(({ operation }) => operation.operationId)
  t.same(ids.filter((id, i) => ids.indexOf(id) !== i), [], 'operationIds are unique')
  t.same(offenders((operation) => !operation.summary?.trim()), [], 'a summary')
  t.same(offenders((operation) => !Array.isArray(operation.security)), [], 'a security, or an explicit [] when public')
  const schemes = Object.keys(document.components.securitySchemes)
  t.same(offenders((operation) => (operation.security ?? []).some((requirement) => Object.keys(requirement).some((scheme) => !schemes.includes(scheme)))), [], 'only declared schemes')
  t.same(offenders((operation) => !operation.responses['401']), [], '401 everywhere: a user is required, or a Bearer token that opens nothing is refused even on a public call')
  t.same(find('get', '/api/documents/types').security, [], 'the document types are public')
  t.same(find('get', '/api/documents/new-documents').security, [{ cookieAuth: [] }, { bearerAuth: [] }], 'a list takes the cookie or a token')
  t.same(find('post', '/api/password/changepassword/{userId}').security, [{ cookieAuth: [] }], 'the account itself takes the session only')
})

t.test('every operation documents a success and its errors, each described, errors as {message, code}', async (t) => {
  const statuses = (operation: Operation) => Object.keys(operation.responses)
  t.same(offenders((operation) => !statuses(operation).some((status) => status.startsWith('2'))), [], 'a 2xx')
  t.same(offenders((operation) => !statuses(operation).includes('503')), [], '503 when the database is out of reach')
  t.same(offenders((operation, method) => method !== 'get' && !statuses(operation).includes('403')), [], "403 for another site's origin on every unsafe method")
  t.same(offenders((operation) => Object.values(operation.responses).some((response) => /^(Default Response)?$/.test(response.description))), [], 'every answer described')
  const notShared = (operation: Operation) => Object.entries(operation.responses).some(([status, response]) => Number(status) >= 400 && response.content?.['application/json']?.schema.$ref !== '#/components/schemas/Error')
  t.same(offenders(notShared), [], 'every error answer is the shared Error schema')
  const unexampled = (operation: Operation) => Object.entries(operation.responses).some(([status, response]) => Number(status) >= 400 && !response.content?.['application/json']?.example)
  t.same(offenders(unexampled), [], 'every error answer has its example')
  t.same(find('get', '/api/documents/download/{id}').responses['404']!.content!['application/json']!.example, { message: 'Ressource introuvable.', code: 'not_found' })
  t.same(document.components.schemas.Error!.required, ['message', 'code'])
  for (const status of ['429', '503']) t.ok(find('post', '/api/auth/login').responses[status]!.headers?.['Retry-After'], `login's ${status} documents Retry-After`)
  t.ok(find('get', '/api/auth/sessions').responses['403'], 'a token is refused where only the session is taken')
  t.ok(find('get', '/api/documents/types').responses['403'], 'REQUIRE_ADMIN_2FA refuses an administrator without two-factor even a public call')
  t.notOk(find('get', '/api/auth/status').responses['403'], 'but not their status')
  const badToken = await app.inject({ url: '/api/documents/types', headers: { authorization: 'Bearer not-a-token' } })
  t.equal(badToken.statusCode, 401, 'what the document says: a public call with a token that opens nothing')
  t.ok(find('get', '/api/documents/download/{id}').responses['414'], 'a path parameter may be too long')
  t.notOk(find('get', '/api/auth/status').responses['400'], 'no input, no 400')
})

t.test('shared schemas are components, every $ref resolves', async (t) => {
  for (const name of ['Error', 'Message', 'Document', 'DocumentType', 'SessionUser', 'ProfilePhoto', 'AccountSummary', 'ThreadMessage', 'DocumentRequest', 'JournalEntry']) {
    t.ok(document.components.schemas[name], `${name} is a component`)
  }
  const refs = JSON.stringify(document).match(/"\$ref":"[^"]+"/g) ?? []
  for (const ref of new Set(refs)) t.doesNotThrow(() => resolved({ $ref: JSON.parse(`{${ref}}`).$ref }), ref)
  t.equal(find('get', '/api/documents/new-documents').responses['200']!.content!['application/json']!.schema.items?.$ref, '#/components/schemas/Document')
})

t.test('every list documents X-Total-Count, and sends it', async (t) => {
  const isList = (operation: Operation) => Boolean(operation.parameters?.some((p) => p.in === 'query' && p.name === 'page') && operation.responses['200']?.content?.['application/json']?.schema.type === 'array')
  t.ok(offenders(isList).length >= 12, `${offenders(isList).length} lists`)
  t.same(offenders((operation) => isList(operation) && operation.responses['200']!.headers?.['X-Total-Count']?.schema.type !== 'integer'), [], 'X-Total-Count on every list')
  const types = await app.inject('/api/documents/types')
  t.match(types.headers['x-total-count'], /^\d+$/, 'the list sends what the document says')
})

t.test('uploads describe their multipart body, the download its binary answer', async (t) => {
  const forms: Array<[string, string, string]> = [
    ['post', '/api/documents/upload', 'file'],
    ['post', '/api/documents/send/{userId}', 'file'],
    ['post', '/api/users/profile/uplaod-photo', 'image'],
  ]
  for (const [method, path, field] of forms) {
    const operation = find(method, path)
    const form = resolved(operation.requestBody!.content['multipart/form-data']!.schema)
    t.same(form.properties?.[field] && { type: form.properties[field]!.type, format: form.properties[field]!.format }, { type: 'string', format: 'binary' }, `${path}: the ${field} part`)
    t.ok(form.required?.includes(field), `${path}: ${field} is required`)
    for (const status of ['413', '415', '507']) t.ok(operation.responses[status], `${path}: ${status}`)
  }
  const sendForm = resolved(find('post', '/api/documents/send/{userId}').requestBody!.content['multipart/form-data']!.schema)
  t.equal(sendForm.properties?.requestId?.type, 'integer', 'the firm’s send may answer a request (issue 16)')
  t.notOk(sendForm.required?.includes('requestId'), 'optionally')
  const download = find('get', '/api/documents/download/{id}').responses['200']!
  t.same(download.content?.['application/pdf']?.schema, { type: 'string', format: 'binary' })
  t.ok(download.headers?.['Content-Disposition'], 'Content-Disposition')
})

t.test('the uploads and the download answer as documented; the real request stays the upload code\'s', async (t) => {
  const admin = await seedAccount(app, { admin: true })
  const client = await seedAccount(app, { accepted: true })
  await addType(app, admin, 'Bilan')
  const id = await uploadPdf(app, client, 'Bilan')
  const file = await app.inject({ url: `/api/documents/download/${id}`, headers: { cookie: client.cookie } })
  t.equal(file.statusCode, 200)
  t.equal(file.headers['content-type'], 'application/pdf')
  t.match(file.headers['content-disposition'], /^attachment; filename=/)
  const missing = await upload(app, client, { type: 'Bilan' })
  t.equal(missing.statusCode, 400, 'no file: the upload\'s own French message, not a schema\'s')
  t.notMatch(missing.json().message, /champ manquant/)
})
