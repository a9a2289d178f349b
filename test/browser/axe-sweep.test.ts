// Issue 17, "axe clean everywhere, admin pages too": with a realistic state (an administrator, an
// accepted client with documents in every state, a request, a message thread, a document the firm
// sent, new users waiting, a contact message, a journal, a collaborator serving the client and a colleague it invited), every page of the portal, opened as the
// role it is for, has no axe violation in the light and the dark theme, 1280 and 390 px wide; the
// phone menu and the back-office's sidebar, opened, too. One browser, a context per role, all
// side by side; each page is loaded once and judged four times (the theme switched as the toggle does
// it, the width by resizing), so the file stays under a minute on two busy cores.
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { Secret, TOTP } from 'otpauth'
import t, { type Test } from 'tap'
import type { Browser, Page } from 'playwright-core'
import { linkIn, type TestSmtp } from '../helpers/smtp.js'
import { acceptedClient, apiSession, call, logIn, openPage, register, startSuite, type RunningServer } from './helpers.js'

const ADMIN = { email: 'cabinet-axe@example.dz', password: 'Adm1n#Cabinet!x' }
const PASSWORD = 'Zt9#qLm2vR!x'
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n', 'latin1')
const WIDTHS = [{ width: 1280, height: 900 }, { width: 390, height: 844 }]
const THEMES = ['light', 'dark'] as const
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

let server: RunningServer
let browser: Browser
let smtp: TestSmtp

/** What the pages need to name: ids and links made by the seeding. */
interface Seeded {
  client: { id: number; email: string }
  waiting: { verifyLink: string }
  pending: { id: number; email: string }
  documents: { fresh: number; viewed: number; typeId: number }
  secondStep: { id: number; email: string; resetLink: string }
  requestId: number
  /** Contract §9: a collaborator serving the client (their invitation accepted), and a colleague the client invited, not yet. */
  staff: { email: string }
  memberInvitation: string
}
let seeded: Seeded

t.before(async () => ({ smtp, server, browser } = await startSuite(t, { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password })))

const dayIn = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)

async function upload(cookie: string, name: string): Promise<number> {
  const body = new FormData()
  body.append('file', new Blob([PDF], { type: 'application/pdf' }), name)
  body.append('type', 'Bilan')
  body.append('description', 'Exercice 2025, avec les annexes.')
  return ((await (await call(server.url, cookie, 'POST', '/api/documents/upload', body)).json()) as { id: number }).id
}

/** The link matching `pattern` in the next mail to `to` that holds one (a security notice may come first). */
async function mailedLink(to: string, pattern: RegExp): Promise<URL> {
  for (;;) {
    const mail = await smtp.nextMail(to, 10_000)
    try {
      return linkIn(mail, pattern)
    } catch {
      // another mail: the next one
    }
  }
}

