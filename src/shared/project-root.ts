import { existsSync } from 'node:fs'
import { dirname, join } from 'node:path'

/**
 * The repository's root: the nearest folder above this file that holds package.json, whether running
 * from sources (tsx), from the build (dist/server/src/…), from the tests' compiled copy
 * (dist/.tests/<run>/src/…, scripts/run-tests.mjs) or from the image (/app).
 */
function rootAbove(dir: string): string {
  for (let at = dir; ; at = dirname(at)) {
    if (existsSync(join(at, 'package.json'))) return at
    if (dirname(at) === at) throw new Error(`no package.json above ${dir}`)
  }
}

export const projectRoot = rootAbove(import.meta.dirname)
