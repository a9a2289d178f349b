import type { JournalRow } from '../../../src/modules/journal/index.js'
import { page } from '../../../src/render/page.js'
import { DEFAULT_LIST_PAGE_SIZE, type ListState } from '../../components/admin-lists/query.js'
import { DayRangeFields } from '../../components/ListToolbar.js'
import { Pager } from '../../components/Pager.js'
import { ACTIVITY_PAGE, ActivityTable, activityTexts } from './ActivitySection.js'

export interface ActivityPageProps {
  entries: JournalRow[]
  total: number
  query: ListState
  /** One's own profile, where the latest few are shown. */
  profileUrl: string
}

/**
 * /users/profile/activity: the whole of « Qui a consulté mes documents » (GET /api/users/activity),
 * a list like the others: its search and days as a plain GET form, its pages (issue 34: the profile
 * shows the latest few and links here).
 */
export const ActivityPage = page<ActivityPageProps>({ title: activityTexts.title, description: activityTexts.lead }, function ActivityPage({ entries, total, query, profileUrl }) {
  const searched = Boolean(query.q || query.from || query.to)
  return (
    <section className="container activity-page">
      <p className="activity-back">
        <a href={profileUrl}>Retour au profil</a>
      </p>
      <h1 className="activity-title">{activityTexts.title}</h1>
      <p className="activity-lead">{activityTexts.lead}</p>
      <form className="list-toolbar" method="get" action={ACTIVITY_PAGE} role="search" aria-label="Rechercher dans l’activité">
        <label className="list-toolbar-field list-toolbar-search">
          <span>Recherche</span>
          <input type="search" name="q" defaultValue={query.q} maxLength={200} placeholder="Action, personne ou objet" />
        </label>
        <DayRangeFields from={query.from} to={query.to} />
        {query.pageSize !== DEFAULT_LIST_PAGE_SIZE && <input type="hidden" name="pageSize" value={query.pageSize} />}
        <div className="list-toolbar-actions">
          <button type="submit" className="button button-primary">
            Rechercher
          </button>
          <a className="list-toolbar-reset" href={ACTIVITY_PAGE}>
            Réinitialiser
          </a>
        </div>
      </form>
      {entries.length === 0 ? (
        <p className="profile-empty">{searched ? 'Aucune entrée ne correspond à votre recherche.' : activityTexts.empty}</p>
      ) : (
        <ActivityTable entries={entries} caption="Activité de votre compte et de vos documents, les plus récentes d’abord" />
      )}
      <Pager path={ACTIVITY_PAGE} state={query} total={total} />
    </section>
  )
})
