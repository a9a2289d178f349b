import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import t from 'tap'
import { freeAddress } from '../helpers/address.js'
import { projectRoot } from '../../src/shared/project-root.js'

const SERVER = join(projectRoot, 'dist/server/src/server.js')

function run(env: Record<string, string>) {
  const child = spawn(process.execPath, [SERVER], { env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'warn', ...env }, stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  child.stdout.on('data', (c) => (output += c))
  child.stderr.on('data', (c) => (output += c))
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
  return { child, exited, output: () => output }
}

async function waitFor(url: string, ms = 20_000): Promise<void> {
  const end = Date.now() + ms
  while (Date.now() < end) {
    try {
      if ((await fetch(url)).ok) return
    } catch {}
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error(`${url} did not answer`)
}

t.test('a bad DATABASE_URL stops start-up with one line and exit 1', async (t) => {
  const server = run({ DATABASE_URL: 'foo://x' })
  t.equal(await server.exited, 1)
  const lines = server.output().trim().split('\n')
  t.equal(lines.length, 1)
  t.match(lines[0], /^Invalid DATABASE_URL: /)
})

t.test('an unreachable database stops start-up with exit 1', async (t) => {
  const server = run({ DATABASE_URL: 'mysql://nobody:x@127.0.0.1:1/none' })
  t.equal(await server.exited, 1)
  t.match(server.output(), /^Invalid DATABASE_URL: /)
})

t.test('serves on SQLite, then SIGTERM lets in-flight requests finish and exits 0', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'portal-'))
  t.teardown(() => rmSync(dir, { recursive: true, force: true }))
  const { host, port } = await freeAddress()
  const base = `http://${host}:${port}`
  const server = run({ HOST: host, PORT: String(port), DATABASE_URL: `sqlite:${join(dir, 'db.sqlite')}` })
  t.teardown(() => server.child.kill('SIGKILL'))
  await waitFor(`${base}/healthz`)
  const home = await fetch(`${base}/`)
  t.equal(home.status, 200)
  t.match(await home.text(), /<html lang="fr"/)
  const inFlight = fetch(`${base}/services`)
  await new Promise((r) => setTimeout(r, 5))
  server.child.kill('SIGTERM')
  const answer = await inFlight
  t.equal(answer.status, 200)
  t.equal(await server.exited, 0, server.output())
})
