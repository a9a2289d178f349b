// Issue 17 (contract §8): an API scripts can drive. The types a script's author generates from
// /api/openapi.json (openapi-typescript) type-check the README's example, which uses openapi-fetch;
// then that very script runs against the real server with a personal access token only: it uploads
// a file (multipart), lists the documents with their X-Total-Count, downloads the file back, and
// stops on a typed error's `code`. The README cannot drift from the API, nor the API from it.
import { execFile } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import t from 'tap'
import ts from 'typescript'
import openapiTS, { astToString } from 'openapi-typescript'
import { projectRoot } from '../../src/config.js'
import { freeAddress } from '../helpers/address.js'
import { buildTestApp } from '../helpers/app.js'
import { injectAs, seedAccount, type SeededAccount } from '../helpers/accounts.js'
import { addType, PDF, uploadPdf } from '../documents/fixtures.js'

const { app } = await buildTestApp(t)
const { host, port } = await freeAddress()
await app.listen({ host, port })
const baseUrl = `http://${host}:${port}`

/** The README's example, between its markers, as a script's author copies it. */
function readmeExample(): string {
  const readme = readFileSync(join(projectRoot, 'README.md'), 'utf8')
  const found = /<!-- typed-client-example -->\s*```ts\n([\s\S]*?)```\s*<!-- \/typed-client-example -->/.exec(readme)
  if (!found?.[1]) throw new Error('README.md: no ```ts block between <!-- typed-client-example --> markers')
  return found[1]
}

/**
 * A script's folder, as the README sets it up: an ES module package that finds openapi-fetch,
 * tsx and @types/node (here the project's own node_modules), and the types generated from the
 * served document, as `npx openapi-typescript <url> -o portail-api.d.ts` writes them.
 */
async function scriptFolder(): Promise<string> {
  const folder = mkdtempSync(join(tmpdir(), 'portal-client-'))
  t.teardown(() => rmSync(folder, { recursive: true, force: true }))
  symlinkSync(join(projectRoot, 'node_modules'), join(folder, 'node_modules'), 'dir')
  writeFileSync(join(folder, 'package.json'), JSON.stringify({ type: 'module', private: true }))
  const types = await openapiTS(new URL('/api/openapi.json', baseUrl))
  writeFileSync(join(folder, 'portail-api.d.ts'), astToString(types))
  return folder
}

/** The compiler's complaints about each file, as `tsc --noEmit` would print them, with the project's strictness. */
function typeErrors(files: string[]): Map<string, string[]> {
  const program = ts.createProgram(files, {
    target: ts.ScriptTarget.ES2023,
    lib: ['lib.es2023.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    strict: true,
    noUncheckedIndexedAccess: true,
    verbatimModuleSyntax: true,
    isolatedModules: true,
    skipLibCheck: true,
    types: ['node'],
    noEmit: true,
  })
  const errors = new Map<string, string[]>(files.map((file) => [file, []]))
  for (const diagnostic of ts.getPreEmitDiagnostics(program)) {
    const text = ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')
    const file = diagnostic.file?.fileName ?? ''
    const line = diagnostic.file && diagnostic.start !== undefined ? diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start).line + 1 : 0
    const list = errors.get(file) ?? errors.set(file, []).get(file)!
    list.push(`${file}:${line} TS${diagnostic.code} ${text}`)
  }
  return errors
}

const folder = await scriptFolder()
const example = readmeExample()
const admin = await seedAccount(app, { admin: true })
const client = await seedAccount(app, { accepted: true })
await addType(app, admin, 'Bilan')
writeFileSync(join(folder, 'bilan-2025.pdf'), PDF)

/** The example with one mistake a script's author could make: the compiler must refuse it. */
function mistaken(from: string, to: string): string {
  if (!example.includes(from)) throw new Error(`the README's example no longer contains ${JSON.stringify(from)}`)
  return example.replace(from, to)
}

