import { checkedBy, hasControlChars, hasControlCharsInText, multilineText, nameText, text, type Checked } from '../../shared/validation.js'
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
 * due date, which is `today` (the firm's day, Algiers time) or later. Each rule names its field, for
 * the page answered again without JavaScript (contract §8); the API answers the first message.
 */
export function checkNewRequest(input: Record<string, unknown>, today: string): Checked<NewRequestFields> {
  const userId = idOf(input.userId)
  const typeId = idOf(input.typeId)
  const title = nameText(input.title)
  // Mailed to the client: line breaks normalised, other control characters refused (as a description).
  const note = multilineText(input.note)
  const dueDate = text(input.dueDate)
  return checkedBy(
    [
      [!userId, messages.clientRequired, 'userId'],
      [!typeId, messages.typeRequired, 'typeId'],
      [!title, messages.titleRequired, 'title'],
      [title.length > TITLE_MAX, messages.titleTooLong, 'title'],
      [hasControlChars(title), messages.titleInvalid, 'title'],
      [note.length > NOTE_MAX, messages.noteTooLong, 'note'],
      [hasControlCharsInText(note), messages.noteInvalid, 'note'],
      [!dueDate, messages.dueDateRequired, 'dueDate'],
      [!isDay(dueDate), messages.dueDateInvalid, 'dueDate'],
      [dueDate < today, messages.dueDatePast, 'dueDate'],
    ],
    () => ({ userId, typeId, title, note, dueDate }),
  )
}
