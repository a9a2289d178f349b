import { page } from '../../../src/render/page.js'
import { EMPTY_LIST_STATE } from '../../components/admin-lists/query.js'
import { SAMPLE_SUB_ADMINS } from '../../components/admin-lists/sub-admins.js'
import { AdminListPage } from './AdminListPage.js'

const title = 'Sous-admins'
const lead = 'Écran de démonstration : ces entrées sont des exemples et ne sont pas enregistrées.'

/** The sub-admins screen (spec §2): a demo list of fixed sample entries; nothing is stored. */
export const SubAdminsPage = page<object>({ title, description: lead }, function SubAdminsPage() {
  return <AdminListPage kind="sub-admins" title={title} lead={lead} items={SAMPLE_SUB_ADMINS} total={SAMPLE_SUB_ADMINS.length} query={EMPTY_LIST_STATE} />
})
