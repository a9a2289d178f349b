// Issue 13: two instances starting at once both make sure of the administrator; neither fails.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import t from 'tap'
import { buildApp } from '../../src/app.js'
import { loadConfig } from '../../src/config.js'
import { freshDatabase } from '../helpers/app.js'

t.test('two apps ensuring the same administrator at once both start, with one account', async (t) => {
  const database = await freshDatabase()
  const varDir = mkdtempSync(join(tmpdir(), 'portal-race-'))
  const config = loadConfig({ NODE_ENV: 'test', DATABASE_URL: database.url, ADMIN_EMAIL: 'admin@cabinet.dz', ADMIN_PASSWORD: 'Adm1n#Cabinet' }, { varDir })
  const apps = await Promise.all([buildApp(config, { db: database.db, logger: false }), buildApp(config, { db: database.db, logger: false })])
  t.teardown(async () => {
    for (const app of apps) await app.close()
    await database.drop()
    rmSync(varDir, { recursive: true, force: true })
  })
  const started = await Promise.allSettled(apps.map((app) => app.ready()))
  t.same(started.map((s) => s.status), ['fulfilled', 'fulfilled'], 'both instances started')
  const admins = await database.db.selectFrom('users').select(['email', 'is_admin']).where('email', '=', 'admin@cabinet.dz').execute()
  t.equal(admins.length, 1, 'one administrator')
  const login = await apps[1]!.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'admin@cabinet.dz', password: 'Adm1n#Cabinet' } })
  t.equal(login.statusCode, 200)
})
