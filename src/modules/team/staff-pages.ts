import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { formPost } from '../../http/form-post.js'
import { listQueryOf, listStateOf, type ListState } from '../../http/list-pages.js'
import { listFilter, ListQuerySchema } from '../../http/lists.js'
import { originOf } from '../../http/origin.js'
import { registerRowForm } from '../../http/row-forms.js'
import type { FormState } from '../../shared/form-state.js'
import { adminForm, adminOnly, checkInvitation } from '../identity/index.js'
import type { Team } from './service.js'
import type { StaffPerson, StaffRole } from './staff-schemas.js'
import { checkStaffInvitation, staffTexts, SUB_ADMINS_PAGE } from './staff-validation.js'
import type { StaffAction } from './staff-views.js'
import type { TeamViews } from './views.js'

/**
 * The sub-admins screen (contract §9), administrators only (staff go home): the firm's people in the
 * shared list, « Inviter » posted to the page without JavaScript (contract §8: a 303 with a flash, or
 * the page again with the errors in place), and each row's role change and removal after its
 * confirmation page, with the JSON routes' service calls and words.
 */
const staffPages: FastifyPluginAsyncTypebox<{ team: Team; views: TeamViews }> = async (app, { team, views }) => {
  const { staff } = team

  async function listPage(request: FastifyRequest, reply: FastifyReply, form?: FormState) {
    const query = listQueryOf(request)
    const { items, total } = await staff.list(listFilter(query))
    return reply.render(views.SubAdminsPage, { items, total, query: listStateOf(query), form })
  }

  app.get(SUB_ADMINS_PAGE, { preHandler: adminOnly, attachValidation: true, schema: { hide: true, querystring: ListQuerySchema } }, (request, reply) => listPage(request, reply))

  app.post(SUB_ADMINS_PAGE, {
    schema: { hide: true, querystring: ListQuerySchema },
    attachValidation: true,
    preHandler: adminForm((request) => request.url),
    ...formPost({
      check: (body) => checkStaffInvitation(body, checkInvitation),
      keep: ['email', 'username', 'role'],
      show: listPage,
      act: async (invitation, request) => {
        const { renewed } = await staff.invite(invitation, request.user!, originOf(request))
        // Back to the list's first page, where the person invited is the newest.
        return { to: SUB_ADMINS_PAGE, message: renewed ? staffTexts.reinvited(invitation.email) : staffTexts.invited(invitation.email) }
      },
    }),
  })

  const guards = { page: adminOnly, form: adminForm }
  const confirm = (action: StaffAction) => ({
    find: staff.find,
    show: (reply: FastifyReply, props: { row: StaffPerson; query: ListState; form?: FormState }) => reply.render(views.ConfirmActionPage, { kind: 'sub-admins', action, ...props }),
  })
  for (const [action, role] of [['make-admin', 'admin'], ['make-staff', 'staff']] as const satisfies ReadonlyArray<readonly [StaffAction, StaffRole]>) {
    registerRowForm(app, guards, {
      list: SUB_ADMINS_PAGE,
      action,
      confirm: confirm(action),
      act: async (id, request) => {
        const { person, changed } = await staff.changeRole(id, role, request.user!, originOf(request))
        return changed ? staffTexts.roleChanged(person.username, role) : staffTexts.roleUnchanged(person.username, role)
      },
    })
  }
  registerRowForm(app, guards, {
    list: SUB_ADMINS_PAGE,
    action: 'remove',
    confirm: confirm('remove'),
    act: async (id, request) => staffTexts.removed((await staff.remove(id, request.user!, originOf(request))).username),
  })
}

export default staffPages
