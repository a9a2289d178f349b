// Contract §10: an Arabic page is `<html lang="ar" dir="rtl">` and preloads the Arabic font the site
// serves (docs/decisions/150-the-arabic-font.md); a French page is as it was, without either.
import { statSync } from 'node:fs'
import { join } from 'node:path'
import t from 'tap'
import { createElement } from 'react'
import { renderToString } from 'react-dom/server'
import { productionAssets, type AssetManifest } from '../../src/render/assets.js'
import { projectRoot } from '../../src/shared/project-root.js'
import { keptRenders, NO_EXTRA_LINKS, RenderContext, type RenderContextValue } from '../../src/render/context.js'
import type { Language } from '../../src/shared/words.js'
import { Document } from '../../views/layout/Document.js'

const FONTS = ['/assets/ibm-plex-sans-arabic-arabic-400-normal-abc.woff2', '/assets/ibm-plex-sans-arabic-arabic-700-normal-def.woff2']
const assets: AssetManifest = { dev: false, stylesheets: ['/assets/app.css'], entry: '/entry.js', islandSrc: (name) => `/${name}.js`, islandChunks: () => [], url: (path) => path, fonts: FONTS }
// One app's kept renders for every render of the file: a head kept for one language is never another's.
const kept = keptRenders()

function renderDocument(language: Language): string {
  const context: RenderContextValue = {
    nonce: '',
    path: '/services',
    routed: true,
    page: 1,
    shared: false,
    area: 'public',
    kept,
    publicUrl: 'http://portal.test',
    user: null,
    links: NO_EXTRA_LINKS,
    theme: 'light',
    language,
    toasts: [],
    assets,
    islands: { eager: 0, names: new Set(), next: 0 },
  }
  // createElement rather than JSX: tsx compiles test files with the classic runtime.
  return renderToString(createElement(RenderContext.Provider, { value: context }, createElement(Document, { meta: { title: 'Services', description: 'Nos services' }, children: createElement('p', null, 'contenu') })))
}

const preloads = (html: string) => [...html.matchAll(/<link [^>]*rel="preload"[^>]*as="font"[^>]*>/g)].map((match) => match[0])

t.test('a French page: lang="fr", no direction, no font preloaded', async (t) => {
  const html = renderDocument('fr')
  t.match(html, /<html lang="fr" data-theme="light">/)
  t.notMatch(html, /<html[^>]* dir=/)
  t.same(preloads(html), [])
})

t.test('an Arabic page: lang="ar" dir="rtl", both weights of the Arabic font preloaded for CORS', async (t) => {
  const html = renderDocument('ar')
  t.match(html, /<html lang="ar" dir="rtl" data-theme="light">/)
  const links = preloads(html)
  t.equal(links.length, 2)
  for (const [i, href] of FONTS.entries()) {
    t.match(links[i], `href="${href}"`)
    t.match(links[i], 'type="font/woff2"')
    t.match(links[i], 'crossorigin="anonymous"', 'a font is fetched in CORS mode: a preload without it is fetched twice')
  }
  t.ok(html.indexOf(links[0]!) < html.indexOf('</head>'), 'in the head')
  t.same(preloads(renderDocument('fr')), [], 'the French page of the same path, rendered after it, still has none (heads are kept per language)')
})

t.test('the build names the Arabic font\'s two files, as the stylesheet does', async (t) => {
  const built = productionAssets(join(projectRoot, 'dist/client'))
  t.equal(built.fonts?.length, 2)
  for (const [i, weight] of ['400', '700'].entries()) {
    const href = built.fonts![i]!
    t.match(href, new RegExp(`^/assets/ibm-plex-sans-arabic-arabic-${weight}-normal-[\\w-]+\\.woff2$`), `${weight}: its Arabic subset, hashed`)
    t.ok(statSync(join(projectRoot, 'dist/client', href)).size > 10_000, 'and there')
  }
})
