// The back-office's forms without JavaScript (contract §8): their confirmation pages and the journal they write.
import type { LightMyRequestResponse } from 'fastify'
import type { Test } from 'tap'
import type { Db } from '../../src/db/database.js'
import { unescapeHtml } from './html.js'

/** The confirmation page's form (or the new type's): where it posts, and its submit button's text. */
export function confirmFormOf(html: string): { action: string; button: string } {
  const form = /<form class="admin-confirm-form" action="([^"]*)" method="post"><button type="submit"[^>]*>([^<]*)<\/button>/.exec(html)
  return { action: unescapeHtml(form?.[1] ?? ''), button: form?.[2] ?? '' }
}

/** The id of the journal's newest entry (0 when empty). */
export async function lastJournalId(db: Db): Promise<number> {
  return Number((await db.selectFrom('journal').select((eb) => eb.fn.max('id').as('id')).executeTakeFirst())?.id ?? 0)
}

/** The journal's entries written after `since`, oldest first, ids as numbers. */
export async function journalAfter(db: Db, since: number) {
  const rows = await db.selectFrom('journal').select(['id', 'action', 'actor_id', 'subject_type', 'subject_id', 'subject_label', 'ip']).where('id', '>', since).orderBy('id').execute()
  return rows.map((row) => ({ ...row, id: Number(row.id), actor_id: Number(row.actor_id), subject_id: Number(row.subject_id) }))
}

/** Two entries compared for what they record, not what they are about. */
export const recorded = (entry: Awaited<ReturnType<typeof journalAfter>>[number] | undefined) => entry && { ...entry, id: 0, subject_id: 0, subject_label: '' }

/** An HTML page answered at `status` (a form post's refusals are pages, never JSON). */
export function isPage(t: Test, res: LightMyRequestResponse, status: number, what: string): void {
  t.equal(res.statusCode, status, what)
  t.match(res.headers['content-type'], /text\/html/, `${what}: a page`)
}
