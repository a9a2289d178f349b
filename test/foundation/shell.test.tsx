import t from 'tap'
import { createElement } from 'react'
import { renderToString } from 'react-dom/server'
import { developmentAssets } from '../../src/render/assets.js'
import type { SessionUser } from '../../src/modules/identity/session-user.js'
import { NO_EXTRA_LINKS, RenderContext, type RenderContextValue, type Toast } from '../../src/render/context.js'
import type { PageArea } from '../../src/render/page.js'
import { referenceSites, site, slides } from '../../src/modules/catalog/content.js'
import { navLinksFor, photoUrlOf } from '../../views/layout/nav.js'
import { Shell } from '../../views/layout/Shell.js'
import { buildTestApp } from '../helpers/app.js'

const client: SessionUser = { id: 7, username: 'sarl-atlas', email: 'atlas@example.dz', profilePhoto: null, isAccepted: true, isAdmin: false, role: 'client', companyId: 7, companyRole: 'owner', language: 'fr' }

/** The shell as the server renders it for this user (the identity module is written elsewhere). */
function renderShell(user: SessionUser | null, { path = '/services', toasts = [] as Toast[], area = 'public' as PageArea } = {}) {
  const context: RenderContextValue = {
    nonce: '',
    path,
    routed: true,
    page: 1,
    shared: false,
    area,
    kept: null,
    publicUrl: 'http://localhost:3000',
    user,
    links: NO_EXTRA_LINKS,
    theme: 'light',
    language: 'fr',
    toasts,
    assets: developmentAssets(),
    islands: { eager: 0, names: new Set(), next: 0 },
  }
  // createElement rather than JSX: tsx compiles test files with the classic runtime.
  const html = renderToString(createElement(RenderContext.Provider, { value: context }, createElement(Shell, null, createElement('p', null, 'contenu'))))
  return { html, islands: context.islands }
}

const link = (href: string, label: string) => new RegExp(`<a [^>]*href="${href}"[^>]*>${label}</a>`)
const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/'/g, '&#x27;')

// One app for the whole file: its tests only read pages and answers.
const { app } = await buildTestApp(t)

t.test('a visitor sees the public links, login and registration, and no private link', async (t) => {
  const res = await app.inject('/services')
  t.equal(res.statusCode, 200)
  t.match(res.body, link('/', 'Accueil'))
  t.match(res.body, link('/services', 'Services'))
  t.match(res.body, link('/#contact', 'Contact'), 'Contact goes home first from another page')
  t.match(res.body, link('/login', 'Se connecte'))
  t.match(res.body, link('/registration', escapeHtml("S'inscrire")))
  t.notMatch(res.body, />Documents</)
  t.notMatch(res.body, />Tableau_Bord</)
  t.notMatch(res.body, /class="user-menu"/)
  t.match(res.body, /data-testid="nav-toggle"/)
  t.match(res.body, /data-testid="nav-menu"/)
  t.match(res.body, /class="skip-link" href="#main"/)
})

