// Issue 17, "Lists for a firm's day": on a laptop (1280 and 1366 px wide) every admin list with rows
// (the contact inbox, the sub-admins, the document types and a client's page too) shows each action whole, inside the window and inside its table's box, without scrolling
// sideways, even with long names, companies, file names and descriptions; each row names the client's
// company beside the client (and who serves them, contract §9); on a phone the rows are still cards. The
// company's own team page (/team) fits the same way for its owner.
import t from 'tap'
import type { Browser, Page } from 'playwright-core'
import type { TestSmtp } from '../helpers/smtp.js'
import { apiSession, call, logIn, openPage, register, startSuite, type RunningServer } from './helpers.js'

const ADMIN = { email: 'admin@cabinet-benali.dz', password: 'Qv7!rTz2Lp#m' }
const PASSWORD = 'Zt9#qLm2vR!x'
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n', 'latin1')

const LONG_NAME = 'Amina Haddad-Benmoussa Oulhadj-Boukhelifa de la Casbah'
const LONG_COMPANY = 'Société Nationale de Transports et de Logistique Ezzahra-Méditerranée Import-Export SARL'
const OTHER_COMPANY = 'Boulangerie Pâtisserie du Vieux Port'
const LONG_FILE = (n: number) => `Declaration_fiscale_annuelle_G50_exercice_2025_version_definitive_signee_par_le_gerant_${n}.pdf`
// Contract §9: the firm's collaborator who serves the client (the clients list's « Suivi par », a sub-admins row) and a colleague of the client's (its /team).
const LONG_STAFF = 'Nadia Ouali-Benyahia Ait Abdesselam de Tizi Ouzou'
const LONG_STAFF_EMAIL = 'nadia.ouali-benyahia.ait-abdesselam@cabinet-benali-expertise-comptable.example.dz'
const LONG_MEMBER = 'Yacine Saidi-Bouabdallah Ould Kaddour de Tlemcen'
const LONG_MEMBER_EMAIL = 'yacine.saidi-bouabdallah.ould-kaddour@transports-ezzahra-mediterranee.example.dz'
const LONG_DESCRIPTION = 'Relevés_bancaires_trimestriels_consolidés_de_toutes_les_agences_et_sous-comptes_du_groupe ' + 'avec annexes '.repeat(20)

let server: RunningServer
let browser: Browser
let smtp: TestSmtp

t.before(async () => ({ smtp, server, browser } = await startSuite(t, { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password })))

/** Two clients of one name and different companies, one accepted with a document in each list and a request, one waiting. */
async function seed(): Promise<void> {
  const admin = await apiSession(server.url, ADMIN.email, ADMIN.password)
  await call(server.url, admin, 'POST', '/api/documents/types', { typeName: 'Déclarations fiscales, sociales et parafiscales annuelles' })
  const [type] = (await (await call(server.url, admin, 'GET', '/api/documents/types')).json()) as Array<{ id: number }>
  const { id: clientId } = await register(server.url, smtp, { username: LONG_NAME, email: 'amina-transports@example.dz', password: PASSWORD, entreprise: LONG_COMPANY }, { follow: 'api' })
  await register(server.url, smtp, { username: LONG_NAME, email: 'amina-boulangerie@example.dz', password: PASSWORD, entreprise: OTHER_COMPANY }, { follow: 'api' })
  await call(server.url, admin, 'POST', `/api/users/accept/${clientId}`)
  const client = await apiSession(server.url, 'amina-transports@example.dz', PASSWORD)
  const staff = (await (await call(server.url, admin, 'POST', '/api/staff', { email: LONG_STAFF_EMAIL, username: LONG_STAFF, role: 'staff' })).json()) as { id: number }
  await call(server.url, admin, 'PUT', `/api/users/${clientId}/staff`, { staffIds: [staff.id] })
  await call(server.url, client, 'POST', '/api/company/members', { email: LONG_MEMBER_EMAIL, username: LONG_MEMBER })
  const ids: number[] = []
  for (let n = 1; n <= 3; n++) {
    const body = new FormData()
    body.append('file', new Blob([PDF], { type: 'application/pdf' }), LONG_FILE(n))
    body.append('type', 'Déclarations fiscales, sociales et parafiscales annuelles')
    body.append('description', LONG_DESCRIPTION)
    ids.push(((await (await call(server.url, client, 'POST', '/api/documents/upload', body)).json()) as { id: number }).id)
  }
  // One stays new, one is viewed, one viewed then archived.
  await call(server.url, admin, 'GET', `/api/documents/view-document/${ids[1]}`)
  await call(server.url, admin, 'GET', `/api/documents/view-document/${ids[2]}`)
  await call(server.url, admin, 'POST', `/api/documents/archive/${ids[2]}`)
  const dueDate = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10)
  await call(server.url, admin, 'POST', '/api/requests', { userId: clientId, typeId: type!.id, title: `Relevés_bancaires_et_attestations_de_solde_de_tous_les_comptes_courants_${'et livrets '.repeat(8)}`, note: '', dueDate })
  // A document the firm sent the client (its page's third table) and a visitor's message to the inbox.
  const sent = new FormData()
  sent.append('file', new Blob([PDF], { type: 'application/pdf' }), LONG_FILE(4))
  sent.append('name', `Attestation_de_situation_fiscale_et_parafiscale_${LONG_COMPANY}`)
  sent.append('description', LONG_DESCRIPTION)
  await call(server.url, admin, 'POST', `/api/documents/send/${clientId}`, sent)
  await call(server.url, '', 'POST', '/api/users/contact', { name: LONG_NAME, email: 'amina.haddad-benmoussa.oulhadj-boukhelifa.casbah@transports-ezzahra-mediterranee.example.dz', telephone: '0551234567', message: LONG_DESCRIPTION })
  clientPage = `/users/profile/${clientId}`
}

