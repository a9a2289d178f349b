import type { Counts, MailCounts } from '../../../src/modules/clients/types.js'
import { pageWords as requestWords } from '../../../src/modules/requests/texts.js'
import { dashboardWords } from '../../../src/modules/clients/dashboard-words.js'
import { wordsOf } from '../../../src/shared/words.js'
import { useWords } from '../../runtime/words.js'
import { page } from '../../../src/render/page.js'
import { AdminLayout } from '../../layout/AdminLayout.js'

/** What the dashboard counts (spec §3, Counts). */
export type DashboardCounts = Counts

/**
 * The cards, each counting what its page lists: a staff member's are over their clients (contract
 * §9), and the cards of the pages only an administrator opens (new users, the firm's people, the
 * document types) are an administrator's. The sub-admins card is the firm's staff, invited or active.
 */
function cardsOf(counts: DashboardCounts, overdueRequests: number, administrator: boolean, words: (typeof dashboardWords)['fr'], requestTexts: (typeof requestWords)['fr']) {
  const cards = [
    { label: words.newUsers, hint: words.newUsersHint, count: counts.users.unaccepted, href: '/admin-dashboard/new-users', administrator: true },
    { label: administrator ? words.clients : words.myClients, hint: administrator ? words.clientsHint : words.myClientsHint, count: counts.users.accepted, href: '/admin-dashboard/clients' },
    { label: words.newDocuments, hint: words.newDocumentsHint, count: counts.documents.unviewed, href: '/admin-dashboard/new-documents' },
    { label: words.documents, hint: words.documentsHint, count: counts.documents.viewed, href: '/admin-dashboard/documents' },
    { label: words.staff, hint: words.staffHint, count: counts.users.staff, href: '/admin-dashboard/sub-admins', administrator: true },
    { label: words.types, hint: words.typesHint, count: counts.types, href: '/admin-dashboard/documents/types', administrator: true },
    { label: requestTexts.overdueCard, hint: requestTexts.overdueHint, count: overdueRequests, href: '/admin-dashboard/requests?status=overdue' },
  ]
  return cards.filter((card) => administrator || !card.administrator)
}

/** Mails of the outbox: waiting to be sent (retried for 24 h while the server refuses) and given up on. */
function MailPanel({ mails }: { mails: MailCounts }) {
  const words = useWords(dashboardWords)
  return (
    <section className={mails.failed > 0 ? 'admin-mail admin-mail-failed' : 'admin-mail'} aria-labelledby="admin-mail-title">
      <h2 id="admin-mail-title">{words.mailTitle}</h2>
      <dl>
        <div>
          <dt>{words.mailWaiting}</dt>
          <dd data-mail="waiting">{mails.waiting}</dd>
        </div>
        <div>
          <dt>{words.mailFailed}</dt>
          <dd data-mail="failed">{mails.failed}</dd>
        </div>
      </dl>
      {mails.failed > 0 ? (
        <p>{words.mailFailedText}</p>
      ) : mails.waiting > 0 ? (
        <p>{words.mailWaitingText}</p>
      ) : null}
    </section>
  )
}

/** `mails`: the outbox's state, an administrator's (the sending server is theirs to check); `administrator`: every card. */
export const DashboardPage = page<{ counts: DashboardCounts; mails?: MailCounts | undefined; overdueRequests: number; administrator: boolean }>(
  (_props, language) => ({ title: wordsOf(dashboardWords, language).title, description: wordsOf(dashboardWords, language).description, area: 'back-office' }),
  function DashboardPage({ counts, mails, overdueRequests, administrator }) {
    const words = useWords(dashboardWords)
    const requestTexts = useWords(requestWords)
    return (
      <AdminLayout title={words.title} lead={administrator ? words.leadAdmin : words.leadStaff}>
        <ul className="admin-cards">
          {cardsOf(counts, overdueRequests, administrator, words, requestTexts).map((card) => (
            <li key={card.href}>
              <a className="admin-card" href={card.href}>
                <span className="admin-card-count">{card.count}</span>
                <span className="admin-card-label">{card.label}</span>
                <span className="admin-card-hint">{card.hint}</span>
              </a>
            </li>
          ))}
        </ul>
        {mails && <MailPanel mails={mails} />}
      </AdminLayout>
    )
  },
)
