import type { Mail } from '../../mail/mailer.js'
import { actionMail, firmMail } from '../../mail/layout.js'
import { mailDates } from '../../mail/dates.js'
import { describeUserAgent } from '../../shared/user-agent.js'
import { wordsOf, type Language } from '../../shared/words.js'
import { mailWords } from './words.js'

/**
 * Identity's mails, each in its recipient's language (contract §10): the words are ./words.ts's
 * `mailWords`. Links are built from PUBLIC_URL only, never from the request's Host header.
 */

/**
 * Nothing the registrant typed (their username) goes into this mail: the address is not verified
 * yet, so the text would reach whoever owns it from the firm's address (issue 9, finding 5). In the
 * language of the page it was made from.
 */
export function verificationMail(publicUrl: string, to: string, userId: number, token: string, language: Language): Mail {
  const words = wordsOf(mailWords, language)
  return {
    to,
    subject: words.verification.subject,
    ...actionMail({ greeting: words.greeting, lines: [...words.verification.lines], action: words.verification.action, url: `${publicUrl}/users/${userId}/verify/${token}`, footer: words.footer }, language),
  }
}

/**
 * To the owner of an address that already has an account (or a pending invitation), when someone
 * registers with it: the registration answers as for a new address, so that it tells nobody which
 * addresses have an account; the owner learns of it here, with the ways back in, in their own
 * account's language. Nothing the registrant typed goes into it.
 */
export function registrationAttemptMail(publicUrl: string, to: string, language: Language): Mail {
  const words = wordsOf(mailWords, language)
  const attempt = words.registrationAttempt
  return { to, subject: attempt.subject, ...actionMail({ greeting: words.greeting, lines: [...attempt.lines], action: attempt.action, url: `${publicUrl}/login`, footer: attempt.footer }, language) }
}

/** To the firm (contract §4): a client's address is verified and awaits acceptance. French, as every mail to the firm (contract §10). */
export function newClientMail(publicUrl: string, firmEmail: string, client: { username: string; email: string; entreprise: string; telephone: string }): Mail {
  return {
    to: firmEmail,
    subject: `Nouveau client à accepter — ${client.entreprise}`,
    ...firmMail({
      lines: [
        'Un nouveau client a vérifié son adresse e-mail et attend votre acceptation.',
        `Nom d’utilisateur : ${client.username}`,
        `Société : ${client.entreprise}`,
        `E-mail : ${client.email}`,
        `Téléphone : ${client.telephone}`,
      ],
      action: 'Voir les nouveaux utilisateurs',
      url: `${publicUrl}/admin-dashboard/new-users`,
    }),
  }
}

export function resetMail(publicUrl: string, account: { email: string; username: string; language: Language }, userId: number, token: string): Mail {
  const words = wordsOf(mailWords, account.language)
  return {
    to: account.email,
    subject: words.reset.subject,
    ...actionMail({ greeting: words.greetingTo(account.username), lines: [...words.reset.lines], action: words.newPassword, url: `${publicUrl}/reset-password/${userId}/${token}`, footer: words.footer }, account.language),
  }
}

/** What happened to two-factor sign-in: turned on or off by the owner, or reset by an administrator. */
export type TwoFactorChange = 'enabled' | 'disabled' | 'reset'

/**
 * To the account's address (issue 15): two-factor sign-in was turned on or off, when and from which
 * browser (in words), so that an owner who did not do it knows at once what to do. A reset by an
 * administrator names no browser (the administrator's is not the owner's business).
 */
export function twoFactorMail(publicUrl: string, account: { email: string; username: string; language: Language }, event: { change: TwoFactorChange; at: Date; userAgent: string | null }): Mail {
  const { language } = account
  const words = wordsOf(mailWords, language)
  const { subject, what, advice } = words.twoFactor[event.change]
  const browser = event.change === 'reset' ? [] : [words.twoFactor.browser(describeUserAgent(event.userAgent, language))]
  return {
    to: account.email,
    subject,
    ...actionMail({ greeting: words.greetingTo(account.username), lines: [what, words.twoFactor.date(mailDates(language).dateTime(event.at)), ...browser, advice], action: words.newPassword, url: `${publicUrl}/forget-password`, footer: words.securityFooter }, language),
  }
}

/**
 * To the account's address after its password was changed or reset (issue 15): when, from which
 * browser and address, and what to do if it was not them. No link carries a token.
 */
export function passwordChangedMail(publicUrl: string, account: { email: string; username: string; language: Language }, event: { kind: 'changed' | 'reset'; at: Date; userAgent: string | null; ip: string | null }): Mail {
  const { language } = account
  const words = wordsOf(mailWords, language)
  const changed = words.passwordChanged
  return {
    to: account.email,
    subject: changed.subject(event.kind),
    ...actionMail(
      {
        greeting: words.greetingTo(account.username),
        lines: [changed.when(event.kind, mailDates(language).instant(event.at)), changed.from(describeUserAgent(event.userAgent, language), event.ip), changed.devices(event.kind), changed.advice],
        action: words.newPassword,
        url: `${publicUrl}/forget-password`,
        footer: words.securityFooter,
      },
      language,
    ),
  }
}

/**
 * An invitation to the firm's team or to a company's (contract §9), in the inviting person's
 * language (contract §10): the link is the only secret; nothing but names the inviter chose. The
 * firm's team is named in the mail's language, a company as it writes itself.
 */
export function invitationMail(publicUrl: string, to: string, invitation: { username: string; team: string; firmTeam: boolean; invitedBy: string }, token: string, language: Language): Mail {
  const words = wordsOf(mailWords, language)
  const team = invitation.firmTeam ? words.invitation.firmTeam : invitation.team
  return {
    to,
    subject: words.invitation.subject(team),
    ...actionMail({ greeting: words.greetingTo(invitation.username), lines: words.invitation.lines(invitation.invitedBy, team), action: words.invitation.action, url: `${publicUrl}/invitations/${token}`, footer: words.invitation.footer }, language),
  }
}
