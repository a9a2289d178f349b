// Issue 31 (contract §10) and issue 33 (contract §12): the public site under /ar, every word of it in
// Arabic, with its hreflang twins, the lang cookie an /ar page sets, the language switch as a plain
// link, and the privacy notice /confidentialite in both languages, linked from every footer and near
// the registration's and the contact form's submit.
import t from 'tap'
import { privacy, referenceSites, services, site, slides } from '../../src/modules/catalog/content.js'
import { siteWords } from '../../src/modules/catalog/words.js'
import { shellWords } from '../../views/words.js'
import { buildTestApp } from '../helpers/app.js'
import { injectAs, seedAccount } from '../helpers/accounts.js'
import { unescapeHtml } from '../helpers/html.js'

const PUBLIC_URL = 'https://portail.cabinet-benali.test'
const TWINS = [['/', '/ar'], ['/services', '/ar/services'], ['/confidentialite', '/ar/confidentialite'], ['/#contact', '/ar/contact']] as const

// One app for the whole file: pages read, a contact form posted, two seeded accounts.
const { app } = await buildTestApp(t, { PUBLIC_URL })

/** What a reader meets on the page: the body's text and the words of its attributes (labels, alternatives, titles), its scripts aside. */
function readable(html: string): string {
  const body = html.slice(html.indexOf('<body'))
  const attributes = [...body.matchAll(/\s(?:aria-label|aria-roledescription|alt|title|placeholder)="([^"]*)"/g)].map((m) => m[1])
  const text = body.replace(/<script[\s\S]*?<\/script>/g, ' ').replace(/<[^>]+>/g, ' ')
  return unescapeHtml(`${text} ${attributes.join(' ')}`)
}

/** The alternates of a page's head, by hreflang. */
function alternates(html: string): Record<string, string> {
  return Object.fromEntries([...html.matchAll(/<link rel="alternate" hrefLang="([^"]+)" href="([^"]+)"/gi)].map((m) => [m[1]!, unescapeHtml(m[2]!)]))
}

t.test('each Arabic page exists, right to left, and names its French twin as the French one names it', async (t) => {
  for (const [fr, ar] of TWINS) {
    const arabic = await app.inject(ar)
    t.equal(arabic.statusCode, 200, ar)
    t.match(arabic.body, /^<!DOCTYPE html><html lang="ar" dir="rtl"/, `${ar}: Arabic, right to left`)
    const expected = { fr: `${PUBLIC_URL}${fr}`, ar: `${PUBLIC_URL}${ar}`, 'x-default': `${PUBLIC_URL}${fr}` }
    t.same(alternates(arabic.body), expected, `${ar}: hreflang fr, ar and x-default`)
    if (fr.includes('#')) continue
    const french = await app.inject(fr)
    t.match(french.body, /^<!DOCTYPE html><html lang="fr" data-theme/, `${fr}: French, left to right`)
    t.same(alternates(french.body), expected, `${fr}: the same alternates`)
  }
  const login = await app.inject('/login')
  t.same(alternates(login.body), {}, 'a page without a twin names none')
  const sitemap = (await app.inject('/sitemap.xml')).body
  for (const path of ['/ar', '/ar/services', '/ar/contact', '/ar/confidentialite', '/confidentialite']) t.match(sitemap, `<loc>${PUBLIC_URL}${path}</loc>`, `${path} in the sitemap`)
})

/** The Latin-letter words an Arabic page may hold (contract §10): the firm's names, address, e-mails, builder, the reference sites' own names, codes, the switch's « Français ». */
const KEPT = new Set(
  [site.shortName, site.address, site.email, site.builder.name, privacy.dpo.email, ...referenceSites.map((r) => r.nameFr), 'Français', 'G50 CNAS CASNOS ZIP IP 0XXXXXXXXX']
    .join(' ')
    .match(/[A-Za-zÀ-ÿ]+/g),
)

