import type { SendDocumentPageProps } from '../../../src/modules/clients/views.js'
import { page } from '../../../src/render/page.js'
import { personLabel } from '../../components/Person.js'
import { AdminLayout } from '../../layout/AdminLayout.js'
import { FirmSentSection } from './FirmSentSection.js'

const titleOf = ({ client }: SendDocumentPageProps) => `Envoyer un document — ${personLabel(client)}`

/**
 * /admin-dashboard/clients/:id/send: the client page's « Envoyer un document au client » on a page
 * of its own, where the form posts without JavaScript and comes again with its errors in place
 * (contract §8); what the firm sent the client under it.
 */
export const SendDocumentPage = page<SendDocumentPageProps>(
  (props) => ({ title: titleOf(props), description: 'Un document du cabinet pour le client, dans son espace.', area: 'back-office' }),
  function SendDocumentPage(props) {
    const { client, sent, form } = props
    return (
      <AdminLayout title={titleOf(props)}>
        <p className="thread-profile">
          <a href={`/users/profile/${client.id}`}>Voir le profil du client</a>
        </p>
        <FirmSentSection userId={client.id} sent={sent} form={form} />
      </AdminLayout>
    )
  },
)
