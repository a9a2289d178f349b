/** Every action the journal records (contract §6, and §9's for the teams: their subject is the person). */
export const JOURNAL_ACTIONS = [
  'login',
  'login.failed',
  'logout',
  'password.changed',
  'password.reset',
  'user.registered',
  'user.verified',
  'user.accepted',
  'user.deleted',
  'document.uploaded',
  'document.viewed',
  'document.downloaded',
  'document.archived',
  'document.restored',
  'document.deleted',
  'type.created',
  'type.renamed',
  'type.deleted',
  'message.deleted',
  'twofactor.enabled',
  'twofactor.disabled',
  'session.revoked',
  'staff.invited',
  'staff.role_changed',
  'staff.removed',
  'client.assigned',
  'member.invited',
  'member.removed',
  'invitation.accepted',
  'account.exported',
] as const

export type JournalAction = (typeof JOURNAL_ACTIONS)[number]

export type SubjectType = 'user' | 'document' | 'type' | 'message'

/** The French name of each action, for the page's filter and table (a catalogue can take them). */
export const actionLabels: Record<JournalAction, string> = {
  login: 'Connexion',
  'login.failed': 'Connexion refusée',
  logout: 'Déconnexion',
  'password.changed': 'Mot de passe modifié',
  'password.reset': 'Mot de passe réinitialisé',
  'user.registered': 'Inscription',
  'user.verified': 'Adresse vérifiée',
  'user.accepted': 'Compte accepté',
  'user.deleted': 'Compte supprimé',
  'document.uploaded': 'Document déposé',
  'document.viewed': 'Document consulté',
  'document.downloaded': 'Document téléchargé',
  'document.archived': 'Document archivé',
  'document.restored': 'Document restauré',
  'document.deleted': 'Document supprimé',
  'type.created': 'Type créé',
  'type.renamed': 'Type renommé',
  'type.deleted': 'Type supprimé',
  'message.deleted': 'Message supprimé',
  'twofactor.enabled': 'Double authentification activée',
  'twofactor.disabled': 'Double authentification désactivée',
  'session.revoked': 'Session fermée',
  'staff.invited': 'Collaborateur invité',
  'staff.role_changed': 'Rôle modifié',
  'staff.removed': 'Collaborateur retiré',
  'client.assigned': 'Suivi du client modifié',
  'member.invited': 'Membre invité',
  'member.removed': 'Membre retiré',
  'invitation.accepted': 'Invitation acceptée',
  'account.exported': 'Données personnelles exportées',
}

/** The action that ends each kind of subject: after it, the subject has no page to link to. */
export const DELETION_OF: Record<SubjectType, JournalAction> = {
  user: 'user.deleted',
  document: 'document.deleted',
  type: 'type.deleted',
  message: 'message.deleted',
}
