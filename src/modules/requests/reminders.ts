import { actionMail, firmMail } from '../../mail/layout.js'
import type { Mail } from '../../mail/mailer.js'
import { addDays, firmTimeOn, formatDayFr } from '../../shared/time.js'
import { mailTexts } from './texts.js'

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

/** The mail of the request (`step` undefined) or of one reminder, to the client, with a link to their space. */
export function clientMail(to: string, facts: RequestFacts, step: ReminderStep | undefined, spaceUrl: string): Mail {
  const { subject, lead } =
    step === undefined
      ? { subject: mailTexts.created.subject(facts.title), lead: mailTexts.created.lead }
      : step.kind === 'overdue'
        ? { subject: mailTexts.overdue.subject(facts.title), lead: mailTexts.overdue.lead(step.days) }
        : { subject: mailTexts[step.kind].subject(facts.title), lead: mailTexts[step.kind].lead }
  return {
    to,
    subject,
    ...actionMail({
      greeting: 'Bonjour,',
      lines: [lead, facts.title, ...mailTexts.lines(facts.typeName, formatDayFr(facts.dueDate), facts.note)],
      action: mailTexts.action,
      url: spaceUrl,
      footer: mailTexts.footer,
    }),
  }
}

/** The firm's mail when a client's upload answers a request. */
export function fulfilledMail(to: string, username: string, facts: RequestFacts, fileName: string, listUrl: string): Mail {
  return {
    to,
    subject: mailTexts.fulfilled.subject(username, facts.title),
    ...firmMail({ lines: mailTexts.fulfilled.lines(username, facts.title, facts.typeName, fileName), action: mailTexts.fulfilled.action, url: listUrl }),
  }
}
