import { page } from '../../../src/render/page.js'
import type { ListState } from '../../components/admin-lists/query.js'
import type { AdminRow } from '../../components/admin-lists/types.js'
import { AdminLayout } from '../../layout/AdminLayout.js'
import { Island } from '../../runtime/Island.js'

export interface DocumentTypesPageProps {
  items: AdminRow[]
  total: number
  query: ListState
}

export const DocumentTypesPage = page<DocumentTypesPageProps>(
  { title: 'Types de documents', description: 'Les types de documents proposés aux clients.', area: 'back-office' },
  function DocumentTypesPage(props) {
    return (
      <AdminLayout title="Types de documents" lead="Les types proposés aux clients lors du dépôt. Supprimer un type supprime aussi ses documents.">
        <Island name="DocumentTypes" props={props} />
      </AdminLayout>
    )
  },
)
