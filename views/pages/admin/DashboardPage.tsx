import type { Counts, MailCounts } from '../../../src/modules/clients/types.js'
import { pageTexts as requestTexts } from '../../../src/modules/requests/texts.js'
import { page } from '../../../src/render/page.js'
import { AdminLayout } from '../../layout/AdminLayout.js'

/** What the dashboard counts (spec §3, Counts). */
export type DashboardCounts = Counts

/** The sub-admins screen is a demo: its card always shows 0 (spec §9). */
const SUB_ADMIN_COUNT = 0

function cardsOf(counts: DashboardCounts, overdueRequests: number) {
  return [
    { label: 'Nouveaux utilisateurs', hint: 'En attente d’acceptation', count: counts.users.unaccepted, href: '/admin-dashboard/new-users' },
    { label: 'Clients', hint: 'Comptes acceptés', count: counts.users.accepted, href: '/admin-dashboard/clients' },
    { label: 'Nouveaux documents', hint: 'Pas encore consultés', count: counts.documents.unviewed, href: '/admin-dashboard/new-documents' },
    { label: 'Documents', hint: 'Déjà consultés', count: counts.documents.viewed, href: '/admin-dashboard/documents' },
    { label: 'Sous-admins', hint: 'Démonstration', count: SUB_ADMIN_COUNT, href: '/admin-dashboard/sub-admins' },
    { label: 'Types de documents', hint: 'Catégories proposées', count: counts.types, href: '/admin-dashboard/documents/types' },
    { label: requestTexts.overdueCard, hint: requestTexts.overdueHint, count: overdueRequests, href: '/admin-dashboard/requests?status=overdue' },
  ]
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

export const DashboardPage = page<{ counts: DashboardCounts; mails: MailCounts; overdueRequests: number }>(
  { title: 'Tableau de bord', description: 'Vue d’ensemble de l’espace d’administration.' },
  function DashboardPage({ counts, mails, overdueRequests }) {
    return (
      <AdminLayout title="Tableau de bord" lead="Vue d’ensemble des comptes et des documents.">
        <ul className="admin-cards">
          {cardsOf(counts, overdueRequests).map((card) => (
            <li key={card.href}>
              <a className="admin-card" href={card.href}>
                <span className="admin-card-count">{card.count}</span>
                <span className="admin-card-label">{card.label}</span>
                <span className="admin-card-hint">{card.hint}</span>
              </a>
            </li>
          ))}
        </ul>
        <MailPanel mails={mails} />
      </AdminLayout>
    )
  },
)
