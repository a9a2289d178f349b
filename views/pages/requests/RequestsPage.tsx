import { pageTexts } from '../../../src/modules/requests/texts.js'
import type { RequestsPageProps } from '../../../src/modules/requests/views.js'
import { page } from '../../../src/render/page.js'
import { AdminLayout } from '../../layout/AdminLayout.js'
import { Island } from '../../runtime/Island.js'

/** /admin-dashboard/requests: every request by state, and « Demander un document » with a client chooser. */
export const RequestsPage = page<RequestsPageProps>(
  { title: pageTexts.listTitle, description: pageTexts.listLead },
  function RequestsPage(props) {
    return (
      <AdminLayout title={pageTexts.listTitle} lead={pageTexts.listLead}>
        {!props.clients && <p className="field-hint">{pageTexts.tooManyClients}</p>}
        <Island name="RequestsBoard" props={props} />
      </AdminLayout>
    )
  },
)
