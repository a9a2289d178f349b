import { sql, type Kysely } from 'kysely'
import { createTable, exactText, isMysql } from './helpers.js'

/** The words InnoDB's full-text index holds (innodb_ft_min_token_size, innodb_ft_max_token_size). */
const SHORTEST = 3
const LONGEST = 84
/** Existing entries are counted this many at a time. */
const BATCH = 5000

/**
 * MariaDB only: how many journal entries hold each word of their `search_text`, kept by triggers,
 * so that a search leads with its rarest word through the full-text index and narrows with the
 * others (src/modules/journal/search.ts; docs/decisions/053-journal-search.md).
 * SQLite counts a word's entries through FTS5 itself, up to a cap, and needs no table.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (!isMysql(db)) return
  await createTable(db, 'journal_word_counts')
    .addColumn('word', exactText(db, `varchar(${LONGEST})`), (c) => c.primaryKey())
    .addColumn('n', 'bigint', (c) => c.notNull())
    .execute()
  await countExisting(db)
  // `search_text` is folded words one space apart; each word counts once per entry.
  const step = (row: 'NEW' | 'OLD', change: string) => `begin
    declare rest text character set utf8mb4 collate utf8mb4_bin default ${row}.search_text;
    declare seen text character set utf8mb4 collate utf8mb4_bin default ' ';
    declare w text character set utf8mb4 collate utf8mb4_bin;
    while rest <> '' do
      set w = substring_index(rest, ' ', 1);
      set rest = substring(rest, char_length(w) + 2);
      if char_length(w) between ${SHORTEST} and ${LONGEST} and locate(concat(' ', w, ' '), seen) = 0 then
        ${change};
        set seen = concat(seen, w, ' ');
      end if;
    end while;
  end`
  await sql.raw(`create trigger journal_word_counts_insert after insert on journal for each row ${step('NEW', 'insert into journal_word_counts (word, n) values (w, 1) on duplicate key update n = n + 1')}`).execute(db)
  await sql.raw(`create trigger journal_word_counts_delete after delete on journal for each row ${step('OLD', 'update journal_word_counts set n = n - 1 where word = w')}`).execute(db)
}

/** The entries written before this migration, counted in batches (the triggers count the ones after). */
async function countExisting(db: Kysely<unknown>): Promise<void> {
  const counts = new Map<string, number>()
  for (let after = 0; ; ) {
    const { rows } = await sql<{ id: number; search_text: string }>`select id, search_text from journal where id > ${after} order by id limit ${BATCH}`.execute(db)
    if (!rows.length) break
    for (const row of rows) {
      for (const word of new Set(row.search_text.split(' '))) if ([...word].length >= SHORTEST && [...word].length <= LONGEST) counts.set(word, (counts.get(word) ?? 0) + 1)
    }
    after = rows[rows.length - 1]!.id
  }
  const entries = [...counts]
  for (let i = 0; i < entries.length; i += BATCH) {
    await sql`insert into journal_word_counts (word, n) values ${sql.join(entries.slice(i, i + BATCH).map(([word, n]) => sql`(${word}, ${n})`))}`.execute(db)
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!isMysql(db)) return
  for (const event of ['insert', 'delete']) await sql.raw(`drop trigger if exists journal_word_counts_${event}`).execute(db)
  await db.schema.dropTable('journal_word_counts').execute()
}
