import fp from 'fastify-plugin'
import type { FastifyInstance } from 'fastify'
import type { PersonalExports } from './export.js'
import privacyRoutes from './routes.js'

/** Personal data (contract §12): the person's export; the notice and the register follow. */
export default fp(
  async function privacy(app: FastifyInstance, { exports }: { exports: PersonalExports }) {
    await app.register(privacyRoutes, { exports })
  },
  { name: 'privacy', dependencies: ['identity'] },
)

export { createPersonalExport, DATA_FILE, FILES_FOLDER, type PersonalExports, type PrivacyDeps } from './export.js'
export { EXPORTS_PER_DAY, words as privacyWords } from './words.js'
