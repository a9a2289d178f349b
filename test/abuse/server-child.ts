// The built server (dist/) as a child process, for what only a real process shows: start-up lines, files, signals.
import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { projectRoot } from '../../src/shared/project-root.js'

export { freeAddress } from '../helpers/address.js'

const SERVER = join(projectRoot, 'dist/server/src/server.js')

export interface ServerChild {
  child: ChildProcess
  exited: Promise<number | null>
  output: () => string
}

export function runServer(env: Record<string, string>): ServerChild {
  const child = spawn(process.execPath, [SERVER], { env: { PATH: process.env.PATH ?? '', NODE_ENV: 'test', LOG_LEVEL: 'warn', ...env }, stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  child.stdout!.on('data', (c) => (output += c))
  child.stderr!.on('data', (c) => (output += c))
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
  return { child, exited, output: () => output }
}

/** Waits until the server at `base` (http://host:port) answers /healthz, checking every 100 ms. */
export async function waitForHealth(base: string, ms = 30_000): Promise<void> {
  const end = Date.now() + ms
  while (Date.now() < end) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) return
    } catch {}
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error(`the server at ${base} did not answer`)
}

/** How many entries `dir` holds (0 when it does not exist yet). */
export function filesIn(dir: string): number {
  return existsSync(dir) ? readdirSync(dir).length : 0
}
