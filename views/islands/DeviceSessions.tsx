import { useState, type FormEvent } from 'react'
import { When } from '../components/When.js'
import { api } from '../client/api.js'
import { showToast } from '../client/toast.js'
import { CardTable } from '../components/CardTable.js'
import { useHydrated } from '../components/useHydrated.js'
import { sessionWords } from '../../src/modules/identity/profile-words.js'
import { useWords } from '../runtime/words.js'

/** A session as the profile shows it: the browser already summarised by the server. */
export interface DeviceSessionRow {
  id: string
  device: string
  ip: string | null
  createdAt: Date
  lastSeenAt: Date
  current: boolean
}


/** The owner's sessions (contract §6): "Déconnecter" for one, and for every other at once. */
export default function DeviceSessions({ rows: initial }: { rows: DeviceSessionRow[] }) {
  const texts = useWords(sessionWords)
  const hydrated = useHydrated()
  const [rows, setRows] = useState(initial)
  const [busy, setBusy] = useState<string | null>(null)

  async function end(event: FormEvent, row: DeviceSessionRow) {
    event.preventDefault()
    setBusy(row.id)
    const result = await api(`/api/auth/sessions/${encodeURIComponent(row.id)}`, { method: 'DELETE' })
    setBusy(null)
    if (!result.ok) return showToast('error', result.message)
    showToast('success', result.data.message ?? texts.end)
    if (row.current) return window.location.assign('/login')
    setRows((all) => all.filter((r) => r.id !== row.id))
  }

  async function endOthers(event: FormEvent) {
    event.preventDefault()
    setBusy('others')
    const result = await api('/api/auth/sessions', { method: 'DELETE' })
    setBusy(null)
    if (!result.ok) return showToast('error', result.message)
    showToast('success', result.data.message ?? texts.endOthers)
    setRows((all) => all.filter((r) => r.current))
  }

  return (
    <div className="profile-sessions" data-hydrated={hydrated || undefined}>
      <p className="profile-sessions-lead">{texts.lead}</p>
      <CardTable
        look="profile"
        rows={rows}
        rowProps={(row) => ({ 'aria-busy': busy === row.id, 'data-session': row.id })}
        columns={[
          {
            label: texts.device,
            wide: true,
            cell: (row) => (
              <>
                {row.device}
                {row.current && <span className="profile-badge profile-session-current">{texts.current}</span>}
              </>
            ),
          },
          { label: texts.address, cell: (row) => row.ip ?? texts.unknownAddress },
          { label: texts.opened, cell: (row) => <When at={row.createdAt} /> },
          { label: texts.lastSeen, cell: (row) => <When at={row.lastSeenAt} /> },
          {
            label: texts.action,
            unseen: true,
            cell: (row) => (
              // A plain post without JavaScript (contract §8); the island's call once hydrated.
              <form method="post" action={`/users/profile/sessions/${encodeURIComponent(row.id)}/end`} onSubmit={hydrated ? (event) => void end(event, row) : undefined}>
                <button type="submit" className="profile-action-danger" disabled={busy !== null} aria-label={`${texts.end} : ${row.device}${row.current ? ` (${texts.current})` : ''}`}>
                  {busy === row.id ? texts.ending : texts.end}
                </button>
              </form>
            ),
          },
        ]}
      />
      {rows.some((row) => !row.current) && (
        <form method="post" action="/users/profile/sessions/end-others" onSubmit={hydrated ? (event) => void endOthers(event) : undefined}>
          <button type="submit" className="button button-secondary" disabled={busy !== null}>
            {busy === 'others' ? texts.ending : texts.endOthers}
          </button>
        </form>
      )}
    </div>
  )
}
