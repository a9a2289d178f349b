import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { Team } from './service.js'
import type { TeamViews } from './views.js'

const routes: FastifyPluginAsyncTypebox<{ team: Team; views: TeamViews }> = async () => {}

export default routes