t.test('/services ships no JavaScript to a visitor while / ships the islands runtime', async (t) => {
  const services = await app.inject('/services')
  // The JSON-LD block is data, never executed (issue 8); no other script is there.
  t.notMatch(services.body.replace(/<script type="application\/ld\+json"[^>]*>[^<]*<\/script>/, ''), /<script/i)
  t.notMatch(services.body, /style="/, 'no inline style (CSP)')
  const home = await app.inject('/')
  t.match(home.body, /<script type="module"[^>]* src="\/assets\/[^"]+\.js"/)
  t.notMatch(home.body, /style="/, 'no inline style (CSP)')
})

t.test('the home page renders the carousel on its first slide, the service cards and the reference sites', async (t) => {
  const { body } = await app.inject('/')
  t.equal(slides.length, 3)
  t.match(body, /data-active="true"><img class="carousel-image" src="\/assets\/static\/images\/slide-etude-[\w-]{10}\.svg"[^>]*>.*?<h2 class="carousel-title">Etude Techno-économique<\/h2>/)
  t.equal(body.match(/data-active="true"/g)?.length, 1, 'one slide shown')
  t.match(body, /carousel-title">Commissariat aux Comptes</)
  t.match(body, /carousel-title">Conseil et assistance Bancaires</)
  t.match(body, link('/services', 'En savoir plus'))
  t.match(body, new RegExp(`carousel-banner-name">${site.principal}<`))
  t.match(body, /aria-label="Diapositive précédente"/)
  t.match(body, /aria-label="Diapositive suivante"/)
  t.match(body, /<h2 id="services-title"[^>]*>Notre Services<\/h2>/)
  for (const title of ['Services de Comptabilité', 'Commissariat aux Comptes', 'Services et suivis bancaires', 'Audit des entreprises']) {
    t.match(body, new RegExp(`<h3 class="card-title">${title}</h3>`))
  }
  t.match(body, /<section id="contact"/)
  t.match(body, link('#contact', 'Contact'), 'on the home page, Contact scrolls in place')
  for (const ref of referenceSites) {
    t.match(body, new RegExp(`<a class="reference" href="${ref.url}" target="_blank" rel="noopener noreferrer">`))
    t.match(body, new RegExp(`<span class="reference-ar" lang="ar" dir="rtl">${ref.nameAr}</span><span class="reference-fr">${ref.nameFr}</span>`))
  }
})

t.test('an accepted client sees Documents, the user menu and no login links', async (t) => {
  const { html, islands } = renderShell(client)
  t.match(html, link('/files', 'Documents'))
  t.notMatch(html, />Tableau_Bord</)
  t.notMatch(html, />Se connecte</)
  t.notMatch(html, /S&#x27;inscrire/)
  t.match(html, /<span class="user-menu-name">sarl-atlas<\/span>/)
  t.match(html, link('/users/profile/7', 'Profile'))
  t.match(html, /<form [^>]*action="\/api\/auth\/logout"[^>]*><button type="submit">Déconnecte<\/button>/)
  t.equal(islands.eager, 1, 'the user menu hydrates on load (outside click)')
})

t.test('Documents needs acceptance and Tableau_Bord needs the admin flag', async (t) => {
  const waiting = renderShell({ ...client, isAccepted: false }).html
  t.notMatch(waiting, />Documents</)
  t.notMatch(waiting, />Tableau_Bord</)
  const admin = renderShell({ ...client, isAccepted: false, isAdmin: true }).html
  t.match(admin, link('/admin-dashboard', 'Tableau_Bord'))
  t.notMatch(admin, />Documents</)
  t.same(
    navLinksFor({ ...client, isAdmin: true }, '/files').map((l) => [l.label, l.current]),
    [['Accueil', false], ['Documents', true], ['Tableau_Bord', false], ['Services', false], ['Contact', false]],
  )
})

t.test('the profile photo is read from an object or its JSON text, else the blank avatar', async (t) => {
  const asText = JSON.stringify({ url: '/uploads/photos/7.png' }) as unknown as SessionUser['profilePhoto']
  t.match(renderShell({ ...client, profilePhoto: asText }).html, /<img class="avatar" src="\/uploads\/photos\/7\.png"/)
  t.match(renderShell({ ...client, profilePhoto: { url: '/uploads/photos/8.png' } }).html, /<img class="avatar" src="\/uploads\/photos\/8\.png"/)
  t.match(renderShell(client).html, /<img class="avatar" src="\/static\/avatar\.svg"/)
  t.equal(photoUrlOf('not json'), null)
  t.equal(photoUrlOf('{"url":""}'), null)
  t.equal(photoUrlOf(null), null)
})

t.test('the footer carries the firm facts and the Arabic tagline', async (t) => {
  const { html } = renderShell(null)
  const footer = html.slice(html.indexOf('<footer'), html.indexOf('</footer>'))
  t.match(footer, /<img src="\/static\/logo\.svg"/)
  t.match(footer, site.taglineFr)
  t.match(footer, new RegExp(`<p class="footer-tagline" lang="ar" dir="rtl">${site.taglineAr}</p>`))
  for (const service of site.footerServices) t.match(footer, `>${service}</a>`)
  t.match(footer, site.address)
  t.match(footer, `href="tel:+21321000000">${site.phones[0]}</a>`)
  t.match(footer, `href="mailto:${site.email}">${site.email}</a>`)
  t.match(footer, /© <!-- -->2025/)
  t.match(footer, new RegExp(`<a href="${site.builder.url}" target="_blank" rel="noopener noreferrer">${site.builder.name}</a>`))
})

t.test('the messaging button opens a chat with the encoded Arabic greeting', async (t) => {
  const { html } = renderShell(null)
  const href = `https://wa.me/${site.whatsappNumber}?text=${encodeURIComponent(site.whatsappGreeting)}`
  t.match(href, /text=%D8%A7%D9%84%D8%B3%D9%84%D8%A7%D9%85/, 'the greeting is percent-encoded')
  t.ok(
    html.includes(`<a class="whatsapp-button" href="${href}" target="_blank" rel="noopener noreferrer" aria-label="Nous écrire sur WhatsApp (nouvel onglet)">`),
    'floating link with its French label',
  )
})

t.test('toasts: the toaster is always there, each toast announced by its own role; flash toasts make the page hydrate', async (t) => {
  const quiet = renderShell(null)
  t.match(quiet.html, /<div class="toaster"><\/div>/)
  t.equal(quiet.islands.eager, 0, 'nothing forces JavaScript on a visitor without toasts')
  const flashed = renderShell(null, { toasts: [{ type: 'success', message: 'Compte créé avec succès' }] })
  t.match(flashed.html, /<div class="toast" data-type="success" role="status"><span class="toast-message">Compte créé avec succès<\/span><button type="button" class="toast-close" aria-label="Fermer la notification">/)
  const failed = renderShell(null, { toasts: [{ type: 'error', message: 'Fichier trop volumineux' }] })
  t.match(failed.html, /<div class="toast" data-type="error" role="alert"><span class="toast-message">Fichier trop volumineux<\/span>/, 'an error is an alert (it stays)')
  t.equal(flashed.islands.eager, 1)

  const cookie = app.signCookie(JSON.stringify({ type: 'info', message: 'Bienvenue' }))
  const res = await app.inject({ url: '/services', cookies: { flash: cookie } })
  t.match(res.body, /<span class="toast-message">Bienvenue<\/span>/)
  t.match(res.body, /<script type="module"/, 'the flash toast needs the runtime to close itself')
})

t.test('the theme toggle shows DRK in light mode and LTH in dark mode, and the 404 page keeps the shell', async (t) => {
  const light = await app.inject('/services')
  t.match(light.body, /<html lang="fr" data-theme="light">/)
  t.match(light.body, /<form class="theme-toggle" action="\/theme" method="post">.*?>DRK<\/button>/)
  const dark = await app.inject({ url: '/services', cookies: { theme: 'dark' } })
  t.match(dark.body, /<html lang="fr" data-theme="dark">/)
  t.match(dark.body, />LTH<\/button>/)
  const missing = await app.inject('/nope')
  t.equal(missing.statusCode, 404)
  t.match(missing.body, /<header class="navbar">/)
  t.match(missing.body, /<footer class="footer">/)
})

t.test('issue 34: the floating buttons are the public pages\' alone; the portal\'s bar and the back-office\'s sidebar hold the theme switch', async (t) => {
  const { seedAccount, injectAs } = await import('../helpers/accounts.js')
  const floating = /<aside class="floating-controls[ "]/
  for (const path of ['/', '/services', '/login', '/registration', '/forget-password']) {
    const body = (await app.inject(path)).body
    t.match(body, floating, `${path}: floating buttons`)
    t.match(body, /<li class="nav-theme">/, `${path}: the theme in the phones' menu too`)
  }
  const client = await seedAccount(app, { accepted: true })
  for (const path of ['/files', `/users/profile/${client.id}`, '/users/profile/activity', '/messages']) {
    const body = (await injectAs(app, client, path)).body
    t.notMatch(body, floating, `${path}: no floating button`)
    t.match(body, /<li class="nav-theme nav-theme-always"><form class="nav-theme-toggle" action="\/theme" method="post">/, `${path}: the theme is the bar's, at every width`)
  }
  const admin = await seedAccount(app, { accepted: true, admin: true })
  for (const path of ['/admin-dashboard', '/admin-dashboard/journal', '/admin-dashboard/new-users']) {
    const body = (await injectAs(app, admin, path)).body
    t.notMatch(body, floating, `${path}: no floating button`)
    t.notMatch(body, /class="nav-theme/, `${path}: not in the bar`)
    t.match(body, /<form class="admin-sidebar-theme" action="\/theme" method="post">/, `${path}: in the sidebar`)
  }
})
