import type { SubAdminsPageProps } from '../../../src/modules/team/staff-views.js'
import { page } from '../../../src/render/page.js'
import { AdminLayout } from '../../layout/AdminLayout.js'
import { Island } from '../../runtime/Island.js'

const title = 'Sous-admins'
const lead = 'L’équipe du cabinet : les administrateurs, qui ont tous les droits, et les collaborateurs, qui suivent les clients qui leur sont confiés.'

/** /admin-dashboard/sub-admins (contract §9): the firm's people, invitations, role changes and removals. */
export const SubAdminsPage = page<SubAdminsPageProps>({ title, description: lead, area: 'back-office' }, function SubAdminsPage(props) {
  return (
    <AdminLayout title={title} lead={lead}>
      <Island name="StaffBoard" props={props} />
    </AdminLayout>
  )
})