let clientPage = ''

/**
 * The lists with rows, and a company each shows beside the client (the firm's own lists name no
 * client). The client's page holds three tables (their documents, their requests, what the firm
 * sent them), whose actions are links and buttons in the cells.
 */
const LISTS: Array<{ path: string; company?: string }> = [
  { path: '/admin-dashboard/new-users', company: OTHER_COMPANY },
  { path: '/admin-dashboard/clients', company: LONG_COMPANY },
  { path: '/admin-dashboard/new-documents', company: LONG_COMPANY },
  { path: '/admin-dashboard/documents', company: LONG_COMPANY },
  { path: '/admin-dashboard/arch-documents', company: LONG_COMPANY },
  { path: '/admin-dashboard/requests', company: LONG_COMPANY },
  { path: '/admin-dashboard/messages' },
  { path: '/admin-dashboard/sub-admins' },
  { path: '/admin-dashboard/documents/types' },
  { path: 'client' },
]

const TABLES = '.admin-table-wrap, .profile-table-wrap'
const ACTIONS = '.admin-action, td a[href], td button'

/** Each action of each row that sticks out of the window or of its table's box, and each box that scrolls sideways. */
function outOfBounds(page: Page): Promise<string[]> {
  return page.evaluate(({ tables, actionsOf }) => {
    const problems: string[] = []
    const wraps = [...document.querySelectorAll<HTMLElement>(tables)]
    if (!wraps.length) problems.push('no table')
    if (!document.querySelector(`:is(${tables}) :is(${actionsOf})`)) problems.push('no action')
    for (const wrap of wraps) {
      const widths = [...wrap.querySelectorAll('th')].map((th) => `${th.textContent} ${Math.round(th.getBoundingClientRect().width)}`).join(', ')
      if (wrap.scrollWidth > wrap.clientWidth) problems.push(`the table scrolls sideways: ${wrap.scrollWidth} > ${wrap.clientWidth} (${widths})`)
      const box = wrap.getBoundingClientRect()
      const actions = [...wrap.querySelectorAll<HTMLElement>(actionsOf)]
      for (const action of actions) {
        const r = action.getBoundingClientRect()
        const name = action.getAttribute('aria-label')?.slice(0, 40) ?? action.textContent
        if (r.width === 0 || r.left < 0 || r.right > window.innerWidth) problems.push(`${name}: outside the window (${r.left}–${r.right} of ${window.innerWidth})`)
        if (r.left < box.left || r.right > box.right) problems.push(`${name}: outside its table (${r.left}–${r.right} of ${box.left}–${box.right})`)
      }
    }
    return problems
  }, { tables: TABLES, actionsOf: ACTIONS })
}