t.test('every word of an Arabic page is Arabic, but for names and codes; no French sentence of its twin is left', async (t) => {
  const french = [
    ...Object.values(siteWords.fr.home), ...Object.values(siteWords.fr.services), ...Object.values(siteWords.fr.contact), ...Object.values(siteWords.fr.privacy),
    shellWords.fr.ourServices, shellWords.fr.rights, shellWords.fr.builtBy, shellWords.fr.privacy, shellWords.fr.skipLink, site.taglineFr, site.principal, site.principalTitle,
    ...site.footerServices, ...slides.flatMap((s) => [s.title, s.description, s.alt]), ...services.flatMap((s) => [s.title, s.summary, s.description, ...s.points, s.alt]),
    ...privacy.purposes.map((p) => p.textFr), privacy.controllerFr, privacy.lawFr, privacy.authority.nameFr, 'Envoyer', 'Téléphone', 'Nom', 'Contactez-nous', 'Notre Services',
  ].filter((word): word is string => typeof word === 'string' && word.trim().length > 3)
  for (const path of ['/ar', '/ar/services', '/ar/contact', '/ar/confidentialite']) {
    const text = readable((await app.inject(path)).body)
    t.same(french.filter((sentence) => text.includes(sentence.trim())), [], `${path}: none of the French page's words`)
    const latin = [...new Set(text.match(/[A-Za-zÀ-ÿ]+/g) ?? [])].filter((word) => !KEPT.has(word))
    t.same(latin, [], `${path}: no Latin word but names and codes`)
    t.match(text, /[\u0600-\u06FF]{3}/, `${path}: Arabic words`)
  }
  const home = readable((await app.inject('/ar')).body)
  for (const said of [siteWords.ar.home.services, slides[0]!.titleAr, services[0]!.titleAr, site.footerServicesAr[0]!, site.taglineAr, 'الاسم', 'إرسال']) t.ok(home.includes(said), `/ar says « ${said} »`)
})

t.test('the French pages keep their words (the specification\'s)', async (t) => {
  const home = (await app.inject('/')).body
  for (const said of ['Notre Services', 'Ce que nous faisons', 'En savoir plus', 'Contactez-nous', 'Sites de référence', site.taglineFr, site.taglineAr, 'Envoyer']) t.ok(home.includes(said), `/ says « ${said} »`)
  t.match(home, /<form class="contact-form"[^>]* action="\/#contact" method="post"/, 'the French form posts to the home page')
  const arabic = (await app.inject('/ar')).body
  t.match(arabic, /<form class="contact-form"[^>]* action="\/ar\/contact" method="post"/, 'the Arabic one to /ar/contact')
})

t.test('an /ar page sets lang=ar for every visitor, the stored page as the rendered one, and no other cookie', async (t) => {
  const first = await app.inject('/ar/services')
  const second = await app.inject('/ar/services')
  for (const [which, res] of [['rendered', first], ['stored', second]] as const) {
    t.match(String(res.headers['set-cookie']), /^lang=ar; Max-Age=31536000; Path=\/; SameSite=Lax(; Secure)?$/, `${which}: the cookie of §10`)
  }
  t.equal(second.body, first.body, 'the same bytes for both')
  const themed = await app.inject({ url: '/ar/services', cookies: { theme: 'dark' } })
  t.match(String(themed.headers['set-cookie']), /^lang=ar;/, 'a visitor with a theme too')
  const already = await app.inject({ url: '/ar/services', cookies: { lang: 'ar', theme: 'dark' } })
  t.equal(already.headers['set-cookie'], undefined, 'nothing to set when it is already Arabic')
  t.match(already.body, /<html lang="ar" dir="rtl" data-theme="dark"/)
  const french = await app.inject({ url: '/services', cookies: { lang: 'ar' } })
  t.equal(french.headers['set-cookie'], undefined, 'a French page sets nothing')
  t.match(french.body, /<html lang="fr"/, 'and stays French (its address fixes it)')
  const login = await app.inject({ url: '/login', cookies: { lang: 'ar', theme: 'light' } })
  t.match(login.body, /<html lang="ar" dir="rtl"/, 'the cookie then speaks on pages without a language of their own')
  const account = await seedAccount(app, { accepted: true })
  const user = await injectAs(app, account, '/ar')
  t.match(String(user.headers['set-cookie']), /lang=ar;/, 'a logged-in visitor too')
  t.notMatch(user.body, /<html lang="fr"/)
})

