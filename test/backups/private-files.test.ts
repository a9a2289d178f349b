// A backup holds every client's data and the password hashes: its folder and every file in it are the
// portal user's alone (0700, 0600), the SQLite copy included (SQLite makes its files with the umask's
// mode: 0644), and so is a folder the operator made beforehand, as the usage allows ("a new or empty
// folder"), under the usual umask (0755). The MariaDB dump's own mode is checked with the CLI runs
// (backup-restore.test.ts).
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import t from 'tap'
import { backup } from '../../src/backups/backup.js'
import { createDb } from '../../src/db/database.js'
import { migrateToLatest } from '../../src/db/migrate.js'
import { localDiskStorage } from '../../src/storage/local-disk.js'

const modeOf = (path: string) => statSync(path).mode & 0o777

t.test('a backup into a folder made beforehand (0755): the folder becomes 0700, each file in it 0600', async (t) => {
  const previous = process.umask(0o022)
  t.teardown(() => void process.umask(previous))
  const root = mkdtempSync(join(tmpdir(), 'portal-private-backup-'))
  t.teardown(() => rmSync(root, { recursive: true, force: true }))
  const url = `sqlite:${join(root, 'portal.sqlite')}`
  const db = createDb(url)
  t.teardown(() => db.destroy())
  await migrateToLatest(db)

  const dir = join(root, 'backup-2026-11-27')
  mkdirSync(dir)
  t.equal(modeOf(dir), 0o755, 'as `mkdir` makes it under umask 022')
  await backup(dir, { db, databaseUrl: url, storage: localDiskStorage(join(root, 'uploads')), keysOf: async () => [] })

  t.equal(modeOf(dir), 0o700, 'the folder: the portal user’s alone')
  const files = readdirSync(dir)
  t.ok(files.includes('database.sqlite'), 'the SQLite copy is there')
  t.same(files.filter((name) => modeOf(join(dir, name)) !== 0o600), [], 'every file 0600, the SQLite copy too')
})
