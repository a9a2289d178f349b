import { useState } from 'react'
import type { SubAdminsPageProps } from '../../src/modules/team/staff-views.js'
import { fetchList } from '../client/list.js'
import { EMPTY_LIST_STATE } from '../components/admin-lists/query.js'
import type { AdminRow } from '../components/admin-lists/types.js'
import { InviteStaffForm } from '../components/team/InviteStaffForm.js'
import AdminList from './AdminList.js'

/**
 * The sub-admins screen (contract §9): « Inviter une personne » above the firm's people in the shared
 * admin list; after an invitation the list starts again from its first page, where the newest is.
 */
export default function StaffBoard({ form, ...props }: SubAdminsPageProps) {
  const [list, setList] = useState({ ...props, version: 0 })

  async function invited() {
    const result = await fetchList<AdminRow>('/api/staff')
    if (result.ok) setList((current) => ({ items: result.items as SubAdminsPageProps['items'], total: result.total, query: EMPTY_LIST_STATE, version: current.version + 1 }))
  }

  return (
    <div className="staff-board">
      <InviteStaffForm form={form} onInvited={() => void invited()} />
      <AdminList key={list.version} kind="sub-admins" items={list.items} total={list.total} query={list.query} />
    </div>
  )
}
