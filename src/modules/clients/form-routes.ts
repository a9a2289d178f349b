import type { FastifyPluginAsync, FastifyReply } from 'fastify'
import type { ListState } from '../../http/list-pages.js'
import { originOf } from '../../http/origin.js'
import { registerRowForm, type RowFormGuards } from '../../http/row-forms.js'
import type { FormState } from '../../shared/form-state.js'
import { adminForm, adminOnly } from '../identity/index.js'
import { ClientListQuerySchema, type AccountRow } from './schemas.js'
import type { Clients } from './service.js'
import { texts } from './words.js'
import { staffFilterOf } from './staff-filter.js'
import type { ClientsViews } from './views.js'

const NEW_USERS = '/admin-dashboard/new-users'
const CLIENTS = '/admin-dashboard/clients'

/**
 * The user lists' actions without JavaScript (contract §8): accepting and deleting, each after its
 * confirmation page, with the API's service calls and messages (so the journal's entries are the same).
 * Both are the administrators' alone (contract §9): a staff member is refused (403).
 */
const clientForms: FastifyPluginAsync<{ clients: Clients; views: ClientsViews }> = async (app, { clients, views }) => {
  const guards: RowFormGuards = { page: adminOnly, form: adminForm }
  const confirm = (kind: 'new-users' | 'clients', action: 'accept' | 'delete') => ({
    find: clients.findAccount,
    show: (reply: FastifyReply, props: { row: AccountRow; query: ListState; form?: FormState }) => reply.render(views.ConfirmActionPage, { kind, action, ...props }),
  })

  registerRowForm(app, guards, {
    list: NEW_USERS,
    action: 'accept',
    confirm: confirm('new-users', 'accept'),
    act: async (id, request) => {
      await clients.acceptClient(id, request.user!, originOf(request))
      return texts.accepted
    },
  })
  for (const [list, kind] of [[NEW_USERS, 'new-users'], [CLIENTS, 'clients']] as const) {
    registerRowForm(app, guards, {
      list,
      action: 'delete',
      // The clients list's « Suivi par » filter is kept in the way back.
      ...(kind === 'clients' ? { filtered: { querystring: ClientListQuerySchema, filters: staffFilterOf } } : {}),
      confirm: confirm(kind, 'delete'),
      act: async (id, request) => {
        await clients.deleteClient(request.user!, id, originOf(request))
        return texts.deleted
      },
    })
  }
}
export default clientForms
