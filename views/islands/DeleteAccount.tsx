import { useEffect, useState } from 'react'
import { api } from '../client/api.js'
import { showToast } from '../client/toast.js'
import { ConfirmDialog, type ConfirmRequest } from '../components/ConfirmDialog.js'
import { useHydrated } from '../components/useHydrated.js'

/** Spec §4, §9: the deleted flag resets after this long; the session is gone, so the page then goes home. */
const DELETED_FLAG_MS = 2000

const CONFIRM: ConfirmRequest = {
  title: 'Supprimer votre compte ?',
  text: 'Votre compte, vos documents et votre photo seront supprimés définitivement et vous ne pourrez plus vous connecter. Cette action est irréversible.',
  confirmLabel: 'Supprimer définitivement',
  tone: 'danger',
}

/** The owner's delete-account section: a confirmation, DELETE /api/users/profile/:id, then home. */
export default function DeleteAccount({ userId }: { userId: number }) {
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
    showToast('success', result.data.message ?? 'Compte supprimé.')
  }

  return (
    <div className="profile-delete" aria-busy={loading} data-hydrated={hydrated || undefined}>
      <p>La suppression de votre compte efface aussi vos documents et votre photo. Elle est définitive.</p>
      {hydrated ? (
        <button type="button" className="button button-danger" disabled={loading || deleted} onClick={() => setAsking(true)}>
          {loading ? 'Suppression…' : 'Supprimer mon compte'}
        </button>
      ) : (
        // Without JavaScript (contract §8), the dialog is a page asking the same, posting to itself.
        <a className="button button-danger" href="/users/profile/delete">
          Supprimer mon compte
        </a>
      )}
      <p className="profile-delete-status" role="status">
        {deleted ? 'Votre compte a été supprimé. Retour à l’accueil…' : ''}
      </p>
      <ConfirmDialog request={asking ? CONFIRM : null} onConfirm={() => void confirm()} onCancel={() => setAsking(false)} />
    </div>
  )
}
