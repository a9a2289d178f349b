import type { Wire } from '../../../src/shared/wire.js'
import type { AccountRow } from '../../../src/modules/clients/types.js'
import { Person, personLabel } from '../Person.js'
import { When } from '../When.js'
import { AvatarCell, YesNoBadge } from './cells.js'
import { callApi, defineKind, type Column } from './types.js'
import { MailLink } from '../MailLink.js'

/** A registered user as the clients module's lists answer it. */
export type UserRow = Wire<AccountRow>

const identityColumns: Column<UserRow>[] = [
  { header: 'Photo', cell: (row) => <AvatarCell photo={row.profilePhoto} />, className: 'admin-cell-photo' },
  { header: 'Nom', cell: (row) => <Person person={row} />, className: 'admin-cell-text' },
  { header: 'E-mail', cell: (row) => <MailLink address={row.email} />, className: 'admin-cell-text' },
  { header: 'Inscrit le', cell: (row) => <When at={row.createdAt} /> },
]

const deleteUser = (text: (row: UserRow) => string) => ({
  label: 'Supprimer',
  tone: 'danger' as const,
  confirm: (row: UserRow) => ({ title: `Supprimer ${row.username} ?`, text: text(row), confirmLabel: 'Supprimer' }),
  run: (row: UserRow) => callApi('DELETE', `/api/users/profile/${row.id}`),
  form: 'delete',
})

/** Registered, not yet accepted (verified or not): accept or delete. */
export const newUsersKind = defineKind<UserRow>({
  path: '/admin-dashboard/new-users',
  endpoint: '/api/users/users-profile',
  caption: 'Utilisateurs en attente d’acceptation',
  search: 'Nom, e-mail ou entreprise',
  dates: true,
  empty: 'Aucun nouvel utilisateur.',
  rowName: personLabel,
  columns: [...identityColumns, { header: 'E-mail vérifié', cell: (row) => <YesNoBadge value={row.isVerified} /> }],
  actions: [
    {
      label: 'Accepter',
      tone: 'primary',
      confirm: (row) => ({
        title: `Accepter ${row.username} ?`,
        text: 'Un utilisateur accepté ne peut plus être remis en attente : il aura accès à son espace documents.',
        confirmLabel: 'Accepter',
        tone: 'primary',
      }),
      run: (row) => callApi('POST', `/api/users/accept/${row.id}`),
      form: 'accept',
    },
    deleteUser((row) => `Le compte de ${row.username} et ses documents seront supprimés.`),
  ],
})

/** Who serves the client (contract §9), by name; a dash for no one yet. */
function StaffNames({ staff }: { staff: UserRow['staff'] }) {
  return <>{staff.length === 0 ? '—' : staff.map((person) => person.username).join(', ')}</>
}

const clientColumns: Column<UserRow>[] = [...identityColumns, { header: 'Suivi par', cell: (row) => <StaffNames staff={row.staff} />, className: 'admin-cell-text' }]
const seeProfile = { label: 'Voir le profil', tone: 'neutral' as const, href: (row: UserRow) => `/users/profile/${row.id}` }

/** Accepted clients: who serves them, see the profile or delete. The toolbar's « Suivi par » comes from the page (the firm's people). */
export const clientsKind = defineKind<UserRow>({
  path: '/admin-dashboard/clients',
  endpoint: '/api/users/clients-profile',
  caption: 'Clients acceptés',
  search: 'Nom, e-mail ou entreprise',
  dates: true,
  empty: 'Aucun client.',
  rowName: personLabel,
  columns: clientColumns,
  actions: [seeProfile, deleteUser((row) => `${row.username} ne pourra plus être récupéré : son compte et ses documents seront supprimés.`)],
})

/** A staff member's clients (contract §9): the same list, without deleting (the administrators' alone). */
export const assignedClientsKind = defineKind<UserRow>({
  path: '/admin-dashboard/clients',
  endpoint: '/api/users/clients-profile',
  caption: 'Mes clients',
  search: 'Nom, e-mail ou entreprise',
  dates: true,
  empty: 'Aucun client ne vous est confié pour le moment.',
  rowName: personLabel,
  columns: clientColumns,
  actions: [seeProfile],
})
