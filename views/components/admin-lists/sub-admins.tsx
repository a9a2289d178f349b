import type { StaffPerson } from '../../../src/modules/team/staff-schemas.js'
import { roleLabels, staffTexts, statusLabels } from '../../../src/modules/team/staff-validation.js'
import type { Wire } from '../../../src/shared/wire.js'
import { api } from '../../client/api.js'
import { MailLink } from '../MailLink.js'
import { When } from '../When.js'
import { callApi, defineKind, type ActionOutcome, type RowAction } from './types.js'

/** One person of the firm, as GET /api/staff lists them (contract §9). */
export type SubAdminRow = Wire<StaffPerson>

/** PATCH /api/staff/:id: its answer is the person; the toast says what changed, then the list is fetched again. */
async function changeRole(row: SubAdminRow, role: StaffPerson['role']): Promise<ActionOutcome> {
  const result = await api<SubAdminRow>(`/api/staff/${row.id}`, { method: 'PATCH', body: { role } })
  return result.ok ? { ok: true, message: staffTexts.roleChanged(row.username, role), effect: 'refresh' } : { ok: false, message: result.message }
}

const makeAdmin: RowAction<SubAdminRow> = {
  label: 'Nommer administrateur',
  tone: 'neutral',
  shown: (row) => row.role === 'staff',
  confirm: (row) => ({
    title: `Nommer ${row.username} administrateur ?`,
    text: `${row.username} aura tous les droits : tous les clients, l’acceptation et la suppression des comptes, les types de documents, l’équipe du cabinet et le journal complet.`,
    confirmLabel: 'Nommer administrateur',
    tone: 'primary',
  }),
  run: (row) => changeRole(row, 'admin'),
  form: 'make-admin',
}

const makeStaff: RowAction<SubAdminRow> = {
  label: 'Passer collaborateur',
  tone: 'neutral',
  shown: (row) => row.role === 'admin',
  confirm: (row) => ({
    title: `Passer ${row.username} collaborateur ?`,
    text: `${row.username} ne verra plus que les clients qui lui sont confiés. Ses sessions et ses jetons d’accès seront fermés : il devra se reconnecter.`,
    confirmLabel: 'Passer collaborateur',
    tone: 'primary',
  }),
  run: (row) => changeRole(row, 'staff'),
  form: 'make-staff',
}

const remove: RowAction<SubAdminRow> = {
  label: 'Retirer',
  tone: 'danger',
  confirm: (row) => ({
    title: `Retirer ${row.username} de l’équipe ?`,
    text:
      row.status === 'invited'
        ? 'Son invitation ne fonctionnera plus.'
        : `${row.username} ne pourra plus se connecter : ses sessions et ses jetons d’accès sont fermés immédiatement et les clients qui lui étaient confiés ne le sont plus. Son nom reste dans le journal et les conversations.`,
    confirmLabel: 'Retirer',
  }),
  run: (row) => callApi('DELETE', `/api/staff/${row.id}`),
  form: 'remove',
}

/** The firm's people (contract §9): administrators and staff, invited or active; change role, remove. */
export const subAdminsKind = defineKind<SubAdminRow>({
  path: '/admin-dashboard/sub-admins',
  endpoint: '/api/staff',
  caption: 'L’équipe du cabinet',
  search: 'Nom ou e-mail',
  dates: true,
  empty: 'Personne ne correspond à cette recherche.',
  rowName: (row) => row.username,
  columns: [
    { header: 'Nom', cell: (row) => row.username, className: 'admin-cell-text' },
    { header: 'E-mail', cell: (row) => <MailLink address={row.email} />, className: 'admin-cell-text' },
    { header: 'Rôle', cell: (row) => roleLabels[row.role] },
    { header: 'Clients suivis', cell: (row) => row.clients },
    { header: 'Statut', cell: (row) => <span className={row.status === 'active' ? 'badge badge-yes' : 'badge badge-invited'}>{statusLabels[row.status]}</span> },
    { header: 'Dernière activité', cell: (row) => (row.lastSeenAt ? <When at={row.lastSeenAt} /> : 'Jamais') },
  ],
  actions: [makeAdmin, makeStaff, remove],
})
