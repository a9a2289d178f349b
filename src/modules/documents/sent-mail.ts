import { actionMail } from '../../mail/layout.js'
import type { Mail } from '../../mail/mailer.js'

/** Contract §7: the client is told that the firm put a document in their space, with a link to it. */
export function sentDocumentMail(publicUrl: string, to: string, document: { name: string; description: string }): Mail {
  return {
    to,
    subject: 'Le cabinet vous a envoyé un document',
    ...actionMail({
      greeting: 'Bonjour,',
      lines: [
        'Le cabinet vous a envoyé un document dans votre espace client :',
        document.name,
        ...(document.description ? [document.description] : []),
        'Vous le trouverez sous « Reçus du cabinet ».',
      ],
      action: 'Voir le document',
      url: `${publicUrl}/files#recus-du-cabinet`,
      footer: 'Message automatique du portail client du cabinet.',
    }),
  }
}
