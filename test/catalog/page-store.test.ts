// Issue 8, render once, serve many: a public page is stored per theme and served byte for byte to
// every visitor; sessions and flash toasts render per request and never get another variant's bytes.
import { createElement, Suspense, use } from 'react'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import t from 'tap'
import { anonymousTheme, anonymousVisitor, pickEncoding, renderForStore } from '../../src/render/page-store.js'
import { publicPaths } from '../../src/modules/catalog/seo.js'
import { injectAs, seedAccount } from '../helpers/accounts.js'
import { buildTestApp } from '../helpers/app.js'

const cspNonce = (headers: Record<string, unknown>) => /'nonce-([0-9a-f]+)'/.exec(String(headers['content-security-policy']))?.[1]

// One app for the file (its own PUBLIC_URLs aside): each test makes its own accounts, and every render must stay its own.
const { app } = await buildTestApp(t)

t.test('two visitors get the same bytes and headers; the page needs no nonce and its policy names none', async (t) => {
  for (const path of publicPaths) {
    const first = await app.inject(path)
    const second = await app.inject({ url: path, headers: { 'user-agent': 'another visitor' } })
    t.equal(first.statusCode, 200, path)
    t.ok(first.rawPayload.equals(second.rawPayload), `${path}: byte-identical`)
    t.equal(cspNonce(first.headers), undefined, 'no nonce is made for a page that uses none')
    t.equal(first.headers['content-security-policy'], second.headers['content-security-policy'])
    t.notMatch(first.body, /nonce=/, 'the stored page uses none')
    t.notMatch(String(first.headers['content-security-policy']), /unsafe-inline/)
    t.match(first.body, path.startsWith('/ar') ? /^<!DOCTYPE html><html lang="ar" dir="rtl" data-theme="light">/ : /^<!DOCTYPE html><html lang="fr" data-theme="light">/)
    t.equal(first.headers['cache-control'], 'no-store')
    for (const [encoding, decode] of [['br', brotliDecompressSync], ['gzip', gunzipSync]] as const) {
      const res = await app.inject({ url: path, headers: { 'accept-encoding': encoding } })
      t.equal(res.headers['content-encoding'], encoding)
      t.match(String(res.headers.vary), /accept-encoding/i)
      t.ok(decode(res.rawPayload).equals(first.rawPayload), `${path} ${encoding}: the same page`)
    }
  }
})

t.test('each theme has its own stored page, and neither leaks into the other', async (t) => {
  for (let round = 0; round < 2; round++) {
    const dark = await app.inject({ url: '/', cookies: { theme: 'dark' } })
    const light = await app.inject('/')
    t.match(dark.body, /data-theme="dark"/)
    t.match(dark.body, />LTH</)
    t.match(light.body, /data-theme="light"/)
    t.match(light.body, />DRK</)
    t.notOk(dark.rawPayload.equals(light.rawPayload))
  }
})

t.test('a flash toast renders per request and is not stored for the next visitor', async (t) => {
  const before = await app.inject('/services')
  const flashed = await app.inject({ url: '/services', cookies: { flash: app.signCookie(JSON.stringify({ type: 'success', message: 'Compte créé' })) } })
  t.match(flashed.body, /<span class="toast-message">Compte créé<\/span>/)
  t.equal(cspNonce(flashed.headers), undefined, 'its scripts are files: no nonce is made')
  t.notMatch(flashed.body, /nonce=/)
  t.match(String(flashed.headers['set-cookie']), /flash=;/, 'the toast is used up')
  const after = await app.inject('/services')
  t.notMatch(after.body, /Compte créé/)
  t.ok(after.rawPayload.equals(before.rawPayload), 'visitors still get the stored page')
})

t.test('a logged-in visitor gets their own render, never the stored bytes, and leaves nothing in them', async (t) => {
  const visitor = await app.inject('/')
  const account = await seedAccount(app, { accepted: true, username: 'Sarl Tassili' })
  for (const theme of ['light', 'dark']) {
    const mine = await injectAs(app, account, { url: '/', cookies: { theme } })
    t.equal(mine.statusCode, 200)
    t.match(mine.body, /<span class="user-menu-name">Sarl Tassili<\/span>/)
    t.notMatch(mine.body, />Se connecte</)
    t.equal(mine.headers['cache-control'], 'private, no-store')
    t.notOk(mine.rawPayload.equals(visitor.rawPayload))
  }
  const after = await app.inject('/')
  t.notMatch(after.body, /Sarl Tassili/)
  t.ok(after.rawPayload.equals(visitor.rawPayload))
})

