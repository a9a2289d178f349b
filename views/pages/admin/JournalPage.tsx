import type { JournalAction, JournalState, ListedEntry } from '../../../src/modules/journal/index.js'
import { page } from '../../../src/render/page.js'
import { JournalTable } from '../../components/journal/JournalTable.js'
import { DayRangeFields } from '../../components/ListToolbar.js'
import { Person } from '../../components/Person.js'
import { useFormats } from '../../components/When.js'
import { AdminLayout } from '../../layout/AdminLayout.js'
import { journalPageWords } from '../../../src/modules/journal/words.js'
import { wordsOf } from '../../../src/shared/words.js'
import { useWords } from '../../runtime/words.js'

export interface JournalPageProps {
  entries: ListedEntry[]
  total: number
  query: JournalState
  actions: Array<{ value: JournalAction; label: string }>
  /** The company of each person still there, by id (issue 17). */
  companies: Record<number, string>
  /** Every entry (an administrator); else a staff member's: their clients' and their own (contract §9). */
  whole: boolean
}

const PATH = '/admin-dashboard/journal'

/** The same filters with one changed, as a link (blank values left out). */
function hrefWith(query: JournalState, change: Partial<JournalState>): string {
  const next = { ...query, ...change }
  const params = new URLSearchParams()
  if (next.q) params.set('q', next.q)
  if (next.action) params.set('action', next.action)
  if (next.actorId) params.set('actorId', String(next.actorId))
  if (next.from) params.set('from', next.from)
  if (next.to) params.set('to', next.to)
  if (next.page > 1) params.set('page', String(next.page))
  if (next.pageSize !== 50) params.set('pageSize', String(next.pageSize))
  const search = params.toString()
  return search ? `${PATH}?${search}` : PATH
}

/** /admin-dashboard/journal (contract §6): who did what, newest first; plain HTML, no script. */
export const JournalPage = page<JournalPageProps>(
  (_props, language) => ({ title: wordsOf(journalPageWords, language).title, description: wordsOf(journalPageWords, language).description, area: 'back-office' }),
  function JournalPage({ entries, total, query, actions, companies, whole }) {
    const last = Math.max(1, Math.ceil(total / query.pageSize))
    const formats = useFormats()
    const words = useWords(journalPageWords)
    const person = query.actorId ? entries.find((e) => e.actor?.id === query.actorId)?.actor?.username ?? words.number(query.actorId) : undefined
    return (
      <AdminLayout
        title={words.title}
        lead={whole ? words.leadWhole : words.leadStaff}
      >
        <form className="list-toolbar" method="get" action={PATH} role="search" aria-label={words.filterLabel}>
          <label className="list-toolbar-field list-toolbar-search">
            <span>{words.search}</span>
            <input type="search" name="q" defaultValue={query.q} maxLength={200} placeholder={words.placeholder} />
          </label>
          {/* Labelled by id, not by wrapping: a wrapped select's name would take its options' text too. */}
          <div className="list-toolbar-field">
            <label htmlFor="journal-action">{words.action}</label>
            <select id="journal-action" name="action" defaultValue={query.action}>
              <option value="">{words.every}</option>
              {actions.map((a) => (
                <option key={a.value} value={a.value}>
                  {a.label}
                </option>
              ))}
            </select>
          </div>
          <DayRangeFields from={query.from} to={query.to} />
          {query.actorId && <input type="hidden" name="actorId" value={query.actorId} />}
          <div className="list-toolbar-actions">
            <button type="submit" className="button button-primary">
              {words.filter}
            </button>
            <a className="list-toolbar-reset" href={PATH}>
              {words.showAll}
            </a>
          </div>
        </form>
        {person && (
          <p className="journal-person">
            {words.onlyOf}
            <strong>{person}</strong>
            {words.only}
            <a href={hrefWith(query, { actorId: null, page: 1 })}>{words.everyone}</a>
          </p>
        )}
        <p className="pager-total" role="status">
          {total === 0 ? words.none : total === 1 ? words.one : words.many(formats.number(total))}
        </p>
        {entries.length > 0 && (
          <JournalTable
            look="admin"
            className="journal-table"
            caption={words.caption}
            entries={entries}
            links
            person={{
              label: words.person,
              cell: (entry) =>
                entry.actor ? (
                  <>
                    <Person person={{ username: entry.actor.username, entreprise: companies[entry.actor.id] }} href={entry.actorLive ? `/users/profile/${entry.actor.id}` : undefined} />{' '}
                    <a className="journal-filter" href={hrefWith(query, { actorId: entry.actor.id, page: 1 })}>
                      {words.theirActions}
                      <span className="visually-hidden"> : {entry.actor.username}</span>)
                    </a>
                  </>
                ) : (
                  <span className="journal-none">{words.unknown}</span>
                ),
            }}
          />
        )}
        {last > 1 && (
          <nav className="pager" aria-label={words.pages}>
            <ul className="pager-list">
              <li>{query.page > 1 ? <a className="pager-link" rel="prev" href={hrefWith(query, { page: query.page - 1 })}>{words.previous}</a> : <span className="pager-link" aria-disabled="true">{words.previous}</span>}</li>
              <li>
                <span className="pager-link pager-current" aria-current="page">
                  {words.pageOf(Math.min(query.page, last), last)}
                </span>
              </li>
              <li>{query.page < last ? <a className="pager-link" rel="next" href={hrefWith(query, { page: query.page + 1 })}>{words.next}</a> : <span className="pager-link" aria-disabled="true">{words.next}</span>}</li>
            </ul>
          </nav>
        )}
      </AdminLayout>
    )
  },
)
