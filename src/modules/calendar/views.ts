import type { FormState } from '../../shared/form-state.js'
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
  /** An administrator's: the obligations' « Ajouter » and « Modifier » (staff read them only, contract §11). */
  canEdit: boolean
}

/** /admin-dashboard/calendar/obligations/new and /:id: an obligation's form (administrators, contract §8 and §11). */
export interface ObligationFormProps {
  /** The obligation changed; none for a new one. */
  obligation: ObligationView | null
  types: Array<{ id: number; typeName: string }>
  form?: FormState | undefined
}

/** /admin-dashboard/calendar/obligations/:id/delete: the deletion's confirmation. */
export interface ObligationDeleteProps {
  obligation: ObligationView
  form?: FormState | undefined
}

/** The pages the calendar renders, handed to it by app.ts (src/ never imports views/). */
export interface CalendarViews {
  ClientCalendarPage: Page<ClientCalendarProps>
  FirmCalendarPage: Page<FirmCalendarProps>
  ObligationFormPage: Page<ObligationFormProps>
  ObligationDeletePage: Page<ObligationDeleteProps>
}
