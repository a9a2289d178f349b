import fp from 'fastify-plugin'
import type { FastifyInstance } from 'fastify'
import memberRoutes from './member-routes.js'
import staffRoutes from './staff-routes.js'
import type { Team } from './service.js'
import type { TeamViews } from './views.js'

/**
 * The teams (contract §9): the firm's people and who serves which client (`/api/staff`,
 * `/api/users/:id/staff`, the sub-admins screen), and a company's people (`/api/company/members`,
 * `/team`). Who may then see a client is identity's policy (identity/scope.ts), which reads the
 * assignments this module writes.
 */
export default fp(
  async function team(app: FastifyInstance, { team, views }: { team: Team; views: TeamViews }) {
    await app.register(staffRoutes, { team, views })
    await app.register(memberRoutes, { team, views })
  },
  { name: 'team', dependencies: ['identity', 'render'] },
)

export { createTeam, type Team, type TeamDeps } from './service.js'
export type { TeamViews } from './views.js'
