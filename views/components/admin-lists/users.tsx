import type { Wire } from '../../../src/shared/wire.js'
import type { AccountRow } from '../../../src/modules/clients/types.js'
import { Person, personLabel } from '../Person.js'
import { When } from '../When.js'
import { AvatarCell, YesNoBadge } from './cells.js'
import { callApi, defineKind, type Column } from './types.js'
import { MailLink } from '../MailLink.js'
import { adminListWords } from './words.js'
import { wordsOf, type Language } from '../../../src/shared/words.js'

/** A registered user as the clients module's lists answer it. */
export type UserRow = Wire<AccountRow>

type Words = (typeof adminListWords)['fr']

const identityColumns = ({ users: t }: Words): Column<UserRow>[] => [
  { header: t.photo, cell: (row) => <AvatarCell photo={row.profilePhoto} />, className: 'admin-cell-photo' },
  { header: t.name, cell: (row) => <Person person={row} />, className: 'admin-cell-text' },
  { header: t.email, cell: (row) => <MailLink address={row.email} />, className: 'admin-cell-text' },
  { header: t.registered, cell: (row) => <When at={row.createdAt} /> },
]

const deleteUser = (w: Words, text: (row: UserRow) => string) => ({
  label: w.delete,
  tone: 'danger' as const,
  confirm: (row: UserRow) => ({ title: w.users.deleteTitle(row.username), text: text(row), confirmLabel: w.delete }),
  run: (row: UserRow) => callApi('DELETE', `/api/users/profile/${row.id}`),
  form: 'delete',
})

/** Registered, not yet accepted (verified or not): accept or delete. */
export const newUsersKind = (language: Language) => {
  const w = wordsOf(adminListWords, language)
  const t = w.users
  return defineKind<UserRow>({
    path: '/admin-dashboard/new-users',
    endpoint: '/api/users/users-profile',
    caption: t.newCaption,
    search: t.search,
    dates: true,
    empty: t.newEmpty,
    rowName: personLabel,
    columns: [...identityColumns(w), { header: t.verified, cell: (row) => <YesNoBadge value={row.isVerified} /> }],
    actions: [
      {
        label: t.accept,
        tone: 'primary',
        confirm: (row) => ({ title: t.acceptTitle(row.username), text: t.acceptText, confirmLabel: t.accept, tone: 'primary' }),
        run: (row) => callApi('POST', `/api/users/accept/${row.id}`),
        form: 'accept',
      },
      deleteUser(w, (row) => t.deleteNew(row.username)),
    ],
  })
}

/** Who serves the client (contract §9), by name; a dash for no one yet. */
function StaffNames({ staff }: { staff: UserRow['staff'] }) {
  return <>{staff.length === 0 ? '—' : staff.map((person) => person.username).join(', ')}</>
}

const clientColumns = (w: Words): Column<UserRow>[] => [...identityColumns(w), { header: w.users.servedBy, cell: (row) => <StaffNames staff={row.staff} />, className: 'admin-cell-text' }]
const seeProfile = (w: Words) => ({ label: w.users.seeProfile, tone: 'neutral' as const, href: (row: UserRow) => `/users/profile/${row.id}` })

/** Accepted clients: who serves them, see the profile or delete. The toolbar's « Suivi par » comes from the page (the firm's people). */
export const clientsKind = (language: Language) => {
  const w = wordsOf(adminListWords, language)
  return defineKind<UserRow>({
    path: '/admin-dashboard/clients',
    endpoint: '/api/users/clients-profile',
    caption: w.users.clientsCaption,
    search: w.users.search,
    dates: true,
    empty: w.users.clientsEmpty,
    rowName: personLabel,
    columns: clientColumns(w),
    actions: [seeProfile(w), deleteUser(w, (row) => w.users.deleteClient(row.username))],
  })
}

/** A staff member's clients (contract §9): the same list, without deleting (the administrators' alone). */
export const assignedClientsKind = (language: Language) => {
  const w = wordsOf(adminListWords, language)
  return defineKind<UserRow>({
    path: '/admin-dashboard/clients',
    endpoint: '/api/users/clients-profile',
    caption: w.users.mineCaption,
    search: w.users.search,
    dates: true,
    empty: w.users.mineEmpty,
    rowName: personLabel,
    columns: clientColumns(w),
    actions: [seeProfile(w)],
  })
}
