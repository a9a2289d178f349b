import type { Counts } from '../../../src/modules/clients/types.js'
import { page } from '../../../src/render/page.js'
import { AdminLayout } from '../../layout/AdminLayout.js'

/** What the dashboard counts (spec §3, Counts). */
export type DashboardCounts = Counts

/** The sub-admins screen is a demo: its card always shows 0 (spec §9). */
const SUB_ADMIN_COUNT = 0

function cardsOf(counts: DashboardCounts) {
  return [
    { label: 'Nouveaux utilisateurs', hint: 'En attente d’acceptation', count: counts.users.unaccepted, href: '/admin-dashboard/new-users' },
    { label: 'Clients', hint: 'Comptes acceptés', count: counts.users.accepted, href: '/admin-dashboard/clients' },
    { label: 'Nouveaux documents', hint: 'Pas encore consultés', count: counts.documents.unviewed, href: '/admin-dashboard/new-documents' },
    { label: 'Documents', hint: 'Déjà consultés', count: counts.documents.viewed, href: '/admin-dashboard/documents' },
    { label: 'Sous-admins', hint: 'Démonstration', count: SUB_ADMIN_COUNT, href: '/admin-dashboard/sub-admins' },
    { label: 'Types de documents', hint: 'Catégories proposées', count: counts.types, href: '/admin-dashboard/documents/types' },
  ]
}

export const DashboardPage = page<{ counts: DashboardCounts }>(
  { title: 'Tableau de bord', description: 'Vue d’ensemble de l’espace d’administration.' },
  function DashboardPage({ counts }) {
    return (
      <AdminLayout title="Tableau de bord" lead="Vue d’ensemble des comptes et des documents.">
        <ul className="admin-cards">
          {cardsOf(counts).map((card) => (
            <li key={card.href}>
              <a className="admin-card" href={card.href}>
                <span className="admin-card-count">{card.count}</span>
                <span className="admin-card-label">{card.label}</span>
                <span className="admin-card-hint">{card.hint}</span>
              </a>
            </li>
          ))}
        </ul>
      </AdminLayout>
    )
  },
)
