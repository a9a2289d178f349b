import { actionMail } from '../../mail/layout.js'
import type { Mail } from '../../mail/mailer.js'
import { wordsOf, type Language } from '../../shared/words.js'
import { mailWords } from './words.js'

/**
 * Contract §7: the client is told that the firm put a document in their space, with a link to it;
 * `answering`, the title of the client's request it answers (issue 16), if any. In the person's
 * language (contract §10).
 */
export function sentDocumentMail(publicUrl: string, to: { email: string; language: Language }, document: { name: string; description: string }, answering?: string): Mail {
  const words = wordsOf(mailWords, to.language)
  return {
    to: to.email,
    subject: words.subject,
    ...actionMail(
      {
        greeting: words.greeting,
        lines: [words.lead, document.name, ...(document.description ? [document.description] : []), ...(answering ? [words.answers(answering)] : []), words.where],
        action: words.action,
        url: `${publicUrl}/files#recus-du-cabinet`,
        footer: words.footer,
      },
      to.language,
    ),
  }
}
