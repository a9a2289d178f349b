import { page } from '../../../src/render/page.js'
import type { ListState } from '../../components/admin-lists/query.js'
import type { AdminRow } from '../../components/admin-lists/types.js'
import { AdminLayout } from '../../layout/AdminLayout.js'
import { Island } from '../../runtime/Island.js'
import { adminListWords } from '../../components/admin-lists/words.js'
import { wordsOf } from '../../../src/shared/words.js'
import { useWords } from '../../runtime/words.js'

export interface DocumentTypesPageProps {
  items: AdminRow[]
  total: number
  query: ListState
}

export const DocumentTypesPage = page<DocumentTypesPageProps>(
  (_props, language) => ({ title: wordsOf(adminListWords, language).types.pageTitle, description: wordsOf(adminListWords, language).types.pageDescription, area: 'back-office' }),
  function DocumentTypesPage(props) {
    const words = useWords(adminListWords).types
    return (
      <AdminLayout title={words.pageTitle} lead={words.pageLead}>
        <Island name="DocumentTypes" props={props} />
      </AdminLayout>
    )
  },
)
