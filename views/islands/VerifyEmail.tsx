import { useEffect, useState } from 'react'
import { api } from '../client/api.js'
import { showToast } from '../client/toast.js'
import { AuthNotice } from '../components/AuthNotice.js'
import { Spinner } from '../components/Spinner.js'

type VerifyState = 'checking' | 'verified' | 'failed'

/**
 * Verifies from the browser on purpose: mail scanners that prefetch the link run no JavaScript,
 * so they never spend the single-use token.
 */
export default function VerifyEmail({ userId, token, wellFormed }: { userId: string; token: string; wellFormed: boolean }) {
  const [state, setState] = useState<VerifyState>(wellFormed ? 'checking' : 'failed')

  useEffect(() => {
    if (!wellFormed) return
    let live = true
    void api(`/api/auth/${encodeURIComponent(userId)}/verify/${encodeURIComponent(token)}`).then((result) => {
      if (!live) return
      if (!result.ok) showToast('error', result.message)
      setState(result.ok ? 'verified' : 'failed')
    })
    return () => {
      live = false
    }
  }, [userId, token, wellFormed])

  if (state === 'checking') return <Spinner label="Vérification de votre adresse e-mail…" />
  if (state === 'verified') {
    return (
      <AuthNotice tone="success" title="E-mail vérifié" href="/login" action="Se connecter">
        Votre adresse e-mail a été vérifiée avec succès. Vous pouvez maintenant vous connecter.
      </AuthNotice>
    )
  }
  return (
    <AuthNotice tone="error" title="E-mail non trouvé" href="/registration" action="S’inscrire">
      Ce lien de vérification est invalide ou a expiré.
    </AuthNotice>
  )
}
