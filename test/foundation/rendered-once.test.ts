// Issue 8: a part of the page rendered once and reused (views/runtime/RenderedOnce.tsx) and an island's
// HTML reused for the same props (src/render/island-html.ts) never carry one request's data into another.
import t from 'tap'
import { createElement } from 'react'
import { renderToString } from 'react-dom/server'
import type { AssetManifest } from '../../src/render/assets.js'
import { keptRenders, NO_EXTRA_LINKS, RenderContext, SPLICE_TOKEN, spliceMarker, useRenderContext, type RenderContextValue } from '../../src/render/context.js'
import { spliced } from '../../src/render/page-store.js'
import type { SessionUser } from '../../src/modules/identity/session-user.js'
import { RenderedOnce } from '../../views/runtime/RenderedOnce.js'
import { Island } from '../../views/runtime/Island.js'
import { useWords } from '../../views/runtime/words.js'
import { renderIsland } from '../../src/render/island-html.js'
import { catalogue } from '../../src/shared/words.js'
import { Lru } from '../../src/shared/lru.js'

const built: AssetManifest = { dev: false, stylesheets: [], entry: '/entry.js', islandSrc: (name) => `/${name}.js`, islandChunks: () => [], url: (path) => path }
const user = (username: string): SessionUser => ({ id: 1, username, email: 'client@example.dz', profilePhoto: null, isAccepted: true, isAdmin: false, role: 'client', companyId: 1, companyRole: 'owner', language: 'fr' })

const kept = keptRenders()

function render(element: ReturnType<typeof createElement>, over: Partial<RenderContextValue> = {}) {
  const context: RenderContextValue = { nonce: '', path: '/', routed: true, page: 1, kept, shared: true, publicUrl: 'http://portal.test', user: null, links: NO_EXTRA_LINKS, theme: 'light', language: 'fr', toasts: [], assets: built, islands: { eager: 0, names: new Set(), next: 0 }, ...over }
  return { html: renderToString(createElement(RenderContext.Provider, { value: context }, element)), context }
}

function WhoAsks() {
  const { user, nonce, toasts } = useRenderContext()
  return createElement('p', null, `${user?.username ?? 'personne'} ${nonce || 'sans-nonce'} ${toasts.length}`)
}

t.test('a part is rendered with a visitor\'s context: no user, nonce or toast of the request reaches it', async (t) => {
  const part = () => createElement(RenderedOnce, { as: 'section', attributes: { className: 'p' }, part: 'qui-demande', byPath: true }, createElement(WhoAsks))
  const first = render(part(), { user: user('Sarl Numidia'), nonce: 'abc', toasts: [{ type: 'info', message: 'x' }] })
  const second = render(part(), { user: user('Eurl Tassili') })
  t.equal(first.html, '<section class="p"><p>personne sans-nonce 0</p></section>')
  t.equal(second.html, first.html)
})

t.test('a part is kept per theme and path; without byPath it does not see the path', async (t) => {
  function Where() {
    const { path, theme } = useRenderContext()
    return createElement('p', null, `${path || 'aucun'} ${theme}`)
  }
  const part = (byPath: boolean) => createElement(RenderedOnce, { as: 'div', attributes: {}, part: `ou-${byPath}`, byPath }, createElement(Where))
  t.equal(render(part(true), { path: '/a' }).html, '<div><p>/a light</p></div>')
  t.equal(render(part(true), { path: '/b', theme: 'dark' }).html, '<div><p>/b dark</p></div>')
  t.equal(render(part(false), { path: '/a' }).html, '<div><p>aucun light</p></div>')
  t.equal(render(part(false), { path: '/b' }).html, '<div><p>aucun light</p></div>')
})

const greeting = catalogue({ fr: { hello: 'Bonjour' }, ar: { hello: 'مرحبا' } })
function Hello() {
  return createElement('p', null, useWords(greeting).hello)
}

t.test('a part is kept per language and speaks the render\'s language (contract §10)', async (t) => {
  const part = () => createElement(RenderedOnce, { as: 'div', attributes: {}, part: 'salut' }, createElement(Hello))
  t.equal(render(part(), { language: 'fr' }).html, '<div><p>Bonjour</p></div>')
  t.equal(render(part(), { language: 'ar' }).html, '<div><p>مرحبا</p></div>')
  t.equal(render(part(), { language: 'fr' }).html, '<div><p>Bonjour</p></div>')
})

t.test('an island is rendered in the page\'s language, and kept per language', async (t) => {
  const islands = new Lru<string>(8)
  const island = (language: 'fr' | 'ar') => renderIsland(islands, 'Salut', Hello, {}, '{}', 'i0-', language)
  t.equal(island('fr'), '<p>Bonjour</p>')
  t.equal(island('ar'), '<p>مرحبا</p>')
  t.equal(island('fr'), '<p>Bonjour</p>')
  t.equal(islands.count, 2)
})

t.test('a part that holds an inline script is rendered with every request, with its nonce', async (t) => {
  function Inline() {
    const { nonce } = useRenderContext()
    return createElement('script', { nonce, dangerouslySetInnerHTML: { __html: 'void 0' } })
  }
  const part = () => createElement(RenderedOnce, { as: 'div', attributes: {}, part: 'script' }, createElement(Inline))
  t.equal(render(part(), { nonce: 'n1' }).html, '<div><script nonce="n1">void 0</script></div>')
  t.equal(render(part(), { nonce: 'n2' }).html, '<div><script nonce="n2">void 0</script></div>')
})

