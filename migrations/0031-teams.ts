import { sql, type Kysely } from 'kysely'
import { createRowCounts, createTable, dropRowCounts, exactText, isMysql, timeType } from './helpers.js'

/**
 * The firm's team and the client's team (issue 29, contract §9).
 * - `users.role`: `admin`, `staff` or `client`; today's administrators become `admin`. `is_admin` stays
 *   1 for both of the firm's roles (every back-office check and the client lists' index read it).
 * - `users.company_id`: for a company's member, the id of the account that registered it (the company);
 *   null for its owner and for the firm's people. `is_member` says the same as a flag, so that the client
 *   lists' index and counts (migration 0004) leave members out without a join.
 * - `users.status`: `invited` (cannot log in until the invitation is accepted), `active`, or `removed`
 *   (the row stays for the journal and the threads; it reaches nothing).
 * - `client_staff`: who serves which client (a staff member's scope is an `IN` on it, by staff_id).
 * - `documents.uploaded_by`: the person of the company who sent it (the owner for the rows before).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('role', exactText(db, 'varchar(16)'), (c) => c.notNull().defaultTo('client')).execute()
  await db.schema.alterTable('users').addColumn('company_id', 'integer').execute()
  await db.schema.alterTable('users').addColumn('is_member', 'smallint', (c) => c.notNull().defaultTo(0)).execute()
  await db.schema.alterTable('users').addColumn('status', exactText(db, 'varchar(16)'), (c) => c.notNull().defaultTo('active')).execute()
  await sql`update users set role = 'admin' where is_admin = 1`.execute(db)
  await db.schema.createIndex('users_company').on('users').columns(['company_id']).execute()
  await db.schema.createIndex('users_role').on('users').columns(['role', 'status']).execute()

  await dropRowCounts(db, 'user_counts')
  await dropIndex(db, 'users_lists')
  await db.schema.createIndex('users_lists').on('users').columns(['is_admin', 'is_member', 'is_accepted', 'created_at']).execute()
  await createRowCounts(db, { table: 'users', counts: 'user_counts', columns: ['is_admin', 'is_member', 'is_accepted'] })

  await createTable(db, 'client_staff')
    .addColumn('client_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('staff_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', timeType(db), (c) => c.notNull())
    .addPrimaryKeyConstraint('client_staff_pk', ['staff_id', 'client_id'])
    .execute()
  await db.schema.createIndex('client_staff_client').on('client_staff').columns(['client_id', 'staff_id']).execute()

  await db.schema.alterTable('documents').addColumn('uploaded_by', 'integer').execute()
  await sql`update documents set uploaded_by = user_id where from_firm = 0`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('documents').dropColumn('uploaded_by').execute()
  await db.schema.dropTable('client_staff').execute()
  await dropRowCounts(db, 'user_counts')
  await dropIndex(db, 'users_lists')
  await db.schema.createIndex('users_lists').on('users').columns(['is_admin', 'is_accepted', 'created_at']).execute()
  await createRowCounts(db, { table: 'users', counts: 'user_counts', columns: ['is_admin', 'is_accepted'] })
  await dropIndex(db, 'users_role')
  await dropIndex(db, 'users_company')
  for (const column of ['status', 'is_member', 'company_id', 'role']) await db.schema.alterTable('users').dropColumn(column).execute()
}

/** MySQL names the table of an index to drop; SQLite refuses the clause. */
function dropIndex(db: Kysely<unknown>, name: string) {
  const drop = db.schema.dropIndex(name)
  return (isMysql(db) ? drop.on('users') : drop).execute()
}
