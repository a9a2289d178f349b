import type { JournalRow } from '../../../src/modules/journal/index.js'
import { JournalTable } from '../../components/journal/JournalTable.js'
import { useFormats } from '../../components/When.js'

/** The owner's activity's own page (a list of its own: search, days, pages). */
export const ACTIVITY_PAGE = '/users/profile/activity'

export const activityTexts = {
  title: 'Qui a consulté mes documents',
  lead: 'Chaque ouverture, téléchargement ou suppression de vos documents, et les connexions à votre compte, avec leur adresse IP.',
  empty: 'Aucune activité pour le moment.',
  /** `total`: the count as the page's language writes it (useFormats().number). */
  all: (total: string) => `Voir toute l’activité (${total} entrées)`,
} as const

/** One's own journal entries: who did it by name, subjects named but not linked (they are one's own pages or gone). */
export function ActivityTable({ entries, caption }: { entries: JournalRow[]; caption: string }) {
  return <JournalTable look="profile" className="activity-table" caption={caption} entries={entries} links={false} person={{ label: 'Par', cell: (entry) => entry.actor?.username ?? 'Inconnu' }} />
}

/**
 * The profile's « Qui a consulté mes documents »: the owner's latest entries (GET /api/users/activity),
 * newest first, and a link to the whole list when there are more (issue 34: the profile stays short).
 */
export function ActivitySection({ entries, total }: { entries: JournalRow[]; total: number }) {
  const formats = useFormats()
  return (
    <section className="profile-section" aria-labelledby="profile-activity-title">
      <h2 id="profile-activity-title" className="profile-section-title">
        {activityTexts.title}
      </h2>
      <p>{activityTexts.lead}</p>
      {entries.length === 0 ? (
        <p>{activityTexts.empty}</p>
      ) : (
        <ActivityTable entries={entries} caption={`Activité de votre compte et de vos documents, ${entries.length < total ? `les ${entries.length} plus récentes sur ${total}` : 'les plus récentes d’abord'}`} />
      )}
      {entries.length < total && (
        <p className="profile-more">
          <a href={ACTIVITY_PAGE}>{activityTexts.all(formats.number(total))}</a>
        </p>
      )}
    </section>
  )
}
