import { actionMail } from '../../mail/layout.js'
import type { Mail } from '../../mail/mailer.js'
import type { AccountSummary } from '../identity/index.js'
import { wordsOf, type Language } from '../../shared/words.js'
import type { Side } from './repository.js'
import { messageWords, texts } from './texts.js'

/**
 * The mail telling one side that the other wrote (the firm's address; of a company's people, `person`,
 * the one the firm's message answers): that there are new messages and where to read
 * them, never their text (docs/decisions/055-messages.md); the firm's in French, the person's in their
 * language (contract §10). The same mail whether it tells of one
 * message or of several grouped, so a waiting one needs no rewriting.
 */
export function noticeMail(settings: { publicUrl: string; firmEmail: string }, to: Side, client: Pick<AccountSummary, 'id' | 'username'>, person: Pick<AccountSummary, 'email'> & { language: Language }): Mail {
  if (to === 'firm') {
    return {
      to: settings.firmEmail,
      subject: texts.firmMailSubject(client.username),
      ...actionMail({ greeting: texts.mailGreeting, lines: texts.firmMailLines(client.username), action: texts.firmMailAction, url: `${settings.publicUrl}/admin-dashboard/clients/${client.id}/messages`, footer: texts.mailFooter }),
    }
  }
  const words = wordsOf(messageWords, person.language)
  return {
    to: person.email,
    subject: words.clientMailSubject,
    ...actionMail({ greeting: words.mailGreeting, lines: [...words.clientMailLines], action: words.clientMailAction, url: `${settings.publicUrl}/messages`, footer: words.mailFooter }, person.language),
  }
}
