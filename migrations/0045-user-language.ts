import type { Kysely } from 'kysely'

/**
 * The language an account reads the portal and its mails in (contract §10): `fr` or `ar`, French for
 * every account that exists already (the portal spoke nothing else). Set at registration from the
 * request's language, at an invitation from the inviting person's, then by the person's own switch.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('language', 'varchar(2)', (c) => c.notNull().defaultTo('fr')).execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('language').execute()
}
