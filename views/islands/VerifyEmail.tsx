import { useEffect } from 'react'
import { showToast } from '../client/toast.js'
import { AuthNotice } from '../components/AuthNotice.js'
import { Spinner } from '../components/Spinner.js'
import { useLinkCheck } from '../components/useLinkCheck.js'

/** E-mail verification page (spec §2): checking, then the confirmation or 'E-mail non trouvé'. */
export default function VerifyEmail({ userId, token, wellFormed }: { userId: string; token: string; wellFormed: boolean }) {
  const check = useLinkCheck(`/api/auth/${encodeURIComponent(userId)}/verify/${encodeURIComponent(token)}`, wellFormed)
  const failure = typeof check === 'object' && !check.ok ? check.message : undefined
  useEffect(() => {
    if (failure) showToast('error', failure)
  }, [failure])

  if (check === 'checking') return <Spinner label="Vérification de votre adresse e-mail…" />
  if (check !== 'malformed' && check.ok) {
    return (
      <AuthNotice tone="success" title="E-mail vérifié" href="/login" action="Se connecter">
        {(check.data as { message?: string }).message ?? 'Votre adresse e-mail a été vérifiée avec succès. Vous pouvez maintenant vous connecter.'}
      </AuthNotice>
    )
  }
  return (
    <AuthNotice tone="error" title="E-mail non trouvé" href="/registration" action="S’inscrire">
      Ce lien de vérification est invalide ou a expiré.
    </AuthNotice>
  )
}
