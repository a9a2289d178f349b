import type { JournalRow } from '../../../src/modules/journal/index.js'
import { JournalTable } from '../../components/journal/JournalTable.js'
import { useFormats } from '../../components/When.js'
import { useWords } from '../../runtime/words.js'
import { profileWords } from '../../../src/modules/clients/profile-words.js'

/** The owner's activity's own page (a list of its own: search, days, pages). */
export const ACTIVITY_PAGE = '/users/profile/activity'


/** One's own journal entries: who did it by name, subjects named but not linked (they are one's own pages or gone). */
export function ActivityTable({ entries, caption }: { entries: JournalRow[]; caption: string }) {
  const words = useWords(profileWords).activity
  return <JournalTable look="profile" className="activity-table" caption={caption} entries={entries} links={false} person={{ label: words.by, cell: (entry) => entry.actor?.username ?? words.unknown }} />
}

/**
 * The profile's « Qui a consulté mes documents »: the owner's latest entries (GET /api/users/activity),
 * newest first, and a link to the whole list when there are more (issue 34: the profile stays short).
 */
export function ActivitySection({ entries, total }: { entries: JournalRow[]; total: number }) {
  const formats = useFormats()
  const activityTexts = useWords(profileWords).activity
  return (
    <section className="profile-section" aria-labelledby="profile-activity-title">
      <h2 id="profile-activity-title" className="profile-section-title">
        {activityTexts.title}
      </h2>
      <p>{activityTexts.lead}</p>
      {entries.length === 0 ? (
        <p>{activityTexts.empty}</p>
      ) : (
        <ActivityTable entries={entries} caption={entries.length < total ? activityTexts.latestOf(entries.length, total) : activityTexts.newestFirst} />
      )}
      {entries.length < total && (
        <p className="profile-more">
          <a href={ACTIVITY_PAGE}>{activityTexts.all(formats.number(total))}</a>
        </p>
      )}
    </section>
  )
}
