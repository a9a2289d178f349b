import { resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { fail, open } from './backups/cli.js'
import { restore } from './backups/restore.js'

const USAGE = 'Usage: npm run restore -- DIR [--force]   (stop the portal first; --force replaces a database that holds data)'

/** `npm run restore -- DIR`: a fresh install brought back to a backup (checksums checked first). */
async function main() {
  let parsed
  try {
    parsed = parseArgs({ options: { force: { type: 'boolean' } }, allowPositionals: true, strict: true })
  } catch (error) {
    fail(`${(error as Error).message}\n${USAGE}`, 2)
  }
  if (parsed.positionals.length !== 1) fail(USAGE, 2)
  // npm runs scripts from the package's folder: a relative DIR is the caller's (INIT_CWD).
  const dir = resolve(process.env.INIT_CWD ?? process.cwd(), parsed.positionals[0]!)
  const { ports, keysOf, close } = await open()
  try {
    const { manifest, removed } = await restore(dir, { db: ports.db, storage: ports.storage, keysOf, force: parsed.values.force === true })
    process.stdout.write(`Restored ${dir} (taken ${manifest.createdAt}): database and ${manifest.files.length} files${removed ? `; ${removed} files of the replaced data removed` : ''}\n`)
  } catch (error) {
    fail(`restore refused or failed: ${(error as Error).message}`)
  } finally {
    await close()
  }
}

main().then(() => process.exit(0), (error: unknown) => fail(`restore failed: ${(error as Error).message}`))