/** The state of a firm's ordinary day, through the API. */
async function seed(): Promise<Seeded> {
  const admin = await apiSession(server.url, ADMIN.email, ADMIN.password)
  await call(server.url, admin, 'POST', '/api/documents/types', { typeName: 'Bilan' })
  const type = ((await (await call(server.url, admin, 'GET', '/api/documents/types')).json()) as Array<{ id: number; typeName: string }>).find((one) => one.typeName === 'Bilan')

  // An accepted client: a document new, one viewed, one archived; a request; a thread; a document from the firm.
  const client = { email: 'amina-axe@example.dz' }
  const id = await acceptedClient(server.url, smtp, admin, { username: 'Amina Haddad', email: client.email, password: PASSWORD, entreprise: 'Transports Ezzahra' })
  const own = await apiSession(server.url, client.email, PASSWORD)
  const [fresh, viewed, archived] = [await upload(own, 'bilan-2025.pdf'), await upload(own, 'releve-mars.pdf'), await upload(own, 'g50-fevrier.pdf')]
  await call(server.url, admin, 'GET', `/api/documents/view-document/${viewed}`)
  await call(server.url, admin, 'GET', `/api/documents/view-document/${archived}`)
  await call(server.url, admin, 'POST', `/api/documents/archive/${archived}`)
  const request = (await (await call(server.url, admin, 'POST', '/api/requests', { userId: id, typeId: type!.id, title: 'Bilan 2025 signé', note: 'Avec les annexes, merci.', dueDate: dayIn(10) })).json()) as { id: number }
  await call(server.url, admin, 'POST', '/api/requests', { userId: id, typeId: type!.id, title: 'Relevés du premier trimestre', note: '', dueDate: dayIn(3) })
  await call(server.url, own, 'POST', `/api/messages/${id}`, { text: 'Bonjour, le relevé de mars est en ligne : https://banque.example/releve' })
  await call(server.url, admin, 'POST', `/api/messages/${id}`, { text: 'Merci, bien reçu. Il manque la page 2.' })
  const sent = new FormData()
  sent.append('file', new Blob([PDF], { type: 'application/pdf' }), 'attestation.pdf')
  sent.append('name', 'Attestation de situation fiscale')
  sent.append('description', 'À conserver.')
  await call(server.url, admin, 'POST', `/api/documents/send/${id}`, sent)

  // A new user, not yet verified (the verification page is visited below) nor accepted.
  const { link: verifyLink } = await register(server.url, smtp, { username: 'Karim Benali', email: 'karim-axe@example.dz', password: PASSWORD, entreprise: 'Boulangerie du Port' })

  // A user whose address is verified, waiting for the firm's acceptance (the shell's notice, an empty space).
  const pending = { email: 'samia-axe@example.dz' }
  const { id: pendingId } = await register(server.url, smtp, { username: 'Samia Belkacem', email: pending.email, password: PASSWORD, entreprise: 'Pharmacie El Amel' }, { follow: 'api' })

  // A user with two-factor sign-in on (the second step's page), who also asked for a new password.
  const secondStep = { email: 'yacine-axe@example.dz' }
  const { id: yacineId } = await register(server.url, smtp, { username: 'Yacine Saidi', email: secondStep.email, password: PASSWORD, entreprise: 'Atlas Conseil' }, { follow: 'api' })
  const yacine = await apiSession(server.url, secondStep.email, PASSWORD)
  const { secret } = (await (await call(server.url, yacine, 'POST', '/api/auth/2fa/setup')).json()) as { secret: string }
  const code = new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate()
  await call(server.url, yacine, 'POST', '/api/auth/2fa/enable', { code })
  await fetch(`${server.url}/api/password`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: secondStep.email }) })
  const resetLink = (await mailedLink(secondStep.email, /^\/reset-password\/\d+\//)).toString()

  // A visitor's message to the firm, longer than its cell shows at once.
  await call(server.url, '', 'POST', '/api/users/contact', { name: 'Nadia Cherif', email: 'nadia@example.dz', telephone: '0551234567', message: `Bonjour,\n\n${'je souhaite un rendez-vous pour ma déclaration G50 et le bilan de mon entreprise. '.repeat(6)}\n\nCordialement,\nNadia` })
  // The firm's team and the client's (contract §9): a collaborator who accepted and serves the client,
  // a colleague the client invited, whose link stays unused (its page is the visitor's).
  const staff = { email: 'nadia-axe@example.dz' }
  const person = (await (await call(server.url, admin, 'POST', '/api/staff', { email: staff.email, username: 'Nadia Ouali', role: 'staff' })).json()) as { id: number }
  const staffLink = await mailedLink(staff.email, /^\/invitations\/[^/]+$/)
  await call(server.url, '', 'POST', `/api/invitations/${staffLink.pathname.split('/').pop()}`, { username: 'Nadia Ouali', password: PASSWORD, confirmPassword: PASSWORD })
  await call(server.url, admin, 'PUT', `/api/users/${id}/staff`, { staffIds: [person.id] })
  await call(server.url, own, 'POST', '/api/company/members', { email: 'yacine-equipe-axe@example.dz', username: 'Yacine Saidi' })
  const memberInvitation = (await mailedLink('yacine-equipe-axe@example.dz', /^\/invitations\/[^/]+$/)).pathname
  return { staff, memberInvitation, client: { id, email: client.email }, waiting: { verifyLink: verifyLink.toString() }, pending: { id: pendingId, email: pending.email }, documents: { fresh, viewed, typeId: type!.id }, secondStep: { ...secondStep, id: yacineId, resetLink }, requestId: request.id }
}

/** A page to judge: its address and what shows it is ready (its islands hydrated, its data in place). */
interface Visit {
  path: string
  ready: string
}

/** axe's violations on the page as it stands, one line each (axe is already there: `instrument`). */
async function violations(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    type Node = { target: string[]; any: { data?: { fgColor?: string; bgColor?: string; contrastRatio?: number } | null }[] }
    type Result = { violations: { id: string; impact: string; nodes: Node[] }[] }
    const axe = (window as unknown as { axe: { run(context: Document, options: object): Promise<Result> } }).axe
    const result = await axe.run(document, { resultTypes: ['violations'] })
    // A contrast failure says its colours and ratio: the fix is read from the report.
    const colours = (node: Node) => {
      const data = node.any[0]?.data
      return data?.contrastRatio ? ` [${data.fgColor} on ${data.bgColor}: ${data.contrastRatio}]` : ''
    }
    return result.violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ') + colours(n)).join(', ')}`)
  })
}

