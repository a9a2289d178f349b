/**
 * Vite plugin, build only: once the bundle is written,
 * - copies every file of public/ under assets/static/ with a content hash in its name and writes
 *   static-manifest.json (`/static/images/x.svg` → `/assets/static/images/x-<hash>.svg`), so that
 *   the server can name them and serve them with a year's immutable cache like Vite's own files;
 * - writes a .br and a .gz beside every compressible file under assets/, served by @fastify/static's
 *   preCompressed mode (always written, even when tiny, so no asset is compressed per request).
 */
import { createHash } from 'node:crypto'
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { dirname, extname, join, relative, resolve } from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import type { Plugin } from 'vite'

export const STATIC_MANIFEST = 'static-manifest.json'
const COMPRESSIBLE = new Set(['.js', '.mjs', '.css', '.svg', '.json', '.txt', '.xml', '.html', '.map'])

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    return statSync(path).isDirectory() ? filesUnder(path) : [path]
  })
}

export function staticAssets({ publicDir = 'public' }: { publicDir?: string } = {}): Plugin {
  let outDir = ''
  let root = ''
  return {
    name: 'portal-static-assets',
    apply: 'build',
    configResolved(config) {
      root = config.root
      outDir = resolve(config.root, config.build.outDir)
    },
    closeBundle() {
      const source = resolve(root, publicDir)
      const manifest: Record<string, string> = {}
      for (const file of filesUnder(source).sort()) {
        const bytes = readFileSync(file)
        const hash = createHash('sha256').update(bytes).digest('base64url').slice(0, 10)
        const rel = relative(source, file)
        const ext = extname(rel)
        const target = `assets/static/${rel.slice(0, rel.length - ext.length)}-${hash}${ext}`
        mkdirSync(dirname(join(outDir, target)), { recursive: true })
        writeFileSync(join(outDir, target), bytes)
        manifest[`/static/${rel.split('\\').join('/')}`] = `/${target}`
      }
      writeFileSync(join(outDir, STATIC_MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`)
      for (const file of filesUnder(join(outDir, 'assets'))) {
        if (!COMPRESSIBLE.has(extname(file))) continue
        const bytes = readFileSync(file)
        writeFileSync(`${file}.br`, brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }))
        writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }))
      }
    },
  }
}
