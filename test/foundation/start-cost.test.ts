// What every server, command and test process pays before its first request (session 14): the built
// app takes TypeBox and Kysely from their bundles in dist/node_modules (scripts/vendor.mjs), not file
// by file from the project's node_modules, and loads sharp and qrcode only when a photo or a
// two-factor setup page needs them.
import { execFile } from 'node:child_process'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import t from 'tap'
import { projectRoot } from '../../src/shared/project-root.js'

const APP = pathToFileURL(join(projectRoot, 'dist/server/src/app.js')).href

/**
 * In a process of its own: the app built (in-memory SQLite), then what it loaded, and where the
 * bundled packages resolve from the app's folder (the script's bare imports resolve from its working
 * directory, set there).
 */
const SCRIPT = `
const { buildApp } = await import(${JSON.stringify(APP)})
const base = ${JSON.stringify(APP)}
const { loadConfig } = await import(new URL('./config.js', base).href)
const { createDb } = await import(new URL('./db/database.js', base).href)
const { migrateToLatest } = await import(new URL('./db/migrate.js', base).href)
const db = createDb('sqlite::memory:')
await migrateToLatest(db)
const app = await buildApp(loadConfig({ NODE_ENV: 'test', DATABASE_URL: 'sqlite::memory:' }, { varDir: ${JSON.stringify(join(projectRoot, 'var/start-cost'))} }), { db, logger: false })
await app.ready()
const { createRequire } = await import('node:module')
const loaded = Object.keys(createRequire(base).cache)
const resolved = Object.fromEntries(['typebox', 'typebox/value', 'kysely', '@fastify/type-provider-typebox'].map((name) => [name, import.meta.resolve(name)]))
await app.close()
await db.destroy()
console.log(JSON.stringify({ sharp: loaded.some((path) => path.includes('/node_modules/sharp/')), qrcode: loaded.some((path) => path.includes('/node_modules/qrcode/')), resolved }))
`

t.test('the built app loads the bundles, and neither sharp nor qrcode, before its first request', async (t) => {
  const output = await new Promise<string>((resolve, reject) =>
    execFile(process.execPath, ['--input-type=module', '-e', SCRIPT], { cwd: join(projectRoot, 'dist/server/src'), env: { PATH: process.env.PATH ?? '' } }, (error, stdout, stderr) => (error ? reject(new Error(`${error.message}\n${stderr}`)) : resolve(stdout))),
  )
  const { sharp, qrcode, resolved } = JSON.parse(output.trim().split('\n').at(-1)!) as { sharp: boolean; qrcode: boolean; resolved: Record<string, string> }
  t.equal(sharp, false, 'sharp waits for the first photo')
  t.equal(qrcode, false, 'qrcode waits for the first two-factor setup')
  const bundles = pathToFileURL(join(projectRoot, 'dist/node_modules')).href
  for (const [name, url] of Object.entries(resolved)) t.ok(url.startsWith(`${bundles}/`), `${name} from dist/node_modules (${url})`)
})
