import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'

export const CLIENT_ENTRY = 'views/client/entry.ts'
export const STYLESHEET = 'views/styles/app.css'
export const islandSource = (name: string) => `views/islands/${name}.tsx`
/** Written by scripts/vite-static-assets.ts: public/ files by their content-hashed names. */
export const STATIC_MANIFEST = 'static-manifest.json'

/** Where the browser finds the stylesheet, the islands runtime and each island's chunk. */
export interface AssetManifest {
  dev: boolean
  stylesheets: string[]
  entry: string
  /** The URL the islands runtime imports an island from (its marker's data-src). */
  islandSrc(name: string): string
  /** An island's chunk and every chunk it imports: modulepreloaded when it hydrates on load. */
  islandChunks(name: string): string[]
  /** The content-hashed, long-cached URL of a file of public/ (`/static/…`); itself when not built. */
  url(path: string): string
  /** The fonts the stylesheet names (the Arabic font's woff2 files), preloaded by Arabic pages; none in development. */
  fonts?: readonly string[]
}

interface ViteManifestChunk {
  file: string
  css?: string[]
  imports?: string[]
  /** Files the chunk names (the stylesheet's fonts), copied with a content hash. */
  assets?: string[]
}

/** Production: hashed files named by Vite's manifest, read once at start. */
export function productionAssets(clientDir: string): AssetManifest {
  const path = resolve(clientDir, '.vite/manifest.json')
  let manifest: Record<string, ViteManifestChunk>
  try {
    manifest = JSON.parse(readFileSync(path, 'utf8'))
  } catch {
    throw new Error(`Client build missing (${path}); run npm run build`)
  }
  const chunk = (key: string) => {
    const found = manifest[key]
    if (!found) throw new Error(`${key} is missing from the client build; run npm run build`)
    return found
  }
  const entry = chunk(CLIENT_ENTRY)
  let hashed: Record<string, string> = {}
  try {
    hashed = JSON.parse(readFileSync(resolve(clientDir, STATIC_MANIFEST), 'utf8'))
  } catch {
    throw new Error(`${STATIC_MANIFEST} is missing from the client build; run npm run build`)
  }
  const preloads = new Map<string, string[]>()
  const collect = (key: string, seen: Set<string>) => {
    const c = manifest[key]
    if (!c || seen.has(key)) return
    seen.add(key)
    for (const dep of c.imports ?? []) collect(dep, seen)
  }
  return {
    dev: false,
    stylesheets: [`/${chunk(STYLESHEET).file}`],
    entry: `/${entry.file}`,
    islandSrc: (name) => `/${chunk(islandSource(name)).file}`,
    islandChunks(name) {
      let urls = preloads.get(name)
      if (!urls) {
        const seen = new Set<string>()
        collect(islandSource(name), seen)
        urls = [...seen].map((key) => `/${manifest[key]!.file}`)
        preloads.set(name, urls)
      }
      return urls
    },
    url: (path) => hashed[path] ?? path,
    fonts: (chunk(STYLESHEET).assets ?? []).filter((file) => file.endsWith('.woff2')).map((file) => `/${file}`),
  }
}

/** Development: Vite serves sources directly and hot-reloads them. */
export function developmentAssets(): AssetManifest {
  return {
    dev: true,
    stylesheets: [`/${STYLESHEET}`],
    entry: `/${CLIENT_ENTRY}`,
    islandSrc: (name) => `/${islandSource(name)}`,
    islandChunks: () => [],
    url: (path) => path,
  }
}
