import type { Counts, MailCounts } from '../../../src/modules/clients/types.js'
import { pageTexts as requestTexts } from '../../../src/modules/requests/texts.js'
import { page } from '../../../src/render/page.js'
import { AdminLayout } from '../../layout/AdminLayout.js'

/** What the dashboard counts (spec §3, Counts). */
export type DashboardCounts = Counts

/**
 * The cards, each counting what its page lists: a staff member's are over their clients (contract
 * §9), and the cards of the pages only an administrator opens (new users, the firm's people, the
 * document types) are an administrator's. The sub-admins card is the firm's staff, invited or active.
 */
function cardsOf(counts: DashboardCounts, overdueRequests: number, administrator: boolean) {
  const cards = [
    { label: 'Nouveaux utilisateurs', hint: 'En attente d’acceptation', count: counts.users.unaccepted, href: '/admin-dashboard/new-users', administrator: true },
    { label: administrator ? 'Clients' : 'Mes clients', hint: administrator ? 'Comptes acceptés' : 'Clients qui vous sont confiés', count: counts.users.accepted, href: '/admin-dashboard/clients' },
    { label: 'Nouveaux documents', hint: 'Pas encore consultés', count: counts.documents.unviewed, href: '/admin-dashboard/new-documents' },
    { label: 'Documents', hint: 'Déjà consultés', count: counts.documents.viewed, href: '/admin-dashboard/documents' },
    { label: 'Sous-admins', hint: 'Collaborateurs du cabinet', count: counts.users.staff, href: '/admin-dashboard/sub-admins', administrator: true },
    { label: 'Types de documents', hint: 'Catégories proposées', count: counts.types, href: '/admin-dashboard/documents/types', administrator: true },
    { label: requestTexts.overdueCard, hint: requestTexts.overdueHint, count: overdueRequests, href: '/admin-dashboard/requests?status=overdue' },
  ]
  return cards.filter((card) => administrator || !card.administrator)
}

/** Mails of the outbox: waiting to be sent (retried for 24 h while the server refuses) and given up on. */
function MailPanel({ mails }: { mails: MailCounts }) {
  return (
    <section className={mails.failed > 0 ? 'admin-mail admin-mail-failed' : 'admin-mail'} aria-labelledby="admin-mail-title">
      <h2 id="admin-mail-title">Courriels sortants</h2>
      <dl>
        <div>
          <dt>En attente d’envoi</dt>
          <dd data-mail="waiting">{mails.waiting}</dd>
        </div>
        <div>
          <dt>En échec</dt>
          <dd data-mail="failed">{mails.failed}</dd>
        </div>
      </dl>
      {mails.failed > 0 ? (
        <p>Ces courriels n’ont pas pu être envoyés malgré 24 heures d’essais : vérifiez le serveur d’envoi (SMTP_URL) et prévenez les destinataires concernés.</p>
      ) : mails.waiting > 0 ? (
        <p>Le serveur d’envoi les refuse ou ne répond pas pour l’instant : ils sont réessayés automatiquement.</p>
      ) : null}
    </section>
  )
}

/** `mails`: the outbox's state, an administrator's (the sending server is theirs to check); `administrator`: every card. */
export const DashboardPage = page<{ counts: DashboardCounts; mails?: MailCounts | undefined; overdueRequests: number; administrator: boolean }>(
  { title: 'Tableau de bord', description: 'Vue d’ensemble de l’espace d’administration.', area: 'back-office' },
  function DashboardPage({ counts, mails, overdueRequests, administrator }) {
    return (
      <AdminLayout title="Tableau de bord" lead={administrator ? 'Vue d’ensemble des comptes et des documents.' : 'Vue d’ensemble de vos clients et de leurs documents.'}>
        <ul className="admin-cards">
          {cardsOf(counts, overdueRequests, administrator).map((card) => (
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
