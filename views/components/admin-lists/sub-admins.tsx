import type { StaffPerson } from '../../../src/modules/team/staff-schemas.js'
import { staffLabelWords, staffWords } from '../../../src/modules/team/staff-validation.js'
import { adminListWords } from './words.js'
import { wordsOf, type Language } from '../../../src/shared/words.js'
import type { Wire } from '../../../src/shared/wire.js'
import { api } from '../../client/api.js'
import { MailLink } from '../MailLink.js'
import { When } from '../When.js'
import { callApi, defineKind, type ActionOutcome, type RowAction } from './types.js'

/** One person of the firm, as GET /api/staff lists them (contract §9). */
export type SubAdminRow = Wire<StaffPerson>

/** PATCH /api/staff/:id: its answer is the person; the toast says what changed, then the list is fetched again. */
async function changeRole(row: SubAdminRow, role: StaffPerson['role'], language: Language): Promise<ActionOutcome> {
  const result = await api<SubAdminRow>(`/api/staff/${row.id}`, { method: 'PATCH', body: { role } })
  const said = wordsOf(staffWords, language)
  return result.ok ? { ok: true, message: said.roleChanged(row.username, role), effect: 'refresh' } : { ok: false, message: result.message }
}

type StaffWords = (typeof adminListWords)['fr']['staff']

const makeAdmin = (t: StaffWords, language: Language): RowAction<SubAdminRow> => ({
  label: t.makeAdmin,
  tone: 'neutral',
  shown: (row) => row.role === 'staff',
  confirm: (row) => ({ title: t.makeAdminTitle(row.username), text: t.makeAdminText(row.username), confirmLabel: t.makeAdmin, tone: 'primary' }),
  run: (row) => changeRole(row, 'admin', language),
  form: 'make-admin',
})

const makeStaff = (t: StaffWords, language: Language): RowAction<SubAdminRow> => ({
  label: t.makeStaff,
  tone: 'neutral',
  shown: (row) => row.role === 'admin',
  confirm: (row) => ({ title: t.makeStaffTitle(row.username), text: t.makeStaffText(row.username), confirmLabel: t.makeStaff, tone: 'primary' }),
  run: (row) => changeRole(row, 'staff', language),
  form: 'make-staff',
})

const remove = (t: StaffWords): RowAction<SubAdminRow> => ({
  label: t.remove,
  tone: 'danger',
  confirm: (row) => ({ title: t.removeTitle(row.username), text: row.status === 'invited' ? t.removeInvited : t.removeText(row.username), confirmLabel: t.remove }),
  run: (row) => callApi('DELETE', `/api/staff/${row.id}`),
  form: 'remove',
})

/** The firm's people (contract §9): administrators and staff, invited or active; change role, remove. */
export const subAdminsKind = (language: Language) => {
  const t = wordsOf(adminListWords, language).staff
  const { roles, statuses } = wordsOf(staffLabelWords, language)
  return defineKind<SubAdminRow>({
    path: '/admin-dashboard/sub-admins',
    endpoint: '/api/staff',
    caption: t.caption,
    search: t.search,
    dates: true,
    empty: t.empty,
    rowName: (row) => row.username,
    columns: [
      { header: t.name, cell: (row) => row.username, className: 'admin-cell-text' },
      { header: t.email, cell: (row) => <MailLink address={row.email} />, className: 'admin-cell-text' },
      { header: t.role, cell: (row) => roles[row.role] },
      { header: t.clients, cell: (row) => row.clients },
      { header: t.status, cell: (row) => <span className={row.status === 'active' ? 'badge badge-yes' : 'badge badge-invited'}>{statuses[row.status]}</span> },
      { header: t.lastSeen, cell: (row) => (row.lastSeenAt ? <When at={row.lastSeenAt} /> : t.never) },
    ],
    actions: [makeAdmin(t, language), makeStaff(t, language), remove(t)],
  })
}
