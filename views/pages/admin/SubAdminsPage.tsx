import type { SubAdminsPageProps } from '../../../src/modules/team/staff-views.js'
import { page } from '../../../src/render/page.js'
import { AdminLayout } from '../../layout/AdminLayout.js'
import { Island } from '../../runtime/Island.js'
import { staffPageWords } from '../../../src/modules/team/staff-page-words.js'
import { wordsOf } from '../../../src/shared/words.js'
import { useWords } from '../../runtime/words.js'

/** /admin-dashboard/sub-admins (contract §9): the firm's people, invitations, role changes and removals. */
export const SubAdminsPage = page<SubAdminsPageProps>((_props, language) => ({ title: wordsOf(staffPageWords, language).title, description: wordsOf(staffPageWords, language).lead, area: 'back-office' }), function SubAdminsPage(props) {
  const { title, lead } = useWords(staffPageWords)
  return (
    <AdminLayout title={title} lead={lead}>
      <Island name="StaffBoard" props={props} />
    </AdminLayout>
  )
})
