import { buildApp } from './app.js'
import { ConfigError, loadConfig, type Config } from './config.js'
import { createDb } from './db/database.js'
import { migrateToLatest } from './db/migrate.js'

function fail(message: string): never {
  process.stderr.write(`${message}\n`)
  process.exit(1)
}

/** Reads the configuration, migrates, serves, and shuts down gracefully on SIGTERM/SIGINT. */
async function main() {
  let config: Config
  try {
    config = loadConfig()
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message)
    throw error
  }
  const db = createDb(config.databaseUrl)
  try {
    await migrateToLatest(db)
  } catch (error) {
    await db.destroy().catch(() => {})
    fail(`Invalid DATABASE_URL: the database could not be opened or migrated (${(error as Error).message.split('\n')[0]})`)
  }
  await db.destroy()
  const app = await buildApp({ config })
  await app.ready()
  let closing = false
  const shutdown = (signal: string) => {
    if (closing) return
    closing = true
    app.log.info({ signal }, 'shutting down: finishing in-flight requests')
    app.close().then(
      () => process.exit(0),
      (error) => {
        app.log.error({ err: error }, 'shutdown failed')
        process.exit(1)
      },
    )
  }
  process.on('SIGTERM', () => shutdown('SIGTERM'))
  process.on('SIGINT', () => shutdown('SIGINT'))
  await app.listen({ port: config.port, host: config.host })
}

main().catch((error) => {
  process.stderr.write(`Start-up failed: ${(error as Error).message}\n`)
  process.exit(1)
})