t.test('a page that would need a nonce is not stored; encodings are negotiated', async (t) => {
  const inline = createElement('html', null, createElement('body', null, createElement('script', { dangerouslySetInnerHTML: { __html: 'void 0' } })))
  t.equal(await renderForStore(inline), null)
  const data = createElement('html', null, createElement('body', null, createElement('script', { type: 'application/ld+json', dangerouslySetInnerHTML: { __html: '{}' } })))
  t.ok(await renderForStore(data))
  t.equal(pickEncoding('gzip, deflate, br'), 'br')
  t.equal(pickEncoding('gzip, br;q=0'), 'gzip')
  t.equal(pickEncoding('deflate'), 'identity')
  t.equal(pickEncoding(undefined), 'identity')
  t.equal(pickEncoding('br;q=0.5, gzip;q=1'), 'br', 'any accepted Brotli wins: smallest bytes')
})

t.test('a page that suspends is still stored whole, once everything is ready', async (t) => {
  let resolve!: (value: string) => void
  const text = new Promise<string>((r) => (resolve = r))
  const Late = () => createElement('p', null, use(text))
  const element = createElement('html', null, createElement('body', null, createElement(Suspense, { fallback: 'attente' }, createElement(Late))))
  const stored = renderForStore(element)
  resolve('prêt')
  const page = await stored
  t.ok(page)
  t.match(page!.identity.toString(), /<p>prêt<\/p>/)
  t.notMatch(page!.identity.toString(), /attente/)
})

t.test('the stored page is served to every spelling of its path and query, without a copy per spelling', async (t) => {
  const login = await app.inject('/login')
  for (const url of ['/login/', '/%6Cogin', '/login?utm_source=journal', '/login', '/login?x=1']) {
    const res = await app.inject(url)
    t.equal(res.statusCode, 200, url)
    t.ok(res.rawPayload.equals(login.rawPayload), `${url}: the page stored for /login`)
  }
  t.match(login.body, /<link rel="canonical" href="[^"]*\/login"\/>/)
  const head = await app.inject({ method: 'HEAD', url: '/login' })
  t.equal(head.statusCode, 200)
  t.equal(head.headers['content-length'], String(login.rawPayload.length))
})

t.test('only a request with no cookie but the theme is answered before the route; any other cookie goes through it', async (t) => {
  t.equal(anonymousTheme(undefined), 'light')
  t.equal(anonymousTheme(''), 'light')
  t.equal(anonymousTheme('theme=dark'), 'dark')
  t.equal(anonymousTheme('theme=light'), 'light')
  t.equal(anonymousTheme('session=abc'), null)
  t.equal(anonymousTheme('theme=dark; session=abc'), null)
  t.equal(anonymousTheme('theme=%64ark'), null, 'an encoded value is left to the cookie parser')
  // Issue 31: the language switch's cookie, alone or with the theme's, is still a visitor's (contract §10).
  t.same(anonymousVisitor('lang=ar'), { theme: 'light', language: 'ar' })
  t.same(anonymousVisitor('theme=dark; lang=fr'), { theme: 'dark', language: 'fr' })
  t.same(anonymousVisitor('lang=ar; theme=dark'), { theme: 'dark', language: 'ar' })
  t.equal(anonymousVisitor('lang=en'), null, 'another language goes through the route')
  t.equal(anonymousVisitor('lang=ar; session=abc'), null)
  t.equal(anonymousVisitor('theme=dark; lang=ar; flash=x'), null)
  const account = await seedAccount(app, { accepted: true, username: 'Eurl Hoggar' })
  const visitor = await app.inject('/')
  // The front answer is in place now; a session cookie must still reach the route and its own render.
  const mine = await injectAs(app, account, { url: '/' })
  t.match(mine.body, /Eurl Hoggar/)
  const stale = await app.inject({ url: '/', cookies: { session: 'not-a-session' } })
  t.equal(stale.statusCode, 200)
  t.ok(stale.rawPayload.equals(visitor.rawPayload), 'an unknown session cookie is a visitor: the stored page, through the route')
})

// Islands are numbered through the page: a logged-in header holds one more before the main.
const mainOf = (html: string) => /<main id="main" tabindex="-1">[\s\S]*<\/main>/.exec(html)?.[0]?.replace(/\bi\d+-/g, 'iN-')
const footerOf = (html: string) => /<footer class="footer">[\s\S]*<\/footer>/.exec(html)?.[0]
const prefixesOf = (html: string) => [...html.matchAll(/data-prefix="(i\d+-)"/g)].map((m) => m[1])

