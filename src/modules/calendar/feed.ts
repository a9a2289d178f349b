import ical, { ICalCalendarMethod } from 'ical-generator'
import { FIRM_TIME_ZONE } from '../../shared/time.js'
import type { CalendarItem } from './service.js'
import { words } from './words.js'

/**
 * The calendar as an iCalendar feed (RFC 5545, contract §11): one all-day VEVENT per item, its UID
 * stable across fetches (the obligation, the period and the company), so a phone updates an event
 * rather than adding another.
 */
export function feedOf(items: CalendarItem[], host: string, now: Date): string {
  const texts = words.fr
  const calendar = ical({ name: texts.feedName, prodId: { company: 'cabinet', product: 'portail', language: 'FR' }, method: ICalCalendarMethod.PUBLISH, timezone: FIRM_TIME_ZONE, ttl: 3600 })
  for (const item of items) {
    const day = new Date(`${item.dueDate}T12:00:00.000Z`)
    calendar.createEvent({
      id: `${item.obligation.id}-${item.period}-${item.user.id}@${host}`,
      start: day,
      allDay: true,
      stamp: now,
      summary: `${item.obligation.label} — ${item.user.entreprise || item.user.username}`,
      description: texts.eventDescription(item.obligation.label, texts.statuses[item.status]),
    })
  }
  return calendar.toString()
}