t.test("the README's example type-checks against the types generated from /api/openapi.json", async (t) => {
  const mistakes: Record<string, [string, RegExp]> = {
    'a misspelt path': [mistaken("'/api/documents/upload'", "'/api/documents/uplaod'"), /uplaod/],
    'the file part left out': [mistaken('body: { file: basename(path), type,', 'body: { type,'), /'file' is missing|Property 'file'/],
    'a list read before its error is checked': [mistaken('if (list.error) fail(list.error)\n', ''), /possibly 'undefined'/],
    'an error code the API never answers': [mistaken('if (uploaded.error) fail(uploaded.error)', "if (uploaded.error?.code === 'oops') fail(uploaded.error)"), /no overlap/],
    'a field a document does not have': [mistaken('document.type.typeName', 'document.type.label'), /'label' does not exist/],
  }
  const files = { example: join(folder, 'depot.ts'), ...Object.fromEntries(Object.keys(mistakes).map((name, i) => [name, join(folder, `mistake-${i}.ts`)])) }
  writeFileSync(files.example, example)
  for (const [name, [code]] of Object.entries(mistakes)) writeFileSync(files[name as keyof typeof files], code)

  const errors = typeErrors(Object.values(files))
  t.same(errors.get(files.example), [], 'the example compiles as it is written')
  for (const [name, [, expected]] of Object.entries(mistakes)) {
    const found = errors.get(files[name as keyof typeof files]) ?? []
    t.ok(found.some((error) => expected.test(error)), `${name} is a compile error: ${found.join(' | ') || 'none'}`)
  }
  const stray = [...errors].filter(([file]) => !Object.values(files).includes(file)).flatMap(([, list]) => list)
  t.same(stray, [], 'no error in the generated types nor in the libraries')
})

/** Runs the README's script as its README says (`npx tsx depot.ts <file> <type>`), with `token` only. */
async function runScript(token: string, args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  writeFileSync(join(folder, 'depot.ts'), example)
  const env = { ...process.env, PORTAIL_URL: baseUrl, PORTAIL_TOKEN: token, NODE_OPTIONS: '' }
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'depot.ts', ...args], { cwd: folder, env })
    return { code: 0, stdout, stderr }
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string }
    if (typeof failed.code !== 'number') throw error
    return { code: failed.code, stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' }
  }
}

/** A personal access token, created as the contract says: from a session (a token cannot make one). */
async function createToken(account: SeededAccount): Promise<{ id: number; token: string }> {
  const res = await injectAs(app, account, { method: 'POST', url: '/api/auth/tokens', payload: { name: 'Script de dépôt', expiresInDays: 7 } })
  if (res.statusCode !== 201) throw new Error(`create token: ${res.statusCode} ${res.body}`)
  return res.json()
}

t.test('the script uploads, lists with X-Total-Count and downloads with a token only, through openapi-fetch', async (t) => {
  await uploadPdf(app, client, 'Bilan')
  const before = await injectAs(app, admin, '/api/documents/new-documents')
  t.equal(before.headers['x-total-count'], '1')
  const { token } = await createToken(admin)
  const run = await runScript(token, ['bilan-2025.pdf', 'Bilan'])
  t.equal(run.code, 0, run.stderr)

  // The firm's download opens the document (spec §7): it is now among the viewed ones.
  const viewed = (await injectAs(app, admin, '/api/documents/old-documents')).json<Array<{ id: number; name: string; user: { id: number } }>>()
  t.same(viewed.map(({ name, user }) => ({ name, user: user.id })), [{ name: 'bilan-2025.pdf', user: admin.id }], "the upload is the token's user's, under the file's name")
  t.match(run.stdout, new RegExp(`^Document envoyé avec succès\\. \\(n° ${viewed[0]?.id}\\)$`, 'm'), "the upload's typed answer: its message and id")
  t.match(run.stdout, /^2 document\(s\) non consulté\(s\)$/m, 'the total read from X-Total-Count, the new upload counted')
  t.equal(run.stdout.match(/^- n° \d+ .+ \(Bilan, .+\)$/gm)?.length, 2, 'one line per document, with its type and sender')
  t.same(readFileSync(join(folder, 'copie-bilan-2025.pdf')), PDF, 'the download is the file uploaded, byte for byte')
  t.match(run.stdout, new RegExp(`: ${PDF.length} octets$`, 'm'))
})

t.test('the script stops on a typed error and prints its stable code', async (t) => {
  const revoked = await createToken(admin)
  const revoke = await injectAs(app, admin, { method: 'DELETE', url: `/api/auth/tokens/${revoked.id}` })
  t.equal(revoke.statusCode, 200)
  const refused = await runScript(revoked.token, ['bilan-2025.pdf', 'Bilan'])
  t.equal(refused.code, 1)
  t.match(refused.stderr, /^unauthenticated : Jeton d’accès invalide, expiré ou révoqué\.$/m, 'a revoked token: 401 unauthenticated')

  const unknownType = await runScript((await createToken(admin)).token, ['bilan-2025.pdf', 'Inconnu'])
  t.equal(unknownType.code, 1)
  t.match(unknownType.stderr, /^validation : Type de document inconnu\.$/m, 'an unknown document type: its code and the French message')

  const { token } = await createToken(client)
  const asClient = await runScript(token, ['bilan-2025.pdf', 'Bilan'])
  t.equal(asClient.code, 1)
  t.match(asClient.stdout, /^Document envoyé avec succès\./m, "a client's token uploads")
  t.match(asClient.stderr, /^forbidden : \S.*$/m, "but the firm's list is refused to it: 403 forbidden")
})
