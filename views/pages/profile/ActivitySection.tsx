import type { JournalRow } from '../../../src/modules/journal/index.js'
import { actionLabel, Subject } from '../../components/journal/EntryCells.js'
import { When } from '../../components/When.js'

/** The profile's « Qui a consulté mes documents »: the owner's activity (GET /api/users/activity), newest first. */
export function ActivitySection({ entries, total }: { entries: JournalRow[]; total: number }) {
  return (
    <section className="profile-section" aria-labelledby="profile-activity-title">
      <h2 id="profile-activity-title" className="profile-section-title">
        Qui a consulté mes documents
      </h2>
      <p>Chaque ouverture, téléchargement ou suppression de vos documents, et les connexions à votre compte, avec leur adresse IP.</p>
      {entries.length === 0 ? (
        <p>Aucune activité pour le moment.</p>
      ) : (
        <table className="profile-table activity-table">
          <caption className="visually-hidden">
            Activité de votre compte et de vos documents, {entries.length < total ? `les ${entries.length} plus récentes sur ${total}` : 'les plus récentes d’abord'}
          </caption>
          <thead>
            <tr>
              <th scope="col">Date</th>
              <th scope="col">Action</th>
              <th scope="col">Par</th>
              <th scope="col">Objet</th>
              <th scope="col">Adresse IP</th>
            </tr>
          </thead>
          <tbody>
            {entries.map((entry) => (
              <tr key={entry.id}>
                <td>
                  <When at={entry.at} />
                </td>
                <td>{actionLabel(entry.action)}</td>
                <td>{entry.actor?.username ?? 'Inconnu'}</td>
                <td>
                  <Subject entry={entry} links={false} />
                </td>
                <td>{entry.ip ?? '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  )
}
