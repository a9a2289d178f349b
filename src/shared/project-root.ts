import { resolve } from 'node:path'

/** The repository's root, whether running from sources (tsx) or from the build (dist/server/src/…). */
export const projectRoot = resolve(import.meta.dirname, import.meta.dirname.includes('/dist/server/') ? '../../../..' : '../..')
