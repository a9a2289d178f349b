import type { Kysely } from 'kysely'

/**
 * Two-factor after the security review (issue 15). `sessions.second_factor`: 1 when the session was
 * proven with a second factor (opened through the login's second step, or the session that completed
 * enrolment); REQUIRE_ADMIN_2FA reads it, not the account's flag. Sessions opened before it count
 * as unproven. Recovery codes are now HMAC-SHA-256 under a key derived from TOTP_KEY: the plain
 * SHA-256 hashes stored before can never match again, so they are removed (pre-release,
 * docs/decisions/020-two-factor-sign-in.md).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sessions').addColumn('second_factor', 'smallint', (c) => c.notNull().defaultTo(0)).execute()
  await db.deleteFrom('recovery_codes' as never).execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sessions').dropColumn('second_factor').execute()
}
