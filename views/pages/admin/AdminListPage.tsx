import { page } from '../../../src/render/page.js'
import { wordsOf } from '../../../src/shared/words.js'
import type { ListState } from '../../components/admin-lists/query.js'
import type { AdminRow, ListChoice } from '../../components/admin-lists/types.js'
import { adminListWords } from '../../components/admin-lists/words.js'
import { AdminLayout } from '../../layout/AdminLayout.js'
import { Island } from '../../runtime/Island.js'
import { useWords } from '../../runtime/words.js'

/** The lists that are a page of their own (their title and lead: adminListWords' `pages`). */
export type ListPageKind = keyof (typeof adminListWords)['fr']['pages']

export interface AdminListPageProps {
  kind: ListPageKind
  items: AdminRow[]
  total: number
  query: ListState
  /** The toolbar's selects made of the server's data (the clients list's « Suivi par »). */
  choices?: ListChoice[] | undefined
}

/** Every admin list page: the layout, in the page's language, then the list island of that kind with its first page. */
export const AdminListPage = page<AdminListPageProps>(
  ({ kind }, language) => ({ title: wordsOf(adminListWords, language).pages[kind].title, description: wordsOf(adminListWords, language).pages[kind].lead, area: 'back-office' }),
  function AdminListPage({ kind, items, total, query, choices }) {
    const { title, lead } = useWords(adminListWords).pages[kind]
    return (
      <AdminLayout title={title} lead={lead}>
        <Island name="AdminList" props={{ kind, items, total, query, ...(choices ? { choices } : {}) }} />
      </AdminLayout>
    )
  },
)
