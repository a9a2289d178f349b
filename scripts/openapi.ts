/**
 * `npm run lint:openapi` (first step): writes the OpenAPI document the portal serves at
 * `/api/openapi.json` to a file (default dist/openapi.json), for `redocly lint` to read. The app is
 * built in this process on an in-memory SQLite database, as a test builds it: nothing listens,
 * nothing is sent, nothing outlives the script.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { buildApp } from '../src/app.js'
import { loadConfig, projectRoot } from '../src/config.js'
import { createDb } from '../src/db/database.js'
import { migrateToLatest } from '../src/db/migrate.js'

const target = resolve(process.argv[2] ?? join(projectRoot, 'dist/openapi.json'))
const varDir = mkdtempSync(join(tmpdir(), 'portal-openapi-'))
const db = createDb('sqlite::memory:')
try {
  await migrateToLatest(db)
  const config = loadConfig({ NODE_ENV: 'production', DATABASE_URL: 'sqlite::memory:', PUBLIC_URL: 'https://portail.example.dz', SESSION_SECRET: 'x'.repeat(64), UPLOAD_DIR: join(varDir, 'uploads') }, { varDir })
  const app = await buildApp(config, { db, logger: false })
  try {
    await app.ready()
    const res = await app.inject('/api/openapi.json')
    if (res.statusCode !== 200) throw new Error(`/api/openapi.json answered ${res.statusCode}: ${res.body}`)
    mkdirSync(dirname(target), { recursive: true })
    writeFileSync(target, JSON.stringify(res.json(), null, 2) + '\n')
    console.log(`OpenAPI document written to ${target}`)
  } finally {
    await app.close()
  }
} finally {
  await db.destroy()
  rmSync(varDir, { recursive: true, force: true })
}
