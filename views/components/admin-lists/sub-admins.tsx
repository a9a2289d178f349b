import { showToast } from '../../client/toast.js'
import { AvatarCell } from './cells.js'
import { defineKind } from './types.js'

export interface SubAdminRow {
  id: number
  username: string
  email: string
  role: string
}

/** The demo entries of the sub-admins screen (spec §2: a placeholder, no server calls). */
export const SAMPLE_SUB_ADMINS: SubAdminRow[] = [
  { id: 1, username: 'Yacine Meziane', email: 'y.meziane@cabinet-benali.dz', role: 'Comptable' },
  { id: 2, username: 'Nadia Cherif', email: 'n.cherif@cabinet-benali.dz', role: 'Auditrice' },
  { id: 3, username: 'Samir Bouzid', email: 's.bouzid@cabinet-benali.dz', role: 'Assistant' },
]

export const subAdminsKind = defineKind<SubAdminRow>({
  path: '/admin-dashboard/sub-admins',
  endpoint: null,
  caption: 'Sous-administrateurs (démonstration)',
  search: null,
  dates: false,
  empty: 'Aucun sous-administrateur.',
  rowName: (row) => row.username,
  columns: [
    { header: 'Photo', cell: () => <AvatarCell photo={null} />, className: 'admin-cell-photo' },
    { header: 'Nom', cell: (row) => row.username },
    { header: 'E-mail', cell: (row) => row.email },
    { header: 'Rôle', cell: (row) => row.role },
  ],
  actions: [
    {
      label: 'Retirer le rôle',
      tone: 'neutral',
      run: async () => {
        showToast('info', 'Démonstration : la gestion des rôles n’est pas encore disponible.')
        return { ok: true, effect: 'none' }
      },
    },
    {
      label: 'Supprimer',
      tone: 'danger',
      confirm: (row) => ({ title: `Supprimer ${row.username} ?`, text: 'Cette entrée de démonstration sera retirée de la liste.', confirmLabel: 'Supprimer' }),
      run: async () => ({ ok: true, message: 'Sous-administrateur supprimé.', effect: 'remove' }),
    },
  ],
})
