// Issue 14: the README's quick start, as a newcomer follows it. A fresh clone of this repository
// (node_modules linked rather than installed, and dist/ copied from this checkout's build, which
// `npm test` has just brought up to date, to save minutes), `npm start` (it checks the build,
// migrates and serves), `npm run admin:create`, then the administrator logs in, the seeded document
// types are listed and /healthz answers. A build from nothing but the files of a clone is
// dockerfile.test.ts's: it builds from exactly what the image's build stage copies, then starts. The README's path is SQLite's: the MariaDB run of the suite skips it
// (a build of a whole clone, once per CI run is enough).
import { execFileSync, spawn, type ChildProcess } from 'node:child_process'
import { cpSync, mkdtempSync, realpathSync, rmSync, symlinkSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import t from 'tap'
import { DEFAULT_DOCUMENT_TYPES } from '../../migrations/0009-default-document-types.js'
import { freeAddress } from '../helpers/address.js'
import { projectRoot } from '../../src/shared/project-root.js'

// Starting a clone and a CLI on a busy machine takes a while.
t.setTimeout(300_000)

const ROOT = projectRoot

function npm(cwd: string, args: string[], env: Record<string, string>): ChildProcess & { output: () => string; exited: Promise<number | null> } {
  // Its own process group: npm, the shell and node all get the signal.
  const child = spawn('npm', args, { cwd, env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? cwd, ...env }, stdio: ['ignore', 'pipe', 'pipe'], detached: true })
  let output = ''
  child.stdout!.on('data', (c) => (output += c))
  child.stderr!.on('data', (c) => (output += c))
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
  return Object.assign(child, { output: () => output, exited })
}

async function healthy(base: string, server: { exited: Promise<number | null>; output(): string }, ms: number): Promise<void> {
  let exited = false
  void server.exited.then(() => (exited = true))
  const end = Date.now() + ms
  while (Date.now() < end && !exited) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) return
    } catch {}
    await new Promise((r) => setTimeout(r, 250))
  }
  throw new Error(`npm start did not serve /healthz:\n${server.output()}`)
}

const skip = process.env.TEST_DATABASE_URL ? 'the README’s path is SQLite’s; run once per suite' : false

if (!skip) t.test('fresh clone → npm start → npm run admin:create → log in, seeded types, /healthz', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'portal-newcomer-'))
  t.teardown(() => rmSync(dir, { recursive: true, force: true }))
  const clone = join(dir, 'portal')
  execFileSync('git', ['clone', '--quiet', '--shared', ROOT, clone])
  symlinkSync(realpathSync(join(ROOT, 'node_modules')), join(clone, 'node_modules'))
  // Copied after the clone, so its build stamp is newer than the clone's sources: npm start builds nothing.
  // Not dist/.tests: the test runs' own JavaScript, which other runs side by side create and remove meanwhile.
  cpSync(join(ROOT, 'dist'), join(clone, 'dist'), { recursive: true, filter: (source) => !source.startsWith(join(ROOT, 'dist', '.tests')) })

  const { host, port } = await freeAddress()
  const base = `http://${host}:${port}`
  // As the README says it: no NODE_ENV (development), no DATABASE_URL (var/portal.sqlite in the clone).
  const env = { HOST: host, PORT: String(port), PUBLIC_URL: base }
  const server = npm(clone, ['start'], env)
  t.teardown(() => {
    if (server.exitCode === null && server.signalCode === null) process.kill(-server.pid!, 'SIGKILL')
  })
  await healthy(base, server, 280_000)
  t.notMatch(server.output(), /Building/, 'the copied build is up to date for the clone')
  // Logged once listening, through pino-pretty's worker: it may follow the first answer.
  for (let i = 0; i < 100 && !/No administrator yet/.test(server.output()); i++) await new Promise((r) => setTimeout(r, 100))
  t.match(server.output(), /No administrator yet: run `npm run admin:create/, 'the first start says how to get an administrator')
  t.match(server.output(), `open ${base}`, 'the start log points to PUBLIC_URL, the mails’ origin (issue 34)')

  const create = npm(clone, ['run', '--silent', 'admin:create', '--', '--email', 'gerant@cabinet.dz', '--password', 'Vx7#kQ2m!Lp9'], env)
  t.equal(await create.exited, 0, create.output())
  t.match(create.output(), /Administrator gerant@cabinet\.dz: created\./)

  const login = await fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json', origin: base }, body: JSON.stringify({ email: 'gerant@cabinet.dz', password: 'Vx7#kQ2m!Lp9' }) })
  t.equal(login.status, 200, 'the administrator logs in')
  const types = (await (await fetch(`${base}/api/documents/types`)).json()) as Array<{ typeName: string }>
  t.same(types.map((type) => type.typeName).sort(), [...DEFAULT_DOCUMENT_TYPES].sort(), 'the seeded document types')
  t.equal((await fetch(`${base}/healthz`)).status, 200)
  // The server's own shutdown is tested elsewhere (server-process); npm start is only how it was started.
  process.kill(-server.pid!, 'SIGTERM')
  await server.exited
})
