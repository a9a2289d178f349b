import type { ClientStaffPageProps } from '../../../src/modules/team/staff-views.js'
import { page } from '../../../src/render/page.js'
import { personLabel } from '../../components/Person.js'
import { ClientStaffForm } from '../../components/team/ClientStaffForm.js'
import { AdminLayout } from '../../layout/AdminLayout.js'

const titleOf = (client: ClientStaffPageProps['client']) => `Suivi du client — ${personLabel(client)}`

/**
 * /admin-dashboard/clients/:id/staff: who serves a client, on a page of its own (contract §8): where
 * the client page's « Suivi par » posts without JavaScript, and comes again with its error in place.
 */
export const ClientStaffPage = page<ClientStaffPageProps>(
  ({ client }) => ({ title: titleOf(client), description: 'Les personnes du cabinet qui suivent ce client.', area: 'back-office' }),
  function ClientStaffPage({ client, people, assigned, answered }) {
    return (
      <AdminLayout title={titleOf(client)}>
        <p className="thread-profile">
          <a href={`/users/profile/${client.id}`}>Retour au profil du client</a>
        </p>
        <ClientStaffForm clientId={client.id} people={people} assigned={assigned} level={2} answered={answered} />
      </AdminLayout>
    )
  },
)