/** The theme as the toggle sets it; with transitions off (`instrument`), its colours apply at once. */
async function useTheme(page: Page, theme: string): Promise<void> {
  await page.evaluate((next) => (document.documentElement.dataset.theme = next), theme)
}

/**
 * Every document of the context gets axe (an init script: the page's content security policy stays on)
 * and no transitions: reduced motion (base.css) gives every element a 0.01 ms transition of all its
 * properties, so a colour just switched by the theme is read as the old one until the next frame.
 * Motion is reduced besides, so a toast's fade-in is not measured half-way.
 */
async function instrument(page: Page): Promise<void> {
  // Nothing outside the portal under test: the home page's map (an iframe of google.com, within
  // the distance at which Chromium loads a lazy frame) held the page's load event for more than
  // 30 s in two CI runs on a machine whose DNS does not answer for outside hosts.
  const portal = new URL(server.url).origin
  await page.context().route((url) => url.origin !== portal, (route) => route.abort('blockedbyclient'))
  await page.emulateMedia({ reducedMotion: 'reduce' })
  await page.context().addInitScript({ content: AXE_SOURCE })
  await page.context().addInitScript(() => {
    const still = new CSSStyleSheet()
    still.replaceSync('*, *::before, *::after { transition: none !important; }')
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, still]
  })
}

/** Judges the page as it stands in both themes at both widths (it is left at 390 px). */
async function judge(t: Test, page: Page, label: string): Promise<void> {
  for (const viewport of WIDTHS) {
    await page.setViewportSize(viewport)
    for (const theme of THEMES) {
      await useTheme(page, theme)
      t.same(await violations(page), [], `${label}, ${theme}, ${viewport.width} px`)
    }
  }
}

/** One role's pages, in one context (logged in as `logInAs`), each loaded once and judged four times; `menus`: the first one's menus opened too. */
async function sweep(t: Test, role: string, visits: Visit[], logInAs?: { email: string; password: string }, { menus = true } = {}): Promise<void> {
  const { page, problems } = await openPage(browser, t)
  await instrument(page)
  if (logInAs) await logIn(page, server.url, logInAs.email, logInAs.password)
  let first = menus
  for (const visit of visits) {
    await page.setViewportSize(WIDTHS[0]!)
    await page.goto(`${server.url}${visit.path}`)
    await page.locator(visit.ready).first().waitFor()
    await page.waitForLoadState('networkidle')
    await judge(t, page, `${role}, ${visit.path}`)
    // On the first page, at 390 px: the back-office's folded sidebar opened, then the phone menu
    // (the theme toggle is its last item there), which covers the sidebar's toggle.
    if (first) {
      first = false
      if (await page.locator('.admin-sidebar-toggle').isVisible()) {
        await page.locator('.admin-sidebar-toggle').click()
        await page.locator('.admin-sidebar-menu').waitFor()
        for (const theme of THEMES) {
          await useTheme(page, theme)
          t.same(await violations(page), [], `${role}, the sidebar open, ${theme}, 390 px`)
        }
      }
      await page.locator('.nav-toggle-input').evaluate((box: HTMLInputElement) => (box.checked = true))
      await page.locator('.nav-menu').waitFor()
      for (const theme of THEMES) {
        await useTheme(page, theme)
        t.same(await violations(page), [], `${role}, the menu open, ${theme}, 390 px`)
      }
    }
  }
  t.same(problems, [], `${role}: no script error`)
}

