import { pageWords } from '../../../src/modules/requests/texts.js'
import type { AskPageProps, RequestsPageProps } from '../../../src/modules/requests/views.js'
import { page } from '../../../src/render/page.js'
import { personLabel } from '../../components/Person.js'
import { AdminLayout } from '../../layout/AdminLayout.js'
import { Island } from '../../runtime/Island.js'
import { useWords } from '../../runtime/words.js'

/** /admin-dashboard/requests: every request by state, and « Demander un document » with a client chooser. */
export const RequestsPage = page<RequestsPageProps>(
  (_props, language) => ({ title: pageWords[language].listTitle, description: pageWords[language].listLead, area: 'back-office' }),
  function RequestsPage(props) {
    const pageTexts = useWords(pageWords)
    return (
      <AdminLayout title={pageTexts.listTitle} lead={pageTexts.listLead}>
        {!props.clients && <p className="field-hint">{pageTexts.tooManyClients}</p>}
        <Island name="RequestsBoard" props={props} />
      </AdminLayout>
    )
  },
)

/**
 * /admin-dashboard/clients/:id/ask: « Demander un document » to one client, where the form of the
 * client's page posts without JavaScript and comes again with its errors in place (contract §8).
 */
export const AskPage = page<AskPageProps>(
  ({ client }, language) => ({ title: `${pageWords[language].askTitle} — ${personLabel(client)}`, description: pageWords[language].askLead, area: 'back-office' }),
  function AskPage({ client, ...requests }) {
    const pageTexts = useWords(pageWords)
    return (
      <AdminLayout title={`${pageTexts.askTitle} — ${personLabel(client)}`}>
        <p className="thread-profile">
          <a href={`/users/profile/${client.id}`}>{pageTexts.profileLink}</a>
        </p>
        <Island name="ClientRequests" props={{ userId: client.id, ...requests, level: 2 }} />
      </AdminLayout>
    )
  },
)
