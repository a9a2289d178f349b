import { page } from '../../../src/render/page.js'
import type { ListKindName } from '../../components/admin-lists/index.js'
import type { ListState } from '../../components/admin-lists/query.js'
import type { AdminRow } from '../../components/admin-lists/types.js'
import { AdminLayout } from '../../layout/AdminLayout.js'
import { Island } from '../../runtime/Island.js'

export interface AdminListPageProps {
  kind: ListKindName
  title: string
  lead: string
  items: AdminRow[]
  total: number
  query: ListState
}

/** Every admin list page: the layout, then the list island of that kind with its first page. */
export const AdminListPage = page<AdminListPageProps>(
  ({ title, lead }) => ({ title, description: lead }),
  function AdminListPage({ kind, title, lead, items, total, query }) {
    return (
      <AdminLayout title={title} lead={lead}>
        <Island name="AdminList" props={{ kind, items, total, query }} />
      </AdminLayout>
    )
  },
)