t.test('the islands of a kept part are counted into the page each time', async (t) => {
  const part = () =>
    createElement('div', null, createElement(RenderedOnce, { as: 'main', attributes: {}, part: 'iles' }, createElement(Island, { name: 'ContactForm', hydrate: 'visible', props: {} })), createElement(Island, { name: 'ThemeToggle', hydrate: 'load', props: { theme: 'light', returnTo: '/' } }))
  for (let round = 0; round < 2; round++) {
    const { html, context } = render(part())
    t.same([...html.matchAll(/data-prefix="(i\d+-)"/g)].map((m) => m[1]), ['i0-', 'i1-'])
    t.equal(context.islands.next, 2)
    t.equal(context.islands.eager, 2, 'the visible contact form and the toggle')
    t.ok(context.islands.names.has('ThemeToggle'))
  }
})

t.test('an island rendered again with other props gets its own HTML', async (t) => {
  const toggle = (theme: 'light' | 'dark') => createElement(Island, { name: 'ThemeToggle', props: { theme, returnTo: '/' } })
  for (let round = 0; round < 2; round++) {
    t.match(render(toggle('light')).html, />DRK</)
    t.match(render(toggle('dark')).html, />LTH</)
  }
})

t.test('a part kept by user (the header) shows each user their own, and a changed user anew', async (t) => {
  const part = () => createElement(RenderedOnce, { as: 'header', attributes: {}, part: 'entete', byPath: true, byUser: true }, createElement(WhoAsks))
  for (let round = 0; round < 2; round++) {
    t.equal(render(part(), { user: user('Sarl Numidia'), nonce: 'abc' }).html, '<header><p>Sarl Numidia sans-nonce 0</p></header>')
    t.equal(render(part(), { user: user('Eurl Tassili') }).html, '<header><p>Eurl Tassili sans-nonce 0</p></header>')
    t.equal(render(part(), { user: { ...user('Eurl Tassili'), profilePhoto: { key: 'photos/x.webp', url: '/uploads/photos/x.webp' } as never } }).html, '<header><p>Eurl Tassili sans-nonce 0</p></header>')
    t.equal(render(part()).html, '<header><p>personne sans-nonce 0</p></header>')
  }
})

t.test('a part kept by path is not kept for a path the router did not name (a 404, a route with parameters)', async (t) => {
  function Where() {
    return createElement('p', null, useRenderContext().path)
  }
  const part = () => createElement(RenderedOnce, { as: 'div', attributes: {}, part: 'non-route', byPath: true }, createElement(Where))
  const before = kept.parts.count
  for (const path of ['/nulle-part-1', '/nulle-part-2', '/reset-password/7/secret']) t.equal(render(part(), { path, routed: false }).html, `<div><p>${path}</p></div>`)
  t.equal(kept.parts.count, before, 'nothing kept')
  t.equal(render(part(), { path: '/services' }).html, '<div><p>/services</p></div>')
  t.equal(kept.parts.count, before + 1, 'a route\'s path is')
})

t.test('a part that is not kept still sees only what its key would hold', async (t) => {
  const part = () => createElement(RenderedOnce, { as: 'section', attributes: {}, part: 'sans-cache' }, createElement(WhoAsks))
  t.equal(render(part(), { kept: null, user: user('Sarl Numidia'), nonce: 'n1', toasts: [{ type: 'info', message: 'x' }] }).html, '<section><p>personne n1 0</p></section>', 'its nonce is the request\'s: it renders with it')
})

t.test('in a page rendered per request a kept part is spliced in as bytes: the same page, no marker left (issue 13)', async (t) => {
  const page = (name: string) =>
    createElement(
      'body',
      null,
      createElement(RenderedOnce, { as: 'header', attributes: { className: 'h' }, part: 'colle-entete', byUser: true }, createElement(WhoAsks)),
      createElement('p', null, `Bonjour ${name} — l’été \u0000${'x'.repeat(24)}:0\u0000`),
      createElement(RenderedOnce, { as: 'footer', attributes: {}, part: 'colle-pied' }, createElement('p', null, 'Pied — « é »')),
    )
  for (let round = 0; round < 2; round++) {
    const inline = render(page('Sarl Numidia'), { user: user('Sarl Numidia') }).html
    const splices: Buffer[] = []
    const marked = render(page('Sarl Numidia'), { user: user('Sarl Numidia'), splices }).html
    t.equal(splices.length, 2, 'both parts were kept')
    t.not(marked, inline, 'the render holds markers')
    t.equal(spliced(marked, splices).toString('utf8'), inline, 'once spliced, the page rendered inline, byte for byte')
    t.notOk(spliced(marked, splices).includes(SPLICE_TOKEN), 'no marker reaches the page')
  }
  t.equal(spliced('<p>sans partie</p>', []).toString('utf8'), '<p>sans partie</p>')
  const large = Buffer.from(`<p>${'é’'.repeat(100_000)}</p>`)
  t.equal(spliced(`<main>${spliceMarker(0)}</main>—${spliceMarker(1)}`, [large, Buffer.from('fin')]).toString('utf8'), `<main>${large.toString('utf8')}</main>—fin`, 'larger than the reused buffer: assembled piece by piece')
})
