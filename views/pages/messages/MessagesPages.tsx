import { messageWords, type ThreadPageProps, type ThreadsPageProps } from '../../../src/modules/messages/index.js'
import { page } from '../../../src/render/page.js'
import { Pager } from '../../components/Pager.js'
import { DayRangeFields } from '../../components/ListToolbar.js'
import { Person, personLabel } from '../../components/Person.js'
import { CardTable } from '../../components/CardTable.js'
import { When } from '../../components/When.js'
import { AdminLayout } from '../../layout/AdminLayout.js'
import { Island } from '../../runtime/Island.js'
import { useWords } from '../../runtime/words.js'

/** /messages (contract §7): the company's thread with the firm (its owner's and members', §9), and the form to write. */
export const ClientThreadPage = page<ThreadPageProps>(
  (_props, language) => ({ title: messageWords[language].clientTitle, description: messageWords[language].clientDescription }),
  function ClientThreadPage({ client, viewerId, messages, total, page, pageSize, draft, error }) {
    const texts = useWords(messageWords)
    return (
      <section className="container thread-page">
        <h1 className="thread-title">{texts.clientTitle}</h1>
        <p className="thread-lead">{texts.clientLead}</p>
        <Island name="MessageThread" props={{ userId: client.id, viewer: 'client', viewerId, messages, total, page, pageSize, draft, error }} />
      </section>
    )
  },
)

/** /admin-dashboard/clients/:id/messages (contract §7): one client's thread, for the firm's people. */
export const AdminThreadPage = page<ThreadPageProps>(
  ({ client }, language) => ({ title: messageWords[language].adminTitle(personLabel(client)), description: messageWords[language].adminDescription, area: 'back-office' }),
  function AdminThreadPage({ client, viewerId, messages, total, page, pageSize, draft, error }) {
    const texts = useWords(messageWords)
    return (
      <AdminLayout title={texts.adminTitle(personLabel(client))} lead={texts.adminLead}>
        <p className="thread-profile">
          <a href={`/users/profile/${client.id}`}>{texts.profileLink}</a>
        </p>
        <Island name="MessageThread" props={{ userId: client.id, viewer: 'firm', viewerId, messages, total, page, pageSize, draft, error }} />
      </AdminLayout>
    )
  },
)

const THREADS_PATH = '/admin-dashboard/threads'
/** The preview of a last message: one line, its first words. */
const PREVIEW_CHARS = 90
function previewOf(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim()
  const chars = Array.from(line)
  return chars.length > PREVIEW_CHARS ? `${chars.slice(0, PREVIEW_CHARS).join('')}…` : line
}

/**
 * /admin-dashboard/threads: every client's thread, the most recently written first; plain HTML.
 * Searched like every list (contract §2): `q` over the client's name, e-mail and company and the
 * last message, `from`/`to` over the last message's day.
 */
export const ThreadsPage = page<ThreadsPageProps>(
  (_props, language) => ({ title: messageWords[language].threadsTitle, description: messageWords[language].threadsLead, area: 'back-office' }),
  function ThreadsPage({ threads, total, query }) {
    const texts = useWords(messageWords)
    const searched = Boolean(query.q || query.from || query.to)
    return (
      <AdminLayout title={texts.threadsTitle} lead={texts.threadsLead}>
        <form className="list-toolbar" method="get" action={THREADS_PATH} role="search" aria-label={texts.threadsFilter}>
          <label className="list-toolbar-field list-toolbar-search">
            <span>Recherche</span>
            <input type="search" name="q" defaultValue={query.q} maxLength={200} placeholder={texts.threadsSearch} />
          </label>
          <DayRangeFields from={query.from} to={query.to} />
          {query.pageSize !== 50 && <input type="hidden" name="pageSize" value={query.pageSize} />}
          <div className="list-toolbar-actions">
            <button type="submit" className="button button-primary">
              Rechercher
            </button>
            <a className="list-toolbar-reset" href={THREADS_PATH}>
              Réinitialiser
            </a>
          </div>
        </form>
        {threads.length === 0 ? (
          <p>{searched ? texts.threadsNone : texts.threadsEmpty}</p>
        ) : (
          <CardTable
            look="admin"
            caption={texts.threadsLead}
            rows={threads}
            rowKey={(thread) => thread.userId}
            columns={[
              {
                label: texts.threadsClient,
                className: 'admin-cell-text',
                cell: (thread) => <Person person={thread} href={`/admin-dashboard/clients/${thread.userId}/messages`} label={texts.openThread(personLabel(thread))} />,
              },
              {
                label: texts.threadsLast,
                className: 'admin-cell-text',
                cell: (thread) => (
                  <span className="person">
                    <When at={thread.lastMessageAt} />
                    {thread.lastMessage && <span className="person-company thread-preview">{previewOf(thread.lastMessage)}</span>}
                  </span>
                ),
              },
              { label: texts.threadsUnread, cell: (thread) => (thread.unread > 0 ? <strong>{texts.unread(thread.unread)}</strong> : '—') },
            ]}
          />
        )}
        <Pager path={THREADS_PATH} state={query} total={total} />
      </AdminLayout>
    )
  },
)
