import { Migrator, type Migration, type MigrationProvider } from 'kysely'
import { migrations } from '../../migrations/index.js'
import type { Db } from './database.js'

const provider: MigrationProvider = {
  async getMigrations(): Promise<Record<string, Migration>> {
    return migrations
  },
}

/** Applies every pending migration; idempotent. Throws on the first failure. */
export async function migrateToLatest(db: Db): Promise<string[]> {
  const migrator = new Migrator({ db, provider })
  const { error, results } = await migrator.migrateToLatest()
  if (error) throw error instanceof Error ? error : new Error(String(error))
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName)
}
