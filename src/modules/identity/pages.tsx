import type { FastifyPluginAsync } from 'fastify'

/** The auth pages (guests only): registration, login, forgotten password, reset, verification. */
const identityPages: FastifyPluginAsync = async () => {}
export default identityPages
