import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { formPost } from '../../http/form-post.js'
import { originOf } from '../../http/origin.js'
import { idOf } from '../../http/row-forms.js'
import { IdParamsSchema } from '../../http/schemas.js'
import type { FormState } from '../../shared/form-state.js'
import { adminForm, adminOnly } from '../identity/index.js'
import type { Team } from './service.js'
import { assignmentTexts, checkStaffIds } from './staff-validation.js'
import type { TeamViews } from './views.js'

/** The client's page, at its « Suivi par » section. */
const profileSection = (clientId: number) => `/users/profile/${clientId}#profile-staff-title`

/**
 * A client's « Suivi par » without JavaScript (contract §8, §9), administrators only: a page of
 * checkboxes (the profile's section posts the same form here), answered by a 303 back to the client's
 * page with a flash, or this page again with the error in place. An unknown client, a member or a
 * firm person is the 404 page; a client not accepted yet, the 409 page.
 */
const assignmentPages: FastifyPluginAsyncTypebox<{ team: Team; views: TeamViews }> = async (app, { team, views }) => {
  const { assignments } = team
  const address = '/admin-dashboard/clients/:id/staff'
  const schema = { hide: true, params: IdParamsSchema }

  async function show(request: FastifyRequest, reply: FastifyReply, answered?: FormState) {
    const form = await assignments.form(idOf(request))
    return reply.render(views.ClientStaffPage, { ...form, answered })
  }

  app.get(address, { schema, attachValidation: true, preHandler: adminOnly }, (request, reply) => show(request, reply))

  app.post(address, {
    schema,
    attachValidation: true,
    preHandler: adminForm((request) => request.url),
    ...formPost({
      // No box ticked sends no `staffIds`: nobody serves the client.
      check: (body) => checkStaffIds(body.staffIds),
      keep: [],
      show,
      act: async ({ staffIds }, request) => {
        const clientId = idOf(request)
        await assignments.assign(clientId, staffIds, request.user!, originOf(request))
        return { to: profileSection(clientId), message: assignmentTexts.saved }
      },
      // The client itself refused (404, 409) has no form to show again: its error page.
      shownInPlace: [400],
    }),
  })
}

export default assignmentPages
