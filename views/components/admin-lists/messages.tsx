import type { Wire } from '../../../src/shared/wire.js'
import type { StoredMessage } from '../../../src/modules/contact/index.js'
import { When } from '../When.js'
import { callApi, defineKind } from './types.js'
import { MailLink } from '../MailLink.js'

/** One message of the firm's inbox, as GET /api/users/contact answers it (contract §2). */
export type MessageRow = Wire<StoredMessage>

export const messagesKind = defineKind<MessageRow>({
  path: '/admin-dashboard/messages',
  endpoint: '/api/users/contact',
  caption: 'Messages reçus par le formulaire de contact',
  search: 'Nom, e-mail ou message',
  dates: true,
  empty: 'Aucun message.',
  rowName: (row) => row.name,
  columns: [
    { header: 'Nom', cell: (row) => row.name, className: 'admin-cell-text' },
    { header: 'E-mail', cell: (row) => <MailLink address={row.email} />, className: 'admin-cell-text' },
    { header: 'Téléphone', cell: (row) => <a href={`tel:${row.telephone}`}>{row.telephone}</a> },
    // Scrolls past 9 rem: focusable, so that a keyboard scrolls it too (axe: scrollable-region-focusable).
    { header: 'Message', cell: (row) => <p className="admin-message" tabIndex={0}>{row.message}</p>, className: 'admin-cell-wide' },
    { header: 'Reçu le', cell: (row) => <When at={row.createdAt} /> },
  ],
  actions: [
    {
      label: 'Supprimer',
      tone: 'danger',
      confirm: (row) => ({ title: 'Supprimer ce message ?', text: `Le message de ${row.name} sera définitivement supprimé.`, confirmLabel: 'Supprimer' }),
      run: (row) => callApi('DELETE', `/api/users/contact/${row.id}`),
      form: 'delete',
    },
  ],
})
