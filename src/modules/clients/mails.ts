import { actionMail } from '../../mail/layout.js'
import type { Mail } from '../../mail/mailer.js'
import { wordsOf, type Language } from '../../shared/words.js'
import { mailWords } from './words.js'

/** Contract §4: accepting a user tells them that their space is open, with a link to log in, in their language (contract §10). */
export function acceptanceMail(publicUrl: string, to: string, language: Language): Mail {
  const words = wordsOf(mailWords, language)
  return { to, subject: words.subject, ...actionMail({ greeting: words.greeting, lines: [...words.lines], action: words.action, url: `${publicUrl}/login`, footer: words.footer }, language) }
}
