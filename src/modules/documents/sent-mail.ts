import { actionMail } from '../../mail/layout.js'
import type { Mail } from '../../mail/mailer.js'

/**
 * Contract §7: the client is told that the firm put a document in their space, with a link to it;
 * `answering`, the title of the client's request it answers (issue 16), if any.
 */
export function sentDocumentMail(publicUrl: string, to: string, document: { name: string; description: string }, answering?: string): Mail {
  return {
    to,
    subject: 'Le cabinet vous a envoyé un document',
    ...actionMail({
      greeting: 'Bonjour,',
      lines: [
        'Le cabinet vous a envoyé un document dans votre espace client :',
        document.name,
        ...(document.description ? [document.description] : []),
        ...(answering ? [`Il répond à la demande « ${answering} » : vous n’avez plus rien à envoyer pour elle.`] : []),
        'Vous le trouverez sous « Reçus du cabinet ».',
      ],
      action: 'Voir le document',
      url: `${publicUrl}/files#recus-du-cabinet`,
      footer: 'Message automatique du portail client du cabinet.',
    }),
  }
}
