import { sql, type Kysely } from 'kysely'
import { createTable, exactText, isMysql, timeType } from './helpers.js'

/**
 * The journal (contract §6): one append-only row per event, owned by src/modules/journal. Labels
 * are copies, so rows outlive the users and documents they name; no foreign key ties them.
 * Every list reads newest first (`at desc, id desc`) through one index per filter; `q` goes
 * through a full-text index of the folded labels (docs/decisions/053-journal-search.md).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createTable(db, 'journal')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('at', timeType(db), (c) => c.notNull())
    .addColumn('action', exactText(db, 'varchar(40)'), (c) => c.notNull())
    .addColumn('actor_id', 'integer')
    .addColumn('actor_label', 'varchar(255)')
    .addColumn('actor_email', 'varchar(254)')
    .addColumn('subject_type', exactText(db, 'varchar(20)'))
    .addColumn('subject_id', 'integer')
    .addColumn('subject_label', 'varchar(255)')
    .addColumn('owner_id', 'integer')
    .addColumn('ip', 'varchar(45)')
    .addColumn('user_agent', 'varchar(512)')
    .addColumn('search_text', 'text', (c) => c.notNull())
    .execute()
  // Secondary indexes end with the primary key on both engines: each is (filter, at, id).
  await db.schema.createIndex('journal_at').on('journal').column('at').execute()
  await db.schema.createIndex('journal_action_at').on('journal').columns(['action', 'at']).execute()
  await db.schema.createIndex('journal_actor_at').on('journal').columns(['actor_id', 'at']).execute()
  await db.schema.createIndex('journal_owner_at').on('journal').columns(['owner_id', 'at']).execute()
  // Whether a subject was deleted since (the page links only live subjects).
  await db.schema.createIndex('journal_subject').on('journal').columns(['subject_type', 'subject_id', 'action']).execute()

  await createTable(db, 'journal_counts')
    .addColumn('action', exactText(db, 'varchar(40)'), (c) => c.primaryKey())
    .addColumn('n', 'bigint', (c) => c.notNull())
    .execute()
  await createTable(db, 'journal_actor_counts')
    .addColumn('actor_id', 'integer', (c) => c.primaryKey())
    .addColumn('n', 'bigint', (c) => c.notNull())
    .execute()

  // Kept by triggers, like the other counts (migrations/helpers.ts): whatever writes or restores
  // rows, the counts and SQLite's search index follow in the same transaction.
  if (isMysql(db)) {
    // Migrations run on one connection: the index is built without InnoDB's English stopwords
    // ("de", "la", "en", "com" are words of this firm's names and addresses).
    await sql`set session innodb_ft_enable_stopword = 0`.execute(db)
    await sql`create fulltext index journal_search on journal (search_text)`.execute(db)
    await sql`set session innodb_ft_enable_stopword = 1`.execute(db)
    await sql.raw(`create trigger journal_counts_insert after insert on journal for each row begin
      insert into journal_counts (action, n) values (NEW.action, 1) on duplicate key update n = n + 1;
      if NEW.actor_id is not null then insert into journal_actor_counts (actor_id, n) values (NEW.actor_id, 1) on duplicate key update n = n + 1; end if;
    end`).execute(db)
    await sql.raw(`create trigger journal_counts_delete after delete on journal for each row begin
      update journal_counts set n = n - 1 where action = OLD.action;
      update journal_actor_counts set n = n - 1 where actor_id = OLD.actor_id;
    end`).execute(db)
  } else {
    // Contentless: the text is journal.search_text; the FTS row's rowid is the entry's id.
    await sql`create virtual table journal_search using fts5(search_text, content='', contentless_delete=1, tokenize='unicode61 remove_diacritics 2')`.execute(db)
    await sql.raw(`create trigger journal_counts_insert after insert on journal begin
      insert into journal_counts (action, n) values (NEW.action, 1) on conflict (action) do update set n = n + 1;
      insert into journal_actor_counts (actor_id, n) select NEW.actor_id, 1 where NEW.actor_id is not null on conflict (actor_id) do update set n = n + 1;
      insert into journal_search (rowid, search_text) values (NEW.id, NEW.search_text);
    end`).execute(db)
    await sql.raw(`create trigger journal_counts_delete after delete on journal begin
      update journal_counts set n = n - 1 where action = OLD.action;
      update journal_actor_counts set n = n - 1 where actor_id = OLD.actor_id;
      delete from journal_search where rowid = OLD.id;
    end`).execute(db)
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const event of ['insert', 'delete']) await sql.raw(`drop trigger if exists journal_counts_${event}`).execute(db)
  await db.schema.dropTable('journal_actor_counts').execute()
  await db.schema.dropTable('journal_counts').execute()
  if (!isMysql(db)) await sql`drop table journal_search`.execute(db)
  await db.schema.dropTable('journal').execute()
}