t.test('a logged-in page reuses the visitor\'s main and footer, and its own parts stay its own', async (t) => {
  const visitor = (await app.inject('/')).body
  const first = await seedAccount(app, { accepted: true, username: 'Sarl Numidia' })
  const second = await seedAccount(app, { accepted: false, username: 'Eurl Tassili' })
  for (let round = 0; round < 2; round++) {
    const mine = (await injectAs(app, first, '/')).body
    const theirs = (await injectAs(app, second, '/')).body
    t.ok(mainOf(visitor), 'the page has a main')
    t.equal(mainOf(mine), mainOf(visitor), 'the same main as a visitor\'s')
    t.equal(footerOf(mine), footerOf(visitor), 'the same footer')
    t.equal(mainOf(theirs), mainOf(visitor))
    t.match(mine, /<span class="user-menu-name">Sarl Numidia<\/span>/)
    t.notMatch(mine, /Eurl Tassili|en attente d’acceptation/)
    t.match(theirs, /<span class="user-menu-name">Eurl Tassili<\/span>/)
    t.match(theirs, /en attente d’acceptation/, 'the pending client is told so')
    t.notMatch(theirs, /Sarl Numidia/)
    for (const page of [visitor, mine, theirs]) {
      const prefixes = prefixesOf(page)
      t.same(prefixes, prefixes.map((_, i) => `i${i}-`), 'islands numbered in order, once each, as in a full render')
    }
  }
})

t.test('a logged-in visitor of another theme gets that theme\'s parts', async (t) => {
  const account = await seedAccount(app, { accepted: true })
  const light = (await injectAs(app, account, '/')).body
  const dark = (await injectAs(app, account, { url: '/', cookies: { theme: 'dark' } })).body
  const darkVisitor = (await app.inject({ url: '/', cookies: { theme: 'dark' } })).body
  t.match(dark, /data-theme="dark"/)
  t.match(dark, />LTH</)
  t.match(light, />DRK</)
  t.equal(mainOf(dark), mainOf(darkVisitor))
})

t.test('each app keeps its own renders: another PUBLIC_URL in the same process gets its own head', async (t) => {
  const a = (await buildTestApp(t, { PUBLIC_URL: 'http://a.example' })).app
  const b = (await buildTestApp(t, { PUBLIC_URL: 'http://b.example' })).app
  for (const [app, host] of [[a, 'a.example'], [b, 'b.example'], [a, 'a.example']] as const) {
    const account = await seedAccount(app, { accepted: true })
    for (const res of [await injectAs(app, account, '/services'), await app.inject('/login')]) {
      const canonical = /<link rel="canonical" href="([^"]+)"/.exec(res.body)?.[1]
      t.match(canonical, new RegExp(`^http://${host.replace('.', '\\.')}/`), `${host}: its own canonical URL`)
    }
  }
})

t.test('issue 31: a page whose address does not fix its language is stored per language; a visitor never gets another’s', async (t) => {
  for (const path of ['/login', '/registration', '/forget-password']) {
    const arabic = await app.inject({ url: path, headers: { 'accept-language': 'ar-DZ,ar;q=0.9' } })
    t.match(arabic.body, /^<!DOCTYPE html><html lang="ar"/, `${path}: Accept-Language: ar first, in Arabic`)
    for (let round = 0; round < 2; round++) {
      const french = await app.inject(path)
      t.match(french.body, /^<!DOCTYPE html><html lang="fr"/, `${path}: a visitor after it gets French`)
      const again = await app.inject({ url: path, headers: { 'accept-language': 'ar' } })
      t.match(again.body, /^<!DOCTYPE html><html lang="ar"/, `${path}: the Arabic visitor still gets Arabic`)
      const cookie = await app.inject({ url: path, cookies: { lang: 'ar' } })
      t.match(cookie.body, /^<!DOCTYPE html><html lang="ar"/, `${path}: the lang cookie, Arabic`)
      t.match(String(french.headers.vary), /accept-language/i, `${path}: the answer varies with the language asked`)
    }
  }
  const home = await app.inject({ url: '/', headers: { 'accept-language': 'ar' } })
  t.match(home.body, /^<!DOCTYPE html><html lang="fr"/, 'a French public address stays French whatever is asked')
})
