import { actionMail } from '../../mail/layout.js'
import type { Mail } from '../../mail/mailer.js'

/** Contract §4: accepting a user tells them that their space is open, with a link to log in. */
export function acceptanceMail(publicUrl: string, to: string): Mail {
  return {
    to,
    subject: 'Votre espace client est ouvert',
    ...actionMail({
      greeting: 'Bonjour,',
      lines: ['Le cabinet a accepté votre inscription : votre espace client est maintenant ouvert.', 'Vous pouvez vous connecter et nous transmettre vos documents.'],
      action: 'Se connecter',
      url: `${publicUrl}/login`,
      footer: 'Message automatique du portail client du cabinet.',
    }),
  }
}