t.test('on a laptop every action is whole, inside the window and its table; each row names the company', async (t) => {
  await seed()
  const { page, problems } = await openPage(browser, t)
  await logIn(page, server.url, ADMIN.email, ADMIN.password)
  for (const width of [1280, 1366]) {
    await page.setViewportSize({ width, height: 900 })
    for (const list of LISTS) {
      const path = list.path === 'client' ? clientPage : list.path
      await page.goto(`${server.url}${path}`)
      await page.locator(`:is(${TABLES}) tbody tr`).first().waitFor()
      if (list.path === 'client') await page.locator('.received-table tbody tr').waitFor()
      t.same(await outOfBounds(page), [], `${width} px, ${path}`)
      if (list.company) t.ok(await page.locator('.admin-table tbody tr .person-company', { hasText: list.company }).count(), `${list.path}: the company beside the client`)
      if (list.path === '/admin-dashboard/clients') t.ok(await page.locator('.admin-table tbody tr', { hasText: LONG_STAFF }).count(), 'the clients list: « Suivi par » names the collaborator')
      if (list.path === '/admin-dashboard/sub-admins') t.ok(await page.locator('.admin-table tbody tr', { hasText: LONG_STAFF_EMAIL }).count(), 'the sub-admins: the collaborator’s row')
    }
  }
  t.same(problems, [], 'no script error')
})

t.test('two clients of one name are told apart by their company, and found by it', async (t) => {
  const { page } = await openPage(browser, t)
  await logIn(page, server.url, ADMIN.email, ADMIN.password)
  await page.goto(`${server.url}/admin-dashboard/new-users?q=${encodeURIComponent('boulangerie')}`)
  await page.locator('.admin-table tbody tr', { hasText: OTHER_COMPANY }).waitFor()
  t.equal(await page.locator('.admin-table tbody tr').count(), 1, 'the new users found by company')
  await page.goto(`${server.url}/admin-dashboard/new-documents?q=${encodeURIComponent('ezzahra')}`)
  await page.locator('.admin-table tbody tr', { hasText: LONG_COMPANY }).waitFor()
  t.equal(await page.locator('.admin-table tbody tr').count(), 1, 'a document found by its sender’s company')
  await page.goto(`${server.url}/admin-dashboard/new-documents?q=${encodeURIComponent('boulangerie')}`)
  await page.locator('.admin-empty').waitFor()
})

t.test('on a phone the rows are cards, their actions inside the window', async (t) => {
  const { page } = await openPage(browser, t, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })
  await logIn(page, server.url, ADMIN.email, ADMIN.password)
  await page.goto(`${server.url}/admin-dashboard/documents`)
  await page.locator('.admin-table tbody tr').first().waitFor()
  t.equal(await page.locator('.admin-table thead').evaluate((head) => getComputedStyle(head).position), 'absolute', 'the header is hidden: rows are cards')
  const labels = await page.locator('.admin-table tbody tr').first().evaluate((row) => {
    const headers = [...row.closest('table')!.querySelectorAll('thead th')].map((th) => th.textContent!.trim())
    return [...row.querySelectorAll('td')].map((cell, i) => ({ header: headers[i], label: cell.dataset['label'], shown: getComputedStyle(cell, '::before').content }))
  })
  t.ok(labels.length > 2, 'the row has its cells')
  t.same(labels.filter((cell) => cell.label !== undefined && (cell.label !== cell.header || cell.shown !== JSON.stringify(cell.header))), [], 'each labelled cell shows its column’s header')
  t.ok(labels.filter((cell) => cell.label === undefined).length <= 1, 'at most one cell (the row’s button) goes without a label')
  const outside = await page.evaluate(() => [...document.querySelectorAll('.admin-action')].filter((a) => a.getBoundingClientRect().right > window.innerWidth).length)
  t.equal(outside, 0, 'no action beyond the window')
})

t.test('the company’s team (/team): its owner’s « Retirer » whole on a laptop, nothing wider than a phone', async (t) => {
  const { page, problems } = await openPage(browser, t)
  await logIn(page, server.url, 'amina-transports@example.dz', PASSWORD)
  for (const width of [1280, 1366, 390]) {
    await page.setViewportSize({ width, height: 900 })
    await page.goto(`${server.url}/team`)
    await page.locator('.team-members[data-hydrated] .team-table tbody tr', { hasText: LONG_MEMBER_EMAIL }).getByRole('button', { name: `Retirer ${LONG_MEMBER} de l’équipe` }).waitFor()
    if (width > 390) t.same(await outOfBounds(page), [], `${width} px, /team`)
    else t.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), '390 px, /team: nothing wider than the phone')
  }
  t.same(problems, [], 'no script error')
})
