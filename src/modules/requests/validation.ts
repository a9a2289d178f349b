import { firstFailure, hasControlChars, hasControlCharsInText, multilineText, nameText, text, type Checked } from '../../shared/validation.js'
import { messages, NOTE_MAX, TITLE_MAX } from './texts.js'

export interface NewRequestFields {
  userId: number
  typeId: number
  title: string
  note: string
  dueDate: string
}

const DAY = /^[0-9]{4}-[0-9]{2}-[0-9]{2}$/

/** A positive integer id from JSON (a number) or a form (a string); 0 when absent or malformed. */
export function idOf(value: unknown): number {
  const id = typeof value === 'number' ? value : typeof value === 'string' && /^[0-9]{1,15}$/.test(value.trim()) ? Number(value.trim()) : 0
  return Number.isSafeInteger(id) && id > 0 ? id : 0
}

/** A real calendar day `YYYY-MM-DD` (not 2026-02-30). */
export function isDay(value: string): boolean {
  if (!DAY.test(value)) return false
  const date = new Date(`${value}T00:00:00.000Z`)
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value
}

/**
 * "Demander un document", shared by the API and the island: client, type, title, note, then the
 * due date, which is `today` (the firm's day, Algiers time) or later.
 */
export function checkNewRequest(input: Record<string, unknown>, today: string): Checked<NewRequestFields> {
  const userId = idOf(input.userId)
  const typeId = idOf(input.typeId)
  const title = nameText(input.title)
  // Mailed to the client: line breaks normalised, other control characters refused (as a description).
  const note = multilineText(input.note)
  const dueDate = text(input.dueDate)
  const failure = firstFailure([
    [!userId, messages.clientRequired],
    [!typeId, messages.typeRequired],
    [!title, messages.titleRequired],
    [title.length > TITLE_MAX, messages.titleTooLong],
    [hasControlChars(title), messages.titleInvalid],
    [note.length > NOTE_MAX, messages.noteTooLong],
    [hasControlCharsInText(note), messages.noteInvalid],
    [!dueDate, messages.dueDateRequired],
    [!isDay(dueDate), messages.dueDateInvalid],
    [dueDate < today, messages.dueDatePast],
  ])
  return failure ? { ok: false, message: failure } : { ok: true, value: { userId, typeId, title, note, dueDate } }
}
