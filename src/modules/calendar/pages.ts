import type { FastifyPluginAsync } from 'fastify'
import { addDays } from '../../shared/time.js'
import { firmOnly, userOnly } from '../identity/index.js'
import type { Calendar } from './service.js'
import type { CalendarViews } from './views.js'
import { words } from './words.js'

/** The client's /calendar and the firm's /admin-dashboard/calendar (contract §11); plain HTML, no island. */
const calendarPages: FastifyPluginAsync<{ calendar: Calendar; views: CalendarViews; types: () => Promise<Array<{ id: number; typeName: string }>> }> = async (app, { calendar, views, types }) => {
  const { ClientCalendarPage, FirmCalendarPage } = views
  app.navigation.add({ place: 'main', href: '/calendar', label: { fr: words.fr.clientTitle, ar: words.ar.clientTitle }, shows: (user) => user.role === 'client' && user.isAccepted })
  app.navigation.add({ place: 'admin', href: '/admin-dashboard/calendar', label: { fr: words.fr.sidebar, ar: words.ar.sidebar }, shows: (user) => user.isAdmin })

  app.get('/calendar', { preHandler: userOnly, schema: { hide: true } }, async (request, reply) => {
    const user = request.user!
    // The firm's people have the firm's page; the client's page is a company's.
    if (user.companyId === null) return reply.redirect('/', 303)
    const today = calendar.today()
    const items = await calendar.items(user, { from: addDays(today, -62), to: addDays(today, 365) })
    return reply.render(ClientCalendarPage, { items, feedUrl: `${app.config.publicUrl}/api/calendar.ics?token=JETON`, today })
  })

  app.get('/admin-dashboard/calendar', { preHandler: firmOnly, schema: { hide: true } }, async (request, reply) => {
    const [rows, obligations, typeList] = await Promise.all([calendar.overview(request.user!), calendar.listObligations(), types()])
    return reply.render(FirmCalendarPage, { rows, obligations, types: typeList.map((t) => ({ id: t.id, typeName: t.typeName })), today: calendar.today(), canEdit: request.user!.role === 'admin' })
  })
}
export default calendarPages
