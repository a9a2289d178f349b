import { ConfigError, loadConfig } from './config.js'
import { createDb, makePrivateDir } from './db/database.js'
import { migrateToLatest } from './db/migrate.js'
import { maskCredentials } from './logging.js'

/** `npm run migrate`: applies pending migrations to DATABASE_URL and exits. */
try {
  const config = loadConfig()
  makePrivateDir(config.varDir)
  const db = createDb(config.databaseUrl)
  try {
    const applied = await migrateToLatest(db)
    process.stdout.write(applied.length ? `Applied: ${applied.join(', ')}\n` : 'Database up to date.\n')
  } finally {
    await db.destroy()
  }
} catch (error) {
  const message = error instanceof ConfigError ? error.message : `Invalid DATABASE_URL: migration failed (${(error as Error).message.split('\n')[0]})`
  process.stderr.write(`${maskCredentials(message)}\n`)
  process.exit(1)
}
