import { spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ROOT } from './report.js'

/** The administrator every bench's portal is started with (ADMIN_EMAIL/ADMIN_PASSWORD). */
export const BENCH_ADMIN = { email: 'bench-admin@cabinet.test', password: 'B3nch#Admin!x' }

export interface Running {
  base: string
  port: number
  child: ChildProcess
  /** SIGTERM, wait for the exit, remove the temporary folder. */
  stop(): Promise<void>
}

export function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address()
      probe.close(() => (address && typeof address === 'object' ? done(address.port) : fail(new Error('no port'))))
    })
  })
}

/** Starts `node args…` listening on `port` and waits (30 s at most) until its /healthz answers. */
export async function startProcess(args: string[], env: NodeJS.ProcessEnv, port: number, dir: string): Promise<Running> {
  const base = `http://127.0.0.1:${port}`
  const child = spawn(process.execPath, args, { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, ...env } })
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM')
      await new Promise((r) => child.once('exit', r))
    }
    rmSync(dir, { recursive: true, force: true })
  }
  const deadline = Date.now() + 30_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${base}: process exited with ${child.exitCode}`)
    try {
      if ((await fetch(`${base}/healthz`)).status < 500) return { base, port, child, stop }
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop()
      throw new Error(`${base}: not up within 30 s`)
    }
    await new Promise((r) => setTimeout(r, 100))
  }
}

/** The built portal in production mode on a temporary SQLite file, with the bench administrator. */
export async function startPortal(env: Record<string, string> = {}): Promise<Running> {
  const dir = mkdtempSync(join(tmpdir(), 'portal-bench-'))
  const port = await freePort()
  return startProcess([join(ROOT, 'dist/server/src/server.js')], {
    NODE_ENV: 'production', LOG_LEVEL: 'warn', PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATABASE_URL: `sqlite:${join(dir, 'bench.sqlite')}`, SESSION_SECRET: randomBytes(32).toString('hex'),
    ADMIN_EMAIL: BENCH_ADMIN.email, ADMIN_PASSWORD: BENCH_ADMIN.password, UPLOAD_DIR: join(dir, 'uploads'),
    ...env,
  }, port, dir)
}

/**
 * Logs the bench administrator (or `who`) in; answers the cookies a browser would send back to `/`: the
 * session's, not the device cookie, which is scoped to the login routes.
 */
export async function logIn(base: string, who: { email: string; password: string } = BENCH_ADMIN): Promise<string> {
  const login = await fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(who) })
  if (login.status !== 200) throw new Error(`login: ${login.status}`)
  return login.headers.getSetCookie()
    .filter((c) => /;\s*path=\/\s*(;|$)/i.test(c))
    .map((c) => c.split(';')[0])
    .join('; ')
}
