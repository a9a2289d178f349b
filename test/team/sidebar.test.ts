// Contract §9: a staff member is not offered the pages only an administrator may open (the server
// refuses them anyway: test/foundation/permission-matrix.test.ts); an administrator sees every one.
import t from 'tap'
import { adminLinksFor } from '../../views/layout/admin-nav.js'

const ADMIN_ONLY = ['/admin-dashboard/new-users', '/admin-dashboard/documents/types', '/admin-dashboard/sub-admins', '/admin-dashboard/messages']

t.test('the sidebar of a staff member leaves out the admin-only pages; an admin’s has them all', async (t) => {
  const staff = adminLinksFor('/admin-dashboard/clients', [], 'staff').map((link) => link.href)
  const admin = adminLinksFor('/admin-dashboard/clients', [], 'admin').map((link) => link.href)
  for (const href of ADMIN_ONLY) {
    t.notOk(staff.includes(href), `staff: no ${href}`)
    t.ok(admin.includes(href), `admin: ${href}`)
  }
  t.same(staff.filter((href) => !admin.includes(href)), [], 'nothing a staff member sees that an admin does not')
  t.ok(staff.includes('/admin-dashboard/clients') && staff.includes('/admin-dashboard/new-documents') && staff.includes('/admin-dashboard/journal'), 'their own pages stay')
  t.equal(adminLinksFor('/admin-dashboard/clients', [], 'staff').find((link) => link.current)?.href, '/admin-dashboard/clients')
})