/** A visitor (the mailed links' pages too), then one half-way through a two-factor login. */
async function visitor(t: Test): Promise<void> {
  const { waiting, secondStep, memberInvitation } = seeded
  await sweep(t, 'visitor', [
    { path: '/', ready: '#contact form' },
    { path: '/services', ready: 'main h1' },
    { path: '/login', ready: 'form[data-hydrated]' },
    { path: '/registration', ready: 'form[data-hydrated]' },
    { path: '/forget-password', ready: 'form[data-hydrated]' },
    { path: new URL(secondStep.resetLink).pathname, ready: 'form[data-hydrated]' },
    { path: '/reset-password/999/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', ready: 'text=Lien Invalide' },
    { path: new URL(waiting.verifyLink).pathname, ready: 'text=Vérifier mon adresse e-mail' },
    { path: memberInvitation, ready: 'form[data-hydrated]' },
    { path: '/invitations/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', ready: 'text=Ce lien d’invitation est invalide' },
    { path: '/nexiste-pas', ready: '.error-page h1:text-is("404")' },
  ])
  const { page, problems } = await openPage(browser, t)
  await instrument(page)
  await page.goto(`${server.url}/login`)
  await page.getByLabel('E-mail').fill(secondStep.email)
  await page.getByLabel('Mot de passe', { exact: true }).fill(PASSWORD)
  await page.getByRole('button', { name: 'Se connecter' }).click()
  await page.waitForURL(`${server.url}/login/2fa`)
  await page.locator('form[data-hydrated]').waitFor()
  await judge(t, page, 'visitor, /login/2fa')
  t.same(problems, [], 'the second step: no script error')
}

function client(t: Test): Promise<void> {
  const { client, requestId, documents } = seeded
  return sweep(
    t,
    'client',
    [
      { path: '/files', ready: '.upload-submit:not([disabled])' },
      { path: `/files?request=${requestId}`, ready: '.upload-fixed-type' },
      { path: '/messages', ready: '.thread-form[data-ready]' },
      { path: `/users/profile/${client.id}`, ready: '.profile-verified' },
      { path: '/users/profile/password', ready: 'main form' },
      { path: '/users/profile/two-factor', ready: '.twofactor-qr svg' },
      // The company's team, with the colleague invited (contract §9).
      { path: '/team', ready: '.team-members[data-hydrated] .team-table tbody tr + tr' },
      // The page standing in for the dialog of a document's deletion without JavaScript.
      { path: `/users/profile/documents/${documents.fresh}/delete`, ready: 'main form' },
      // The administrator's profile: the 403 page.
      { path: '/users/profile/1', ready: '.error-page h1:text-is("403")' },
    ],
    { email: client.email, password: PASSWORD },
  )
}

/** A user the firm has not accepted yet. */
function pendingUser(t: Test): Promise<void> {
  const { pending } = seeded
  return sweep(
    t,
    'a user waiting',
    [
      { path: '/files', ready: '.pending-notice' },
      { path: `/users/profile/${pending.id}`, ready: 'main h1' },
    ],
    { email: pending.email, password: PASSWORD },
  )
}

/**
 * The back-office, in two contexts side by side (its pages are half of all): the lists, then the
 * rest (a client's page and thread, the pages standing in for the dialogs without JavaScript).
 */
