// Issue 8, findable: per-page head tags, the firm's JSON-LD, robots.txt and sitemap.xml.
import t from 'tap'
import { publicPaths } from '../../src/modules/catalog/seo.js'
import { site } from '../../src/modules/catalog/content.js'
import { buildTestApp } from '../helpers/app.js'
import { unescapeHtml } from '../helpers/html.js'

const PUBLIC_URL = 'https://portail.cabinet-benali.test'

/** The content of the first <meta> or <link> whose `key` attribute is `value`. */
function head(body: string, tag: 'meta' | 'link', key: string, value: string, attribute: 'content' | 'href'): string | undefined {
  const element = new RegExp(`<${tag} [^>]*${key}="${value.replace(/[+:]/g, '\\$&')}"[^>]*>`).exec(body)?.[0]
  const found = element && new RegExp(`${attribute}="([^"]*)"`).exec(element)?.[1]
  return found === undefined ? undefined : unescapeHtml(found)
}

function jsonLdOf(body: string): { nonce?: string; data: Record<string, unknown> }[] {
  return [...body.matchAll(/<script type="application\/ld\+json"(?: nonce="([^"]*)")?>([^<]*)<\/script>/g)].map((m) => ({ nonce: m[1], data: JSON.parse(m[2]!) }))
}

// One app for the whole file: its tests only read pages and answers.
const { app } = await buildTestApp(t, { PUBLIC_URL })

t.test('every public page has its own title, description, canonical URL and Open Graph tags', async (t) => {
  const titles = new Set<string>()
  for (const path of publicPaths) {
    const res = await app.inject(path)
    t.equal(res.statusCode, 200, path)
    const title = unescapeHtml(/<title>([^<]+)<\/title>/.exec(res.body)?.[1] ?? '')
    t.match(title, new RegExp(`^.+ \\| ${site.shortName}$`), `${path} title`)
    titles.add(title)
    const description = head(res.body, 'meta', 'name', 'description', 'content')
    t.ok(description && description.length >= 30, `${path} description`)
    t.equal(head(res.body, 'link', 'rel', 'canonical', 'href'), `${PUBLIC_URL}${path}`, `${path} canonical from PUBLIC_URL`)
    t.equal(head(res.body, 'meta', 'property', 'og:url', 'content'), `${PUBLIC_URL}${path}`)
    t.equal(head(res.body, 'meta', 'property', 'og:title', 'content'), title)
    t.equal(head(res.body, 'meta', 'property', 'og:description', 'content'), description)
    t.equal(head(res.body, 'meta', 'property', 'og:type', 'content'), 'website')
    t.equal(head(res.body, 'meta', 'property', 'og:locale', 'content'), path.startsWith('/ar') ? 'ar_DZ' : 'fr_FR')
  }
  t.equal(titles.size, publicPaths.length, 'no two public pages share a title')
  const withQuery = await app.inject('/services?utm_source=x')
  t.equal(head(withQuery.body, 'link', 'rel', 'canonical', 'href'), `${PUBLIC_URL}/services`, 'the query is not part of the canonical URL')
})

t.test('the home and services pages describe the firm in JSON-LD that parses, with the nonce when rendered per request', async (t) => {
  for (const path of ['/', '/services']) {
    t.equal(jsonLdOf((await app.inject(path)).body)[0]?.nonce, undefined, 'a stored page carries no nonce')
    const res = await app.inject({ url: path, cookies: { flash: app.signCookie(JSON.stringify({ type: 'info', message: 'Bonjour' })) } })
    const blocks = jsonLdOf(res.body)
    t.equal(blocks.length, 1, `${path}: one JSON-LD block`)
    const { nonce, data } = blocks[0]!
    const cspNonce = /script-src 'self' 'nonce-([0-9a-f]+)'/.exec(String(res.headers['content-security-policy']))?.[1]
    t.equal(nonce, cspNonce, 'rendered per request, the block carries the response nonce')
    t.equal(data['@context'], 'https://schema.org')
    t.equal(data['@type'], 'AccountingService')
    t.equal(data.name, site.name)
    t.equal(data.telephone, '+21321000000')
    t.equal(data.email, site.email)
    t.equal(data.url, `${PUBLIC_URL}/`)
    t.same(data.address, { '@type': 'PostalAddress', streetAddress: '12 rue Didouche Mourad', addressLocality: 'Alger-Centre', postalCode: '16000', addressRegion: 'Alger', addressCountry: 'DZ' })
    t.ok(site.address.includes(site.postalAddress.streetAddress) && site.address.includes(site.postalAddress.postalCode), 'the parts agree with the address shown')
  }
  t.same(jsonLdOf((await app.inject('/login')).body), [], 'not on the auth pages')
})

t.test('robots.txt keeps private spaces and the API out of indexes and names the sitemap', async (t) => {
  const res = await app.inject('/robots.txt')
  t.equal(res.statusCode, 200)
  t.match(res.headers['content-type'], /^text\/plain/)
  const lines = res.body.split('\n')
  t.equal(lines[0], 'User-agent: *')
  for (const prefix of ['/files', '/users', '/admin-dashboard', '/api']) t.ok(lines.includes(`Disallow: ${prefix}`), prefix)
  t.notOk(lines.some((line) => /^Disallow: \/?$/.test(line)), 'the site itself stays indexable')
  for (const path of publicPaths) {
    t.notOk(lines.some((line) => line.startsWith('Disallow: ') && path.startsWith(line.slice(10))), `${path} is allowed`)
  }
  t.ok(lines.includes(`Sitemap: ${PUBLIC_URL}/sitemap.xml`))
})

t.test('sitemap.xml lists every public page by its absolute URL, and each answers 200', async (t) => {
  const res = await app.inject('/sitemap.xml')
  t.equal(res.statusCode, 200)
  t.match(res.headers['content-type'], /^application\/xml/)
  t.match(res.body, /^<\?xml version="1\.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www\.sitemaps\.org\/schemas\/sitemap\/0\.9">\n/)
  t.match(res.body, /<\/urlset>\n$/)
  const urls = [...res.body.matchAll(/<url><loc>([^<]+)<\/loc><\/url>/g)].map((m) => m[1]!)
  t.equal(res.body.match(/<url>/g)?.length, urls.length, 'every entry is a plain <url><loc>')
  t.same(urls, publicPaths.map((path) => `${PUBLIC_URL}${path}`))
  for (const url of urls) {
    const page = await app.inject(url.slice(PUBLIC_URL.length))
    t.equal(page.statusCode, 200, url)
  }
})
