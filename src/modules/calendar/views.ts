import type { Page } from '../../render/page.js'
import type { CalendarItem, ObligationView, OverviewRow } from './service.js'

/** The client's /calendar: the company's items, and the feed's address to subscribe to. */
export interface ClientCalendarProps {
  items: CalendarItem[]
  feedUrl: string
  today: string
}

/** The firm's /admin-dashboard/calendar: each obligation's periods of the months ahead, and the obligations. */
export interface FirmCalendarProps {
  rows: OverviewRow[]
  obligations: ObligationView[]
  types: Array<{ id: number; typeName: string }>
  today: string
}

/** The pages the calendar renders, handed to it by app.ts (src/ never imports views/). */
export interface CalendarViews {
  ClientCalendarPage: Page<ClientCalendarProps>
  FirmCalendarPage: Page<FirmCalendarProps>
}
