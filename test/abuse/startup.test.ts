// Issue 9: start-up lines never show a password, and the SQLite files are the portal user's alone.
import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import t from 'tap'
import { createDb, makePrivateDir } from '../../src/db/database.js'
import { maskCredentials } from '../../src/logging.js'
import { freeAddress, runServer, waitForHealth } from './server-child.js'

const SECRET = 'S3cr3t-Pw'
const modeOf = (path: string) => statSync(path).mode & 0o777

t.test('a refused or failing DATABASE_URL or SMTP_URL is reported without its password', async (t) => {
  const cases: Array<[Record<string, string>, RegExp]> = [
    [{ DATABASE_URL: `postgres://portal:${SECRET}@db:5432/portal` }, /^Invalid DATABASE_URL: .*postgres:\/\/portal:\*\*\*@db/],
    [{ DATABASE_URL: `mysql://portal:${SECRET}@127.0.0.1:1/none` }, /^Invalid DATABASE_URL: /],
    [{ SMTP_URL: `ftp://mailer:${SECRET}@smtp.example.dz:587` }, /^Invalid SMTP_URL: .*ftp:\/\/mailer:\*\*\*@smtp/],
  ]
  for (const [env, pattern] of cases) {
    const server = runServer({ DATABASE_URL: 'sqlite::memory:', ...env })
    t.equal(await server.exited, 1, JSON.stringify(env))
    t.match(server.output(), pattern)
    t.notMatch(server.output(), SECRET, 'no password in the output')
  }
})

t.test('credentials are masked in any URL of a line', async (t) => {
  t.equal(maskCredentials('mysql://u:p@ss@db:3306/x'), 'mysql://u:***@db:3306/x')
  t.equal(maskCredentials('smtp://a%40b.dz:p%2Fw@smtp:587 then mysql://h/db?user=x&password=zz'), 'smtp://a%40b.dz:***@smtp:587 then mysql://h/db?user=x&password=***')
  t.equal(maskCredentials('mysql://root@127.0.0.1:3306/test'), 'mysql://root@127.0.0.1:3306/test', 'no password, nothing to mask')
})

t.test('the served SQLite database, its WAL and shared memory are 0600 in a 0700 folder', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'portal-files-'))
  t.teardown(() => rmSync(dir, { recursive: true, force: true }))
  const { host, port } = await freeAddress()
  const file = join(dir, 'data', 'portal.sqlite')
  const server = runServer({ HOST: host, PORT: String(port), DATABASE_URL: `sqlite:${file}`, UPLOAD_DIR: join(dir, 'uploads') })
  t.teardown(() => server.child.kill('SIGKILL'))
  await waitForHealth(`http://${host}:${port}`)
  t.equal(modeOf(join(dir, 'data')).toString(8), '700')
  for (const path of [file, `${file}-wal`, `${file}-shm`]) t.equal(modeOf(path).toString(8), '600', path)
  server.child.kill('SIGTERM')
  t.equal(await server.exited, 0)
})

t.test('files and the var folder left readable by an older version are narrowed', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'portal-files-'))
  t.teardown(() => rmSync(dir, { recursive: true, force: true }))
  const varDir = join(dir, 'var')
  mkdirSync(varDir, { mode: 0o755 })
  chmodSync(varDir, 0o755)
  const file = join(varDir, 'portal.sqlite')
  for (const path of [file, `${file}-wal`]) writeFileSync(path, '', { mode: 0o644 })
  chmodSync(file, 0o644)
  makePrivateDir(varDir)
  const db = createDb(`sqlite:${file}`)
  t.teardown(() => db.destroy())
  t.equal(modeOf(varDir).toString(8), '700')
  t.equal(modeOf(file).toString(8), '600')
  t.equal(modeOf(`${file}-wal`).toString(8), '600')
})

t.test('connection bounds: defaults, values read, zero refused', async (t) => {
  const { loadConfig } = await import('../../src/config.js')
  t.same(loadConfig({ NODE_ENV: 'test' }).connections, {
    headersTimeoutMs: 20_000,
    keepAliveTimeoutMs: 10_000,
    bodyMinBytesPerSecond: 1024,
    bodyRateWindowMs: 30_000,
    maxConnections: 500,
    shutdownGraceMs: 25_000,
    shutdownStallMs: 5_000,
  })
  const set = loadConfig({ NODE_ENV: 'test', HEADERS_TIMEOUT_SECONDS: '0.5', MAX_CONNECTIONS: '50', BODY_MIN_RATE: '10', SHUTDOWN_STALL_SECONDS: '1.5' }).connections
  t.match(set, { headersTimeoutMs: 500, maxConnections: 50, bodyMinBytesPerSecond: 10, shutdownStallMs: 1500 })
  for (const name of ['HEADERS_TIMEOUT_SECONDS', 'KEEP_ALIVE_TIMEOUT_SECONDS', 'BODY_MIN_RATE', 'BODY_RATE_WINDOW_SECONDS', 'MAX_CONNECTIONS', 'SHUTDOWN_GRACE_SECONDS', 'SHUTDOWN_STALL_SECONDS']) {
    t.throws(() => loadConfig({ NODE_ENV: 'test', [name]: '0' }), { message: new RegExp(`^Invalid ${name}: `) }, `${name}=0`)
    t.throws(() => loadConfig({ NODE_ENV: 'test', [name]: 'lots' }), { message: new RegExp(`^Invalid ${name}: `) }, `${name}=lots`)
  }
})
