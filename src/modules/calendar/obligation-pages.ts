import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify'
import { formPost } from '../../http/form-post.js'
import { idOf } from '../../http/row-forms.js'
import { IdParamsSchema } from '../../http/schemas.js'
import { wordsOf } from '../../shared/words.js'
import type { FormState } from '../../shared/form-state.js'
import { languageOf } from '../../http/language.js'
import { adminForm, adminOnly } from '../identity/index.js'
import type { CalendarScheduler } from './scheduler.js'
import type { Calendar } from './service.js'
import { OBLIGATION_FIELDS, obligationFromForm, obligationPage, OBLIGATIONS_PAGE } from './validation.js'
import type { CalendarViews } from './views.js'
import { words } from './words.js'

const CALENDAR_PAGE = '/admin-dashboard/calendar'
const NEW_PAGE = `${OBLIGATIONS_PAGE}/new`
const page = { hide: true, params: IdParamsSchema }

/** The months ticked, kept as one value when the page is answered again (the form's state keeps texts). */
function keptMonths(request: FastifyRequest, form: FormState): FormState {
  const months = (request.body as { dueMonths?: unknown } | undefined)?.dueMonths
  const list = Array.isArray(months) ? months : typeof months === 'string' ? [months] : []
  return { ...form, values: { ...form.values, dueMonths: list.filter((m) => typeof m === 'string').join(',') } }
}

/**
 * The obligations' pages (contract §11 « each editable », §8 without JavaScript), administrators
 * alone (staff read the calendar, they change nothing: 403): a new one, one changed, one deleted after
 * its confirmation page; each posts the API's service call, so the checks, the 409 of a code taken
 * and the run that follows a change are the API's. The obligation's id is read with `attachValidation`:
 * a malformed one is a 404, as an unknown one.
 */
const obligationPages: FastifyPluginAsync<{ calendar: Calendar; scheduler: CalendarScheduler; views: CalendarViews; types: () => Promise<Array<{ id: number; typeName: string }>> }> = async (app, { calendar, scheduler, views, types }) => {
  const typeList = async () => (await types()).map(({ id, typeName }) => ({ id, typeName }))
  const said = (request: FastifyRequest) => wordsOf(words, languageOf(request))
  const one = (request: FastifyRequest) => calendar.findObligation(idOf(request))

  const showForm = async (request: FastifyRequest, reply: FastifyReply, form?: FormState) => {
    const obligation = request.url.startsWith(NEW_PAGE) ? null : await one(request)
    return reply.render(views.ObligationFormPage, { obligation, types: await typeList(), form: form && keptMonths(request, form) })
  }
  const check = (body: Record<string, unknown>) => ({ ok: true as const, value: obligationFromForm(body) })
  const keep = OBLIGATION_FIELDS.filter((field) => field !== 'dueMonths')

  app.get(NEW_PAGE, { preHandler: adminOnly, schema: { hide: true } }, (request, reply) => showForm(request, reply))
  app.post(NEW_PAGE, {
    schema: { hide: true },
    preHandler: adminForm(() => NEW_PAGE),
    ...formPost({
      check,
      keep,
      show: showForm,
      act: async (input, request) => {
        await calendar.createObligation(input)
        scheduler.soon()
        return { to: CALENDAR_PAGE, message: said(request).created }
      },
    }),
  })

  app.get(`${OBLIGATIONS_PAGE}/:id`, { preHandler: adminOnly, attachValidation: true, schema: page }, (request, reply) => showForm(request, reply))
  app.post(`${OBLIGATIONS_PAGE}/:id`, {
    schema: page,
    attachValidation: true,
    preHandler: adminForm((request) => request.url),
    ...formPost({
      check,
      keep,
      show: showForm,
      act: async (input, request) => {
        await calendar.updateObligation(idOf(request), input)
        scheduler.soon()
        return { to: CALENDAR_PAGE, message: said(request).saved }
      },
      shownInPlace: [400, 409, 429],
    }),
  })

  const showDelete = async (request: FastifyRequest, reply: FastifyReply, form?: FormState) => reply.render(views.ObligationDeletePage, { obligation: await one(request), form })
  app.get(`${OBLIGATIONS_PAGE}/:id/delete`, { preHandler: adminOnly, attachValidation: true, schema: page }, (request, reply) => showDelete(request, reply))
  app.post(`${OBLIGATIONS_PAGE}/:id/delete`, {
    schema: page,
    attachValidation: true,
    preHandler: adminForm((request) => obligationPage(idOf(request))),
    ...formPost({
      check: () => ({ ok: true as const, value: null }),
      keep: [],
      show: showDelete,
      act: async (_none, request) => {
        await calendar.deleteObligation(idOf(request))
        return { to: CALENDAR_PAGE, message: said(request).deleted }
      },
    }),
  })
}
export default obligationPages