function administrator(t: Test): Promise<void> {
  const { client, pending, documents, requestId, secondStep } = seeded
  const lists = [
    { path: '/admin-dashboard', ready: '.admin-cards' },
    { path: '/admin-dashboard/new-users', ready: '.admin-table tbody tr' },
    { path: '/admin-dashboard/clients', ready: '.admin-table tbody tr' },
    { path: '/admin-dashboard/new-documents', ready: '.admin-table tbody tr' },
    { path: '/admin-dashboard/documents', ready: '.admin-table tbody tr' },
    { path: '/admin-dashboard/arch-documents', ready: '.admin-table tbody tr' },
    { path: '/admin-dashboard/requests', ready: '.admin-table tbody tr' },
    { path: '/admin-dashboard/journal', ready: 'main table tbody tr' },
  ]
  const others = [
    // A client's page: their documents, requests, what the firm sent them, the two-factor reset.
    { path: `/users/profile/${client.id}`, ready: '.client-requests tr' },
    { path: `/admin-dashboard/clients/${client.id}/messages`, ready: '.thread-form[data-ready]' },
    { path: '/admin-dashboard/threads', ready: 'main table tbody tr' },
    { path: '/admin-dashboard/sub-admins', ready: '.admin-table tbody tr' },
    { path: '/admin-dashboard/messages', ready: '.admin-table tbody tr' },
    { path: '/admin-dashboard/documents/types', ready: '.admin-table tbody tr' },
    // The pages standing in for the dialogs without JavaScript: one for each kind of row, and a new type's.
    { path: `/admin-dashboard/new-users/${pending.id}/accept`, ready: 'main form' },
    { path: `/admin-dashboard/documents/${documents.viewed}/archive`, ready: 'main form' },
    { path: `/admin-dashboard/documents/types/${documents.typeId}/delete`, ready: 'main form' },
    { path: '/admin-dashboard/documents/types/new', ready: 'main form' },
    { path: `/admin-dashboard/documents/types/${documents.typeId}/rename`, ready: 'main form' },
    // A client's two-factor turned off, asked on a page without JavaScript.
    { path: `/users/profile/${secondStep.id}/two-factor/reset`, ready: 'main form' },
    // A request's cancellation, and the client's pages where their forms post without JavaScript.
    { path: `/admin-dashboard/requests/${requestId}/cancel`, ready: 'main form' },
    { path: `/admin-dashboard/clients/${client.id}/ask`, ready: '.client-requests tr' },
    { path: `/admin-dashboard/clients/${client.id}/send`, ready: 'form.upload-form' },
    // Who serves the client, on its own page (contract §9).
    { path: `/admin-dashboard/clients/${client.id}/staff`, ready: 'form.client-staff-form' },
  ]
  return Promise.all([sweep(t, 'administrator', lists, ADMIN), sweep(t, 'administrator', others, ADMIN, { menus: false })]).then(() => undefined)
}

/** A collaborator (contract §9): the back-office as they see it, their one client's rows only. */
function collaborator(t: Test): Promise<void> {
  return sweep(
    t,
    'collaborator',
    [
      { path: '/admin-dashboard', ready: '.admin-cards' },
      { path: '/admin-dashboard/clients', ready: '.admin-table tbody tr' },
      { path: '/admin-dashboard/new-documents', ready: '.admin-table tbody tr' },
    ],
    { email: seeded.staff.email, password: PASSWORD },
  )
}

// About 180 pages, themes and widths: 3.5 minutes alone, more than the browser files' 6 minutes once
// on CI, where the three legs share two cores with Chromium and MariaDB (80 pages in 6 minutes there). This file's own limit: 20 minutes.
t.setTimeout(1_200_000)

t.test('every page is axe clean, as its role, in both themes, on a laptop and a phone', async (t) => {
  seeded = await seed()
  const started = Date.now()
  // The roles side by side, each in its own context (its own renderer): the cores are shared.
  await Promise.all([visitor(t), client(t), pendingUser(t), administrator(t), collaborator(t)])
  t.comment(`the sweep took ${Math.round((Date.now() - started) / 1000)} s`)
})
