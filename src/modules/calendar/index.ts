import fp from 'fastify-plugin'
import type { FastifyInstance } from 'fastify'
import obligationPages from './obligation-pages.js'
import calendarPages from './pages.js'
import calendarRoutes from './routes.js'
import type { CalendarScheduler } from './scheduler.js'
import type { Calendar } from './service.js'
import type { CalendarViews } from './views.js'

/**
 * The calendar's HTTP side (issue 32, contract §11): the obligations, the items and the feed; and its
 * runs, at start (not awaited: the portal starts whatever the database says), hourly and soon after a change.
 */
export default fp(
  async function calendar(app: FastifyInstance, { calendar, scheduler, views, types }: { calendar: Calendar; scheduler: CalendarScheduler; views: CalendarViews; types: () => Promise<Array<{ id: number; typeName: string }>> }) {
    await app.register(calendarRoutes, { calendar, scheduler, publicUrl: app.config.publicUrl })
    await app.register(calendarPages, { calendar, views, types })
    await app.register(obligationPages, { calendar, scheduler, views, types })
    app.addHook('onReady', async () => scheduler.start())
    app.addHook('onClose', async () => scheduler.stop())
  },
  { name: 'calendar', dependencies: ['identity', 'requests', 'render'] },
)

// The module's public face.
export { createCalendar, type Calendar, type CalendarDeps, type CalendarItem } from './service.js'
export { calendarScheduler, type CalendarScheduler } from './scheduler.js'
export type { CalendarItem as CalendarItemView, ObligationView, OverviewRow } from './service.js'
export type { CalendarViews, ClientCalendarProps, FirmCalendarProps, ObligationDeleteProps, ObligationFormProps } from './views.js'
export { OBLIGATIONS_PAGE, obligationPage } from './validation.js'
export { words as calendarWords, texts as calendarTexts } from './words.js'
export { requestTitle, monthFr } from './periods.js'
