import type { FastifyPluginAsync } from 'fastify'

/** Contact: the home page's form, stored for the firm (POST /api/users/contact). */
const contact: FastifyPluginAsync = async () => {}
export default contact
