import { page } from '../../../src/render/page.js'
import type { ListKindName } from '../../components/admin-lists/index.js'
import type { ListState } from '../../components/admin-lists/query.js'
import type { AdminRow, ListChoice } from '../../components/admin-lists/types.js'
import { AdminLayout } from '../../layout/AdminLayout.js'
import { Island } from '../../runtime/Island.js'

export interface AdminListPageProps {
  kind: ListKindName
  title: string
  lead: string
  items: AdminRow[]
  total: number
  query: ListState
  /** The toolbar's selects made of the server's data (the clients list's « Suivi par »). */
  choices?: ListChoice[] | undefined
}

/** Every admin list page: the layout, then the list island of that kind with its first page. */
export const AdminListPage = page<AdminListPageProps>(
  ({ title, lead }) => ({ title, description: lead, area: 'back-office' }),
  function AdminListPage({ kind, title, lead, items, total, query, choices }) {
    return (
      <AdminLayout title={title} lead={lead}>
        <Island name="AdminList" props={{ kind, items, total, query, ...(choices ? { choices } : {}) }} />
      </AdminLayout>
    )
  },
)
