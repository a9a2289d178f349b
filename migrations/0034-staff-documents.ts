import { sql, type Kysely } from 'kysely'
import { createTable, isMysql, timeType } from './helpers.js'

/**
 * A staff member's document lists at the speed of an administrator's (issue 29, docs/decisions/111):
 * `staff_documents` holds, for each staff member, an entry per document their clients sent, keyed
 * like the firm's lists' index (staff, state, date, id), so that a staff member's page is one range
 * of 50 entries, as an administrator's is of documents_state_created. Kept by triggers in the same
 * transaction as every write: a document's insert, change of state, date, owner or direction and
 * deletion, and an assignment's insert, change and deletion (`client_staff`, which a staff member's
 * scope reads: identity/scope.ts). The foreign keys delete a person's and a document's entries with
 * them, MariaDB's cascades included, which run no trigger. Derived: backups leave it out, a restore's
 * rows rebuild it (the later of a document and its assignment writes their entry).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createTable(db, 'staff_documents')
    .addColumn('staff_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('is_archived', 'smallint', (c) => c.notNull())
    .addColumn('is_viewed', 'smallint', (c) => c.notNull())
    .addColumn('created_at', timeType(db), (c) => c.notNull())
    .addColumn('document_id', 'integer', (c) => c.notNull().references('documents.id').onDelete('cascade'))
    .addColumn('client_id', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('staff_documents_pk', ['staff_id', 'is_archived', 'is_viewed', 'created_at', 'document_id'])
    // SQLite: the key is the table (InnoDB's is already): a page's entries are read with their key.
    .$call((table) => (isMysql(db) ? table : table.modifyEnd(sql`without rowid`)))
    .execute()
  await db.schema.createIndex('staff_documents_document').on('staff_documents').column('document_id').execute()
  await db.schema.createIndex('staff_documents_assignment').on('staff_documents').columns(['staff_id', 'client_id']).execute()
  await sql`insert into staff_documents (staff_id, is_archived, is_viewed, created_at, document_id, client_id)
    select client_staff.staff_id, documents.is_archived, documents.is_viewed, documents.created_at, documents.id, documents.user_id
    from client_staff join documents on documents.user_id = client_staff.client_id where documents.from_firm = 0`.execute(db)

  const columns = 'staff_id, is_archived, is_viewed, created_at, document_id, client_id'
  // A document's entries: one per person serving its client, for what a client sent.
  const document = `insert into staff_documents (${columns}) select client_staff.staff_id, NEW.is_archived, NEW.is_viewed, NEW.created_at, NEW.id, NEW.user_id from client_staff where client_staff.client_id = NEW.user_id and NEW.from_firm = 0;`
  const documentGone = 'delete from staff_documents where document_id = OLD.id;'
  const documentChanged = 'OLD.user_id <> NEW.user_id or OLD.from_firm <> NEW.from_firm or OLD.is_archived <> NEW.is_archived or OLD.is_viewed <> NEW.is_viewed or OLD.created_at <> NEW.created_at'
  // An assignment's entries: one per document its client sent.
  const assignment = `insert into staff_documents (${columns}) select NEW.staff_id, documents.is_archived, documents.is_viewed, documents.created_at, documents.id, documents.user_id from documents where documents.user_id = NEW.client_id and documents.from_firm = 0;`
  const assignmentGone = 'delete from staff_documents where staff_id = OLD.staff_id and client_id = OLD.client_id;'
  const assignmentChanged = 'OLD.staff_id <> NEW.staff_id or OLD.client_id <> NEW.client_id'
  if (isMysql(db)) {
    await sql.raw(`create trigger staff_documents_insert after insert on documents for each row begin ${document} end`).execute(db)
    await sql.raw(`create trigger staff_documents_update after update on documents for each row begin if ${documentChanged} then ${documentGone} ${document} end if; end`).execute(db)
    await sql.raw(`create trigger staff_documents_delete after delete on documents for each row begin ${documentGone} end`).execute(db)
    await sql.raw(`create trigger staff_documents_assigned after insert on client_staff for each row begin ${assignment} end`).execute(db)
    await sql.raw(`create trigger staff_documents_reassigned after update on client_staff for each row begin if ${assignmentChanged} then ${assignmentGone} ${assignment} end if; end`).execute(db)
    await sql.raw(`create trigger staff_documents_unassigned after delete on client_staff for each row begin ${assignmentGone} end`).execute(db)
  } else {
    await sql.raw(`create trigger staff_documents_insert after insert on documents begin ${document} end`).execute(db)
    await sql.raw(`create trigger staff_documents_update after update of user_id, from_firm, is_archived, is_viewed, created_at on documents when ${documentChanged} begin ${documentGone} ${document} end`).execute(db)
    await sql.raw(`create trigger staff_documents_delete after delete on documents begin ${documentGone} end`).execute(db)
    await sql.raw(`create trigger staff_documents_assigned after insert on client_staff begin ${assignment} end`).execute(db)
    await sql.raw(`create trigger staff_documents_reassigned after update of staff_id, client_id on client_staff when ${assignmentChanged} begin ${assignmentGone} ${assignment} end`).execute(db)
    await sql.raw(`create trigger staff_documents_unassigned after delete on client_staff begin ${assignmentGone} end`).execute(db)
  }
}

const TRIGGERS = ['insert', 'update', 'delete', 'assigned', 'reassigned', 'unassigned']

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const event of TRIGGERS) await sql.raw(`drop trigger if exists staff_documents_${event}`).execute(db)
  await db.schema.dropTable('staff_documents').execute()
}
