import { actionMail, firmMail } from '../../mail/layout.js'
import { mailDates } from '../../mail/dates.js'
import type { Mail } from '../../mail/mailer.js'
import { addDays, firmTimeOn } from '../../shared/time.js'
import { wordsOf, type Language } from '../../shared/words.js'
import { mailTexts } from './texts.js'
import { mailWords } from './words.js'

/** Contract §7: reminders 3 days before, on the due date, then every 7 days while overdue, at most 4. */
export const DAYS_BEFORE = 3
export const OVERDUE_EVERY_DAYS = 7
export const OVERDUE_REMINDERS = 4

/** A day of a four-digit year: what `addDays` gives past 9999 (`+010000-01-07`) is not. */
const STORABLE_DAY = /^[0-9]{4}-/

export type ReminderStep = { kind: 'soon' } | { kind: 'due' } | { kind: 'overdue'; days: number }

/**
 * When each reminder of a request due on `dueDate` goes: at `hour` o'clock (REMINDER_HOUR, Algiers
 * time) of its day; a step whose time is already past at `createdAt` is left out (the mail of the
 * request itself says as much), and so is one past the year 9999, which no date column stores (a
 * due date late in 9999, which contract §7 accepts as "today or later": its time was written
 * `+010000-…`, refused by MariaDB and due at once for SQLite's text comparison).
 */
export function reminderSchedule(dueDate: string, createdAt: Date, hour: number): Array<{ step: ReminderStep; at: Date }> {
  const steps: Array<{ step: ReminderStep; day: string }> = [
    { step: { kind: 'soon' }, day: addDays(dueDate, -DAYS_BEFORE) },
    { step: { kind: 'due' }, day: dueDate },
    ...Array.from({ length: OVERDUE_REMINDERS }, (_, i) => {
      const days = (i + 1) * OVERDUE_EVERY_DAYS
      return { step: { kind: 'overdue', days } as ReminderStep, day: addDays(dueDate, days) }
    }),
  ]
  return steps
    .filter(({ day }) => STORABLE_DAY.test(day))
    .map(({ step, day }) => ({ step, at: firmTimeOn(day, hour) }))
    .filter(({ at }) => at.getTime() > createdAt.getTime())
}

/** What a mail to the client says about the request. */
export interface RequestFacts {
  title: string
  note: string
  dueDate: string
  typeName: string
}

/**
 * The mail of the request (`step` undefined) or of one reminder, to one of the client's people, with
 * a link to their space, in that person's language (contract §10).
 */
export function clientMail(to: { email: string; language: Language }, facts: RequestFacts, step: ReminderStep | undefined, spaceUrl: string): Mail {
  const words = wordsOf(mailWords, to.language)
  const { subject, lead } =
    step === undefined
      ? { subject: words.created.subject(facts.title), lead: words.created.lead }
      : step.kind === 'overdue'
        ? { subject: words.overdue.subject(facts.title), lead: words.overdue.lead(step.days) }
        : { subject: words[step.kind].subject(facts.title), lead: words[step.kind].lead }
  return {
    to: to.email,
    subject,
    ...actionMail(
      {
        greeting: words.greeting,
        lines: [lead, facts.title, ...words.lines(facts.typeName, mailDates(to.language).day(facts.dueDate)), ...(facts.note ? ['', facts.note] : [])],
        action: words.action,
        url: spaceUrl,
        footer: words.footer,
      },
      to.language,
    ),
  }
}

/** The firm's mail when a client's upload answers a request (French, as every mail to the firm: contract §10). */
export function fulfilledMail(to: string, username: string, facts: RequestFacts, fileName: string, listUrl: string): Mail {
  return {
    to,
    subject: mailTexts.fulfilled.subject(username, facts.title),
    ...firmMail({ lines: mailTexts.fulfilled.lines(username, facts.title, facts.typeName, fileName), action: mailTexts.fulfilled.action, url: listUrl }),
  }
}
