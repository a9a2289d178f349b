import { useState } from 'react'
import { api } from '../client/api.js'
import { showToast } from '../client/toast.js'

/**
 * A list's row deleted through the API once its dialog is confirmed (a token revoked, a member
 * removed, a document deleted): the row asked about, the row whose call is under way, the toasts,
 * then `gone` with the row. `asked(row)` opens the dialog, `asked(null)` closes it.
 */
export function useRowDeletion<Row extends { id: number }>(pathOf: (row: Row) => string, done: (row: Row) => string, gone: (row: Row) => void) {
  const [asking, asked] = useState<Row | null>(null)
  const [busyRow, setBusyRow] = useState<number | null>(null)

  async function remove(row: Row) {
    asked(null)
    setBusyRow(row.id)
    const result = await api(pathOf(row), { method: 'DELETE' })
    setBusyRow(null)
    if (!result.ok) return showToast('error', result.message)
    showToast('success', result.data.message ?? done(row))
    gone(row)
  }

  return { asking, asked, busyRow, remove }
}