t.test('the language switch is a plain link to the twin, in the header and the admin sidebar', async (t) => {
  const switchOf = (html: string) => unescapeHtml(/<a class="language-switch" href="([^"]+)"/.exec(html)?.[1] ?? '')
  t.equal(switchOf((await app.inject('/')).body), '/lang/ar?next=%2Far')
  t.equal(switchOf((await app.inject('/ar/services')).body), '/lang/fr?next=%2Fservices')
  t.equal(switchOf((await app.inject('/ar/contact')).body), '/lang/fr?next=%2F%23contact')
  t.equal(switchOf((await app.inject('/login')).body), '/lang/ar?next=%2Flogin', 'elsewhere, the same page')
  const followed = await app.inject('/lang/ar?next=%2Far')
  t.equal(followed.statusCode, 303)
  t.equal(followed.headers.location, '/ar')
  const admin = await seedAccount(app, { admin: true })
  const dashboard = await injectAs(app, admin, '/admin-dashboard')
  t.match(dashboard.body, /class="admin-sidebar-language"><a class="language-switch" href="\/lang\/ar\?next=%2Fadmin-dashboard" hrefLang="ar" lang="ar">العربية<\/a>/, 'the sidebar\'s')
  const arabicDashboard = await app.inject({ url: '/admin-dashboard', headers: { cookie: `${admin.cookie}; lang=ar` } })
  t.match(arabicDashboard.body, /href="\/lang\/fr\?next=%2Fadmin-dashboard" hrefLang="fr" lang="fr">Français</, 'back to French')
  t.match(arabicDashboard.body, /<\/svg> قائمة الإدارة<\/label>/, 'the sidebar\'s toggle in Arabic')
  t.match(dashboard.body, /<\/svg> Menu d’administration<\/label>/, 'and in French as it was')
})

t.test('the privacy notice says who, why, how long, which rights and how, and the authority, in both languages', async (t) => {
  const french = readable((await app.inject('/confidentialite')).body)
  for (const said of [site.name, privacy.dpo.name, privacy.dpo.email, 'ANPDP', 'loi n° 18-07', 'loi n° 25-11', 'article 12 du Code de commerce', 'dix ans', 'Droit d’accès', 'Droit de rectification', 'Droit d’opposition', 'Droit de suppression', 'Télécharger mes données']) t.ok(french.includes(said), `/confidentialite says « ${said} »`)
  const arabic = readable((await app.inject('/ar/confidentialite')).body)
  for (const said of [site.nameAr, privacy.dpo.nameAr, privacy.dpo.email, privacy.authority.nameAr, '18-07', '25-11', 'المادة 12 من القانون التجاري', 'حق الولوج', 'حق التصحيح', 'حق الاعتراض', 'حق الحذف']) t.ok(arabic.includes(said), `/ar/confidentialite says « ${said} »`)
})

t.test('every footer links to the notice in its language; the registration and contact forms link to it near their submit', async (t) => {
  const client = await seedAccount(app, { accepted: true })
  const admin = await seedAccount(app, { admin: true })
  const footerLink = (html: string) => /<footer class="footer">[\s\S]*<a href="(\/(?:ar\/)?confidentialite)">/.exec(html)?.[1]
  for (const [who, account, path] of [['visitor', null, '/'], ['visitor', null, '/login'], ['client', client, '/files'], ['admin', admin, '/admin-dashboard']] as const) {
    t.equal(footerLink((await injectAs(app, account, path)).body), '/confidentialite', `${who} ${path}`)
    const arabic = await app.inject({ url: path, headers: { cookie: [account?.cookie, 'lang=ar'].filter(Boolean).join('; ') } })
    t.equal(footerLink(arabic.body), path === '/' ? '/confidentialite' : '/ar/confidentialite', `${who} ${path} in Arabic`)
  }
  t.equal(footerLink((await app.inject('/ar')).body), '/ar/confidentialite')
  for (const [path, href] of [['/registration', '/confidentialite'], ['/', '/confidentialite'], ['/ar/contact', '/ar/confidentialite']] as const) {
    t.match((await app.inject(path)).body, new RegExp(`</button><p class="form-privacy">(?:[^<]|<!-- -->)+<a href="${href}">`), `${path}: the line under the submit`)
  }
})

t.test('the Arabic contact form works without JavaScript: refused in Arabic on its page, sent back to it', async (t) => {
  const refused = await app.inject({ method: 'POST', url: '/ar/contact', payload: { name: '', email: '', telephone: '', message: '' } })
  t.equal(refused.statusCode, 400)
  t.match(refused.body, /^<!DOCTYPE html><html lang="ar" dir="rtl"/)
  t.ok(readable(refused.body).includes('الاسم مطلوب'), 'the refusal in Arabic')
  t.notOk(readable(refused.body).includes('Le nom est requis'))
  const sent = await app.inject({ method: 'POST', url: '/ar/contact', payload: { name: 'سليم', email: 'salim@example.dz', telephone: '0551234567', message: 'السلام عليكم' } })
  t.equal(sent.statusCode, 303)
  t.equal(sent.headers.location, '/ar/contact')
})
