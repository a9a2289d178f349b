import { words } from './words.js'

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
  'document.held',
  'document.released',
  'document.purged',
] as const

export type JournalAction = (typeof JOURNAL_ACTIONS)[number]

export type SubjectType = 'user' | 'document' | 'type' | 'message'

/** The French name of each action (the journal's catalogue, ./words.ts, has every language's). */
export const actionLabels: Record<JournalAction, string> = words.fr.actions

/** What the portal does by itself, with no one's session (the retention purge): their entries have no actor. */
export const SYSTEM_ACTIONS: readonly JournalAction[] = ['document.purged']

/** The actions that end each kind of subject: after one, the subject has no page to link to. */
export const DELETION_OF: Record<SubjectType, JournalAction[]> = {
  user: ['user.deleted'],
  document: ['document.deleted', 'document.purged'],
  type: ['type.deleted'],
  message: ['message.deleted'],
}
