import type { ReactNode } from 'react'
import { CardTable, type Column } from '../CardTable.js'
import { When } from '../When.js'
import { SYSTEM_ACTIONS, type JournalAction } from '../../../src/modules/journal/actions.js'
import { words } from '../../../src/modules/journal/words.js'
import { useWords } from '../../runtime/words.js'
import { useActionLabel, Subject, type ShownEntry } from './EntryCells.js'

interface JournalTableProps<Entry extends ShownEntry> {
  entries: Entry[]
  /** The back-office's journal, or one's own activity on one's profile. */
  look: 'admin' | 'profile'
  className: string
  caption: ReactNode
  /** Who did it: the firm reads a person with their company and a filter link, the owner a name. */
  person: Column<Entry>
  /** Subjects link to their pages (the firm's journal); the owner's activity names them only. */
  links: boolean
}

/** The journal's entries, newest first: the back-office's journal and a person's « Qui a consulté mes documents ». */
export function JournalTable<Entry extends ShownEntry>({ entries, look, className, caption, person, links }: JournalTableProps<Entry>) {
  const actionLabel = useActionLabel()
  const { system } = useWords(words)
  const columns: Array<Column<Entry>> = [
    { label: 'Date', cell: (entry) => <When at={entry.at} /> },
    { label: 'Action', cell: (entry) => actionLabel(entry.action) },
    // What the portal did by itself (a purge) is the portal's, not an unknown person's.
    { ...person, cell: (entry) => (entry.actor === null && SYSTEM_ACTIONS.includes(entry.action as JournalAction) ? <span className="journal-none">{system}</span> : person.cell(entry)) },
    { label: 'Objet', wide: true, cell: (entry) => <Subject entry={entry} links={links} /> },
    { label: 'Adresse IP', cell: (entry) => entry.ip ?? '—' },
  ]
  return <CardTable look={look} className={className} caption={caption} columns={columns} rows={entries} />
}
