import { configOrFail } from './config.js'
import { createDb, makePrivateDir } from './db/database.js'
import { migrateToLatest } from './db/migrate.js'
import { maskCredentials } from './logging.js'

/** Time left, after the grace period, for the mails and the pool to close before the process gives up. */
const CLOSE_BACKSTOP_MS = 30_000

function fail(message: string): never {
  // Start-up lines name DATABASE_URL and SMTP_URL: never with their password.
  process.stderr.write(`${maskCredentials(message)}\n`)
  process.exit(1)
}

/** Reads the configuration, migrates, serves, and shuts down gracefully on SIGTERM/SIGINT. */
async function main() {
  const config = configOrFail(fail)
  makePrivateDir(config.varDir)
  const db = createDb(config.databaseUrl)
  try {
    await migrateToLatest(db)
  } catch (error) {
    await db.destroy().catch(() => {})
    fail(`Invalid DATABASE_URL: the database could not be opened or migrated (${(error as Error).message.split('\n')[0]})`)
  }
  await db.destroy()
  // Imported here: the site's content is read and checked as the app loads (a bad file is one line), and a refused
  // start (configuration, database) says so in a fraction of a second, before every module is loaded.
  const { buildApp } = await import('./app.js')
  const app = await buildApp(config)
  await app.ready()
  let closing = false
  const shutdown = (signal: string) => {
    if (closing) return
    closing = true
    app.log.info({ signal }, 'shutting down: finishing in-flight requests')
    // The app closes every connection after SHUTDOWN_GRACE_SECONDS; this only catches a close that hangs.
    setTimeout(() => {
      app.log.error('shutdown did not finish: exiting')
      process.exit(1)
    }, config.connections.shutdownGraceMs + CLOSE_BACKSTOP_MS).unref()
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
  // The address the mails link to (PUBLIC_URL, by default http://localhost:PORT): one origin for the tab and the mails' links.
  await app.listen({ port: config.port, host: config.host, listenTextResolver: (address) => `Server listening at ${address}: open ${config.publicUrl}` })
  if (!(await app.services.identity.hasAdmin())) {
    app.log.warn('No administrator yet: run `npm run admin:create -- --email you@example.dz` (it asks for the password), or set ADMIN_EMAIL and ADMIN_PASSWORD and restart')
  }
}

main().catch((error) => fail(`Start-up failed: ${(error as Error).message}`))
