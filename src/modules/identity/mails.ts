import type { Mail } from '../../mail/mailer.js'
import { actionMail, firmMail } from '../../mail/layout.js'
import { formatDateTimeFr, formatInstantFr } from '../../shared/time.js'
import { describeUserAgent } from '../../shared/user-agent.js'

const FOOTER = 'Si vous n’êtes pas à l’origine de cette demande, ignorez simplement ce message.'

/** Links are built from PUBLIC_URL only, never from the request's Host header. */
/**
 * Nothing the registrant typed (their username) goes into this mail: the address is not verified
 * yet, so the text would reach whoever owns it from the firm's address (issue 9, finding 5).
 */
export function verificationMail(publicUrl: string, to: string, userId: number, token: string): Mail {
  const url = `${publicUrl}/users/${userId}/verify/${token}`
  return {
    to,
    subject: 'Vérifiez votre adresse e-mail',
    ...actionMail({
      greeting: 'Bonjour,',
      lines: ['Merci pour votre inscription sur le portail client du cabinet.', 'Pour activer votre compte, confirmez votre adresse e-mail (lien valable 24 heures).'],
      action: 'Vérifier mon adresse e-mail',
      url,
      footer: FOOTER,
    }),
  }
}

/**
 * To the owner of an address that already has an account (or a pending invitation), when someone
 * registers with it: the registration answers as for a new address, so that it tells nobody which
 * addresses have an account; the owner learns of it here, with the ways back in. Nothing the
 * registrant typed goes into it.
 */
export function registrationAttemptMail(publicUrl: string, to: string): Mail {
  return {
    to,
    subject: 'Tentative d’inscription avec votre adresse e-mail',
    ...actionMail({
      greeting: 'Bonjour,',
      lines: [
        'Quelqu’un vient de demander une inscription sur le portail client du cabinet avec votre adresse e-mail, qui a déjà un compte (ou une invitation en attente) : aucun nouveau compte n’a été créé.',
        'Si c’était vous, connectez-vous avec votre mot de passe, ou choisissez-en un nouveau depuis « Mot de passe oublié ».',
      ],
      action: 'Se connecter',
      url: `${publicUrl}/login`,
      footer: 'Si vous n’êtes pas à l’origine de cette demande, ignorez simplement ce message : votre compte n’a pas changé.',
    }),
  }
}

/** To the firm (contract §4): a client's address is verified and awaits acceptance. */
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

export function resetMail(publicUrl: string, to: string, username: string, userId: number, token: string): Mail {
  const url = `${publicUrl}/reset-password/${userId}/${token}`
  return {
    to,
    subject: 'Réinitialisation de votre mot de passe',
    ...actionMail({
      greeting: `Bonjour ${username},`,
      lines: ['Vous avez demandé à réinitialiser le mot de passe de votre compte.', 'Choisissez un nouveau mot de passe avec le lien ci-dessous (valable 1 heure, utilisable une seule fois).'],
      action: 'Choisir un nouveau mot de passe',
      url,
      footer: FOOTER,
    }),
  }
}

/** What happened to two-factor sign-in: turned on or off by the owner, or reset by an administrator. */
export type TwoFactorChange = 'enabled' | 'disabled' | 'reset'

const TWO_FACTOR_MAILS: Record<TwoFactorChange, { subject: string; what: string; advice: string }> = {
  enabled: {
    subject: 'Double authentification activée sur votre compte',
    what: 'La double authentification vient d’être activée sur votre compte du portail client.',
    advice: 'Si vous n’êtes pas à l’origine de ce changement, quelqu’un utilise votre compte : choisissez sans attendre un nouveau mot de passe avec le lien ci-dessous et prévenez le cabinet, qui pourra désactiver cette double authentification.',
  },
  disabled: {
    subject: 'Double authentification désactivée sur votre compte',
    what: 'La double authentification vient d’être désactivée sur votre compte du portail client.',
    advice: 'Si vous n’êtes pas à l’origine de ce changement, choisissez sans attendre un nouveau mot de passe avec le lien ci-dessous, puis réactivez la double authentification depuis votre profil.',
  },
  reset: {
    subject: 'Double authentification désactivée par le cabinet',
    what: 'Un administrateur du cabinet a désactivé la double authentification de votre compte du portail client ; vos appareils ont été déconnectés et vos jetons d’accès révoqués.',
    advice: 'Vous vous connectez désormais avec votre mot de passe seul : réactivez la double authentification depuis votre profil. Si vous n’avez rien demandé au cabinet, choisissez un nouveau mot de passe avec le lien ci-dessous et prévenez-le.',
  },
}

