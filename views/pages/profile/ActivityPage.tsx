import type { JournalRow } from '../../../src/modules/journal/index.js'
import { page } from '../../../src/render/page.js'
import { DEFAULT_LIST_PAGE_SIZE, type ListState } from '../../components/admin-lists/query.js'
import { DayRangeFields } from '../../components/ListToolbar.js'
import { Pager } from '../../components/Pager.js'
import { ACTIVITY_PAGE, ActivityTable } from './ActivitySection.js'
import { profileWords } from '../../../src/modules/clients/profile-words.js'
import { wordsOf } from '../../../src/shared/words.js'
import { useWords } from '../../runtime/words.js'

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
export const ActivityPage = page<ActivityPageProps>((_props, language) => ({ title: wordsOf(profileWords, language).activity.title, description: wordsOf(profileWords, language).activity.lead }), function ActivityPage({ entries, total, query, profileUrl }) {
  const activityTexts = useWords(profileWords).activity
  const searched = Boolean(query.q || query.from || query.to)
  return (
    <section className="container activity-page">
      <p className="activity-back">
        <a href={profileUrl}>{activityTexts.back}</a>
      </p>
      <h1 className="activity-title">{activityTexts.title}</h1>
      <p className="activity-lead">{activityTexts.lead}</p>
      <form className="list-toolbar" method="get" action={ACTIVITY_PAGE} role="search" aria-label={activityTexts.searchLabel}>
        <label className="list-toolbar-field list-toolbar-search">
          <span>{activityTexts.search}</span>
          <input type="search" name="q" defaultValue={query.q} maxLength={200} placeholder={activityTexts.placeholder} />
        </label>
        <DayRangeFields from={query.from} to={query.to} />
        {query.pageSize !== DEFAULT_LIST_PAGE_SIZE && <input type="hidden" name="pageSize" value={query.pageSize} />}
        <div className="list-toolbar-actions">
          <button type="submit" className="button button-primary">
            {activityTexts.submit}
          </button>
          <a className="list-toolbar-reset" href={ACTIVITY_PAGE}>
            {activityTexts.reset}
          </a>
        </div>
      </form>
      {entries.length === 0 ? (
        <p className="profile-empty">{searched ? activityTexts.noMatch : activityTexts.empty}</p>
      ) : (
        <ActivityTable entries={entries} caption={activityTexts.newestFirst} />
      )}
      <Pager path={ACTIVITY_PAGE} state={query} total={total} />
    </section>
  )
})
