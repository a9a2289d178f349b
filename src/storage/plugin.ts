import fp from 'fastify-plugin'
import { localDiskStorage } from './local-disk.js'
import type { FileStorage } from './storage.js'

declare module 'fastify' {
  interface FastifyInstance {
    storage: FileStorage
  }
}

/** Decorates the app with `storage` (photos, documents); UPLOAD_DIR is never served as a folder. */
export default fp(
  async function storagePlugin(app, options: { storage?: FileStorage }) {
    app.decorate('storage', options.storage ?? localDiskStorage(app.config.uploadDir))
  },
  { name: 'storage' },
)