/**
 * To the account's address (issue 15): two-factor sign-in was turned on or off, when and from which
 * browser (in words), so that an owner who did not do it knows at once what to do. A reset by an
 * administrator names no browser (the administrator's is not the owner's business).
 */
export function twoFactorMail(publicUrl: string, account: { email: string; username: string }, event: { change: TwoFactorChange; at: Date; userAgent: string | null }): Mail {
  const { subject, what, advice } = TWO_FACTOR_MAILS[event.change]
  return {
    to: account.email,
    subject,
    ...actionMail({
      greeting: `Bonjour ${account.username},`,
      lines: [what, `Date : ${formatDateTimeFr(event.at)} (heure d’Alger)`, ...(event.change === 'reset' ? [] : [`Navigateur : ${describeUserAgent(event.userAgent)}`]), advice],
      action: 'Choisir un nouveau mot de passe',
      url: `${publicUrl}/forget-password`,
      footer: 'Message automatique envoyé pour la sécurité de votre compte.',
    }),
  }
}


/**
 * To the account's address after its password was changed or reset (issue 15): when, from which
 * browser and address, and what to do if it was not them. No link carries a token.
 */
export function passwordChangedMail(publicUrl: string, account: { email: string; username: string }, event: { kind: 'changed' | 'reset'; at: Date; userAgent: string | null; ip: string | null }): Mail {
  const what = event.kind === 'changed' ? 'modifié' : 'réinitialisé'
  return {
    to: account.email,
    subject: `Votre mot de passe a été ${what}`,
    ...actionMail({
      greeting: `Bonjour ${account.username},`,
      lines: [
        `Le mot de passe de votre compte sur le portail client a été ${what} le ${formatInstantFr(event.at)} (heure d’Alger).`,
        `Navigateur : ${describeUserAgent(event.userAgent)}${event.ip ? `\nAdresse IP : ${event.ip}` : ''}`,
        event.kind === 'changed' ? 'Vos autres appareils ont été déconnectés.' : 'Tous vos appareils ont été déconnectés.',
        'Si vous n’êtes pas à l’origine de ce changement, choisissez tout de suite un nouveau mot de passe avec le lien ci-dessous et prévenez le cabinet.',
      ],
      action: 'Choisir un nouveau mot de passe',
      url: `${publicUrl}/forget-password`,
      footer: 'Message automatique envoyé pour la sécurité de votre compte.',
    }),
  }
}

/** An invitation to the firm's team or to a company's (contract §9): the link is the only secret; nothing but names the inviter chose. */
export function invitationMail(publicUrl: string, to: string, invitation: { username: string; team: string; invitedBy: string }, token: string): Mail {
  return {
    to,
    subject: `Invitation au portail client — ${invitation.team}`,
    ...actionMail({
      greeting: `Bonjour ${invitation.username},`,
      lines: [`${invitation.invitedBy} vous invite à rejoindre ${invitation.team} sur le portail client.`, 'Choisissez votre mot de passe avec le lien ci-dessous (valable 7 jours, utilisable une seule fois).'],
      action: 'Accepter l’invitation',
      url: `${publicUrl}/invitations/${token}`,
      footer: 'Si vous ne vous attendiez pas à cette invitation, ignorez simplement ce message.',
    }),
  }
}
