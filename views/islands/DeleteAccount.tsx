import { useEffect, useState } from 'react'
import { api } from '../client/api.js'
import { showToast } from '../client/toast.js'
import { ConfirmDialog, type ConfirmRequest } from '../components/ConfirmDialog.js'
import { useHydrated } from '../components/useHydrated.js'
import { deleteAccountWords } from '../../src/modules/identity/profile-words.js'
import { useWords } from '../runtime/words.js'

/** Spec §4, §9: the deleted flag resets after this long; the session is gone, so the page then goes home. */
const DELETED_FLAG_MS = 2000


/** The owner's delete-account section: a confirmation, DELETE /api/users/profile/:id, then home. */
export default function DeleteAccount({ userId }: { userId: number }) {
  const words = useWords(deleteAccountWords)
  const confirmRequest: ConfirmRequest = { title: words.confirmTitle, text: words.confirmText, confirmLabel: words.confirmLabel, tone: 'danger' }
  const hydrated = useHydrated()
  const [asking, setAsking] = useState(false)
  const [loading, setLoading] = useState(false)
  const [deleted, setDeleted] = useState(false)

  useEffect(() => {
    if (!deleted) return
    const timer = window.setTimeout(() => {
      setDeleted(false)
      window.location.assign('/')
    }, DELETED_FLAG_MS)
    return () => window.clearTimeout(timer)
  }, [deleted])

  async function confirm() {
    setAsking(false)
    setLoading(true)
    const result = await api(`/api/users/profile/${userId}`, { method: 'DELETE' })
    if (!result.ok) {
      setLoading(false)
      return showToast('error', result.message)
    }
    setDeleted(true)
    setLoading(false)
    showToast('success', result.data.message ?? words.deletedToast)
  }

  return (
    <div className="profile-delete" aria-busy={loading} data-hydrated={hydrated || undefined}>
      <p>{words.lead}</p>
      {hydrated ? (
        <button type="button" className="button button-danger" disabled={loading || deleted} onClick={() => setAsking(true)}>
          {loading ? words.deleting : words.delete}
        </button>
      ) : (
        // Without JavaScript (contract §8), the dialog is a page asking the same, posting to itself.
        <a className="button button-danger" href="/users/profile/delete">
          {words.delete}
        </a>
      )}
      <p className="profile-delete-status" role="status">
        {deleted ? words.deleted : ''}
      </p>
      <ConfirmDialog request={asking ? confirmRequest : null} onConfirm={() => void confirm()} onCancel={() => setAsking(false)} />
    </div>
  )
}
