import type { JournalAction } from '../../../src/modules/journal/actions.js'
import { words } from '../../../src/modules/journal/words.js'
import { useWords } from '../../runtime/words.js'

/** An entry as the pages show it: the contract's entry, whose it is, and whether its pages still exist. */
export interface ShownEntry {
  id: number
  at: Date
  action: string
  actor: { id: number; username: string } | null
  subject: { type: string; id: number; label: string } | null
  ip: string | null
  ownerId: number | null
  subjectLive?: boolean
  actorLive?: boolean
}

/** Each action's name in the render's language (an action the catalogue does not know: its code). */
export function useActionLabel(): (action: string) => string {
  const { actions } = useWords(words)
  return (action) => actions[action as JournalAction] ?? action
}

const SUBJECT_KIND: Record<string, string> = { user: 'Compte', document: 'Document', type: 'Type', message: 'Message' }

/** Where a subject is seen: a user's or a document's owner's profile, the types page, the inbox. */
export function subjectHref(subject: NonNullable<ShownEntry['subject']>, ownerId: number | null): string | undefined {
  if (subject.type === 'user') return `/users/profile/${subject.id}`
  if (subject.type === 'document') return ownerId === null ? undefined : `/users/profile/${ownerId}`
  if (subject.type === 'type') return '/admin-dashboard/documents/types'
  if (subject.type === 'message') return '/admin-dashboard/messages'
  return undefined
}

/** The subject: its kind, then its label, linked to its page while it exists. */
export function Subject({ entry, links }: { entry: ShownEntry; links: boolean }) {
  const { subject } = entry
  if (!subject) return <span className="journal-none">—</span>
  const href = links && entry.subjectLive ? subjectHref(subject, entry.ownerId) : undefined
  return (
    <>
      <span className="journal-kind">{SUBJECT_KIND[subject.type] ?? subject.type} : </span>
      {href ? <a href={href}>{subject.label}</a> : <span>{subject.label}</span>}
      {links && !entry.subjectLive && <span className="journal-gone"> (supprimé)</span>}
    </>
  )
}
