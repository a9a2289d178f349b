import { messageTexts as texts, type ThreadPageProps, type ThreadsPageProps } from '../../../src/modules/messages/index.js'
import { page } from '../../../src/render/page.js'
import { Pager } from '../../components/Pager.js'
import { Person, personLabel } from '../../components/Person.js'
import { When } from '../../components/When.js'
import { AdminLayout } from '../../layout/AdminLayout.js'
import { Island } from '../../runtime/Island.js'

/** /messages (contract §7): the client's thread with the firm, and the form to write. */
export const ClientThreadPage = page<ThreadPageProps>(
  { title: texts.clientTitle, description: texts.clientDescription },
  function ClientThreadPage({ client, messages, total, page, pageSize, draft, error }) {
    return (
      <section className="container thread-page">
        <h1 className="thread-title">{texts.clientTitle}</h1>
        <p className="thread-lead">{texts.clientLead}</p>
        <Island name="MessageThread" props={{ userId: client.id, viewer: 'client', messages, total, page, pageSize, draft, error }} />
      </section>
    )
  },
)

/** /admin-dashboard/clients/:id/messages (contract §7): one client's thread, for the firm. */
export const AdminThreadPage = page<ThreadPageProps>(
  ({ client }) => ({ title: texts.adminTitle(personLabel(client)), description: texts.adminDescription }),
  function AdminThreadPage({ client, messages, total, page, pageSize, draft, error }) {
    return (
      <AdminLayout title={texts.adminTitle(personLabel(client))} lead={texts.adminLead}>
        <p className="thread-profile">
          <a href={`/users/profile/${client.id}`}>{texts.profileLink}</a>
        </p>
        <Island name="MessageThread" props={{ userId: client.id, viewer: 'firm', messages, total, page, pageSize, draft, error }} />
      </AdminLayout>
    )
  },
)

/** /admin-dashboard/threads: every client's thread, the most recently written first; plain HTML. */
export const ThreadsPage = page<ThreadsPageProps>(
  { title: texts.threadsTitle, description: texts.threadsLead },
  function ThreadsPage({ threads, total, page, pageSize }) {
    return (
      <AdminLayout title={texts.threadsTitle} lead={texts.threadsLead}>
        {threads.length === 0 ? (
          <p>{texts.threadsEmpty}</p>
        ) : (
          <div className="admin-table-wrap">
            <table className="admin-table">
              <caption className="visually-hidden">{texts.threadsLead}</caption>
              <thead>
                <tr>
                  <th scope="col">{texts.threadsClient}</th>
                  <th scope="col">{texts.threadsLast}</th>
                  <th scope="col">{texts.threadsUnread}</th>
                </tr>
              </thead>
              <tbody>
                {threads.map((thread) => (
                  <tr key={thread.userId}>
                    <td data-label={texts.threadsClient} className="admin-cell-text">
                      <Person person={thread} href={`/admin-dashboard/clients/${thread.userId}/messages`} label={texts.openThread(personLabel(thread))} />
                    </td>
                    <td data-label={texts.threadsLast}>
                      <When at={thread.lastMessageAt} />
                    </td>
                    <td data-label={texts.threadsUnread}>{thread.unread > 0 ? <strong>{texts.unread(thread.unread)}</strong> : '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <Pager path="/admin-dashboard/threads" state={{ q: '', from: '', to: '', page, pageSize }} total={total} />
      </AdminLayout>
    )
  },
)
