import { resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { backup } from './backups/backup.js'
import { fail, open } from './backups/cli.js'

const USAGE = 'Usage: npm run backup -- DIR [--no-mysqldump]   (DIR: a new or empty folder)'

/** `npm run backup -- DIR`: the database and every stored file it names, consistent, with checksums. */
async function main() {
  let parsed
  try {
    parsed = parseArgs({ options: { 'no-mysqldump': { type: 'boolean' } }, allowPositionals: true, strict: true })
  } catch (error) {
    fail(`${(error as Error).message}\n${USAGE}`, 2)
  }
  if (parsed.positionals.length !== 1) fail(USAGE, 2)
  // npm runs scripts from the package's folder: a relative DIR is the caller's (INIT_CWD).
  const dir = resolve(process.env.INIT_CWD ?? process.cwd(), parsed.positionals[0]!)
  const { config, ports, keysOf, close } = await open()
  try {
    const manifest = await backup(dir, { db: ports.db, databaseUrl: config.databaseUrl, storage: ports.storage, keysOf, useMysqldump: !parsed.values['no-mysqldump'] })
    const bytes = manifest.files.reduce((sum, file) => sum + file.size, 0)
    process.stdout.write(`Backup written to ${dir}: database (${manifest.database.made}), ${manifest.files.length} files (${(bytes / 1024 / 1024).toFixed(1)} MB)\n`)
    if (manifest.missing.length) process.stdout.write(`${manifest.missing.length} files named by the database were missing (deleted during the backup?): listed in backup.json\n`)
  } catch (error) {
    fail(`backup failed: ${(error as Error).message}`)
  } finally {
    await close()
  }
}

main().then(() => process.exit(0), (error: unknown) => fail(`backup failed: ${(error as Error).message}`))
