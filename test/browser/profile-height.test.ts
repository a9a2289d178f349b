// Issue 34, pages: the client's profile was 6,662 px tall at 390 px, « Qui a consulté mes documents »
// turned into cards without their labels (an empty left column, values squeezed right). The profile
// shows the latest entries and links to the whole list (a page of its own: search, days, pages), and
// every table turned into cards keeps its labels, on the profile, the activity page and the back-office.
import t from 'tap'
import { join } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { DEFAULT_DOCUMENT_TYPES } from '../../migrations/0009-default-document-types.js'
import type { TestSmtp } from '../helpers/smtp.js'
import { apiSession, axeViolations, call, logIn, openPage, register, startSuite, type RunningServer } from './helpers.js'

const ADMIN = { email: 'cabinet-hauteur@example.dz', password: 'Qv7!rTz2Lp#m' }
const CLIENT = { username: 'Sarl Hauteur', email: 'hauteur@example.dz', password: 'Zt9#qLm2vR!x', entreprise: 'SARL Hauteur' }
const PHONE = { width: 390, height: 844 }
const WIDE = { width: 1280, height: 900 }
/**
 * Issue 34: the profile was 6,662 px tall at 390 px, its journal's cards ~300 px each. Now the
 * journal's part is bounded (its latest 5, whatever the journal holds) and the page no longer grows
 * with the journal. The rest is the profile's other sections (its card, documents, security, two
 * sessions, the tokens' form, company identifiers, personal data, deletion: about 5,300 px of this page), which the
 * journal does not change: the page's bound is theirs and the journal's.
 */
const MAX_ACTIVITY_HEIGHT = 1_400
const OTHER_SECTIONS = 5_600
const MAX_PROFILE_HEIGHT = OTHER_SECTIONS + MAX_ACTIVITY_HEIGHT
const DOWNLOADS = 50

let server: RunningServer
let browser: Browser
let smtp: TestSmtp
let clientId = 0
let entries = 0

// An accepted client with two documents, one of them downloaded 50 times by the firm: 50 entries
// « Document téléchargé » about the client's documents, and the journal's own (acceptance, uploads, logins).
t.before(async () => {
  ;({ smtp, server, browser } = await startSuite(t, { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password }))
  clientId = (await register(server.url, smtp, CLIENT, { follow: 'api' })).id
  const admin = await apiSession(server.url, ADMIN.email, ADMIN.password)
  await call(server.url, admin, 'POST', `/api/users/accept/${clientId}`)
  const client = await apiSession(server.url, CLIENT.email, CLIENT.password)
  for (const name of ['bilan-2025.pdf', 'releve-mars.pdf']) {
    const form = new FormData()
    form.append('file', new Blob([Buffer.from('%PDF-1.4\n%%EOF\n')], { type: 'application/pdf' }), name)
    form.append('type', DEFAULT_DOCUMENT_TYPES[2]!)
    form.append('userId', String(clientId))
    await call(server.url, client, 'POST', '/api/documents/upload', form)
  }
  const documents = (await (await call(server.url, admin, 'GET', '/api/documents/new-documents')).json()) as Array<{ id: number }>
  for (let n = 0; n < DOWNLOADS; n++) await (await call(server.url, admin, 'GET', `/api/documents/download/${documents[0]!.id}`)).arrayBuffer()
  entries = Number((await call(server.url, client, 'GET', '/api/users/activity?pageSize=1')).headers.get('x-total-count'))
})

/**
 * Every cell of every table turned into cards (`display: block` rows) in `scope`: its label as the
 * card shows it (the ::before of a labelled cell) against its column's header, and the cells that
 * show none (which must hold nothing but their one button or link).
 */
function cardCells(page: Page, scope: string): Promise<{ cards: number; cells: number; wrong: string[] }> {
  // A string, not a function: tsx would wrap named inner functions in a helper the page lacks.
  return page.evaluate(`(() => {
    const wrong = []
    let cards = 0
    let cells = 0
    for (const table of document.querySelectorAll(${JSON.stringify(scope)})) {
      const headers = [...table.querySelectorAll('thead th')].map((th) => th.textContent.trim())
      for (const row of table.querySelectorAll('tbody tr')) {
        if (!['block', 'grid'].includes(getComputedStyle(row).display)) { wrong.push('a row is not a card: ' + row.textContent.slice(0, 40)); continue }
        cards++
        ;[...row.children].forEach((cell, index) => {
          cells++
          const label = getComputedStyle(cell, '::before').content
          const shown = label && label !== 'none' && label !== 'normal' && label !== '""' ? JSON.parse(label) : ''
          if (shown) {
            if (shown !== headers[index]) wrong.push('cell ' + index + ' says « ' + shown + ' » under « ' + headers[index] + ' »')
            // Half a card at the least, its value on the label's side or under it, never squeezed.
            const box = cell.getBoundingClientRect()
            const card = row.getBoundingClientRect()
            if (box.width < card.width / 2 - 24) wrong.push('cell « ' + shown + ' » is ' + Math.round(box.width) + ' px wide of ' + Math.round(card.width))
          } else {
            const controls = cell.querySelectorAll('a, button')
            const text = cell.textContent.trim()
            const named = [...controls].map((c) => c.textContent.trim()).join('')
            if (text && text !== named) wrong.push('cell ' + index + ' « ' + text.slice(0, 40) + ' » has no label (column « ' + headers[index] + ' »)')
          }
        })
      }
    }
    return { cards, cells, wrong }
  })()`)
}

t.test(`at 390 px the client's profile with ${DOWNLOADS} journal entries stays short, its cards labelled; the whole list is a page of its own`, async (t) => {
  t.ok(entries > DOWNLOADS, `${entries} entries about the client's account and documents`)
  const { page, problems } = await openPage(browser, t, { viewport: PHONE, bypassCSP: true })
  await logIn(page, server.url, CLIENT.email, CLIENT.password)
  await page.goto(`${server.url}/users/profile/${clientId}`, { waitUntil: 'networkidle' })
  const section = page.locator('section[aria-labelledby="profile-activity-title"]')
  await section.getByRole('heading', { name: 'Qui a consulté mes documents' }).waitFor()

  const height = await page.evaluate(() => document.documentElement.scrollHeight)
  const main = await page.evaluate(() => Math.round(document.querySelector('main')!.getBoundingClientRect().height))
  const shown = await section.evaluate((element) => Math.round(element.getBoundingClientRect().height))
  const parts = await page.evaluate(`[...document.querySelectorAll('.profile-body > *')].map((part) => (part.querySelector('h2, h1')?.textContent ?? part.className) + ' ' + Math.round(part.getBoundingClientRect().height)).join(', ')`)
  t.comment(`390 px: page ${height} px, main ${main} px, « Qui a consulté mes documents » ${shown} px; ${parts}`)
  t.ok(shown < MAX_ACTIVITY_HEIGHT, `« Qui a consulté mes documents » is ${shown} px tall at 390 px (< ${MAX_ACTIVITY_HEIGHT})`)
  t.ok(height < MAX_PROFILE_HEIGHT, `the profile is ${height} px tall at 390 px (< ${MAX_PROFILE_HEIGHT})`)
  // Twenty entries more: not a pixel more.
  const admin = await apiSession(server.url, ADMIN.email, ADMIN.password)
  const documents = (await (await call(server.url, admin, 'GET', '/api/documents/old-documents')).json()) as Array<{ id: number }>
  for (let n = 0; n < 20; n++) await (await call(server.url, admin, 'GET', `/api/documents/download/${documents[0]!.id}`)).arrayBuffer()
  await page.reload({ waitUntil: 'networkidle' })
  t.equal(await page.evaluate(() => document.documentElement.scrollHeight), height, 'twenty entries more leave the profile as tall')
  t.equal(await section.locator('tbody tr').count(), 5, 'the latest 5 entries')
  const activity = await cardCells(page, '.activity-table')
  t.equal(activity.cards, 5)
  t.same(activity.wrong, [], 'each card of the activity shows its labels')
  const all = await cardCells(page, 'table')
  t.ok(all.cards >= 8, `${all.cards} cards on the profile (activity, documents, sessions)`)
  t.same(all.wrong, [], 'every table of the profile keeps its labels as cards')
  if (process.env.SCREENSHOTS) await page.screenshot({ path: join(process.env.SCREENSHOTS, 'profile-390.png'), fullPage: true })

  // The whole list: its own page, the house's list (search, days, pages), labelled cards too.
  const more = section.getByRole('link', { name: /^Voir toute l’activité \(\d+ entrées\)$/ })
  // The browser's login is one more entry than the API counted.
  entries = Number(/\((\d+) entrées\)/.exec((await more.textContent()) ?? '')?.[1])
  t.ok(entries > DOWNLOADS, `the link says all ${entries}`)
  await Promise.all([page.waitForURL(`${server.url}/users/profile/activity`), more.click()])
  await page.getByRole('heading', { level: 1, name: 'Qui a consulté mes documents' }).waitFor()
  t.equal(await page.locator('.activity-table tbody tr').count(), 50, 'a page of 50')
  t.match(await page.locator('.pager-total').textContent(), `${entries} résultats`)
  const listed = await cardCells(page, '.activity-table')
  t.same(listed.wrong, [], 'the list page keeps its labels as cards')
  await Promise.all([page.waitForURL(/page=2/), page.getByRole('link', { name: 'Suivant' }).click()])
  t.equal(await page.locator('.activity-table tbody tr').count(), entries - 50, 'the rest on the second page')
  await page.getByRole('searchbox', { name: 'Recherche' }).fill('bilan')
  await Promise.all([page.waitForURL(/q=bilan/), page.getByRole('button', { name: 'Rechercher' }).click()])
  const subjects = await page.locator('.activity-table tbody tr td:nth-child(4)').allTextContents()
  t.ok(subjects.length > 0 && subjects.every((subject) => /bilan-2025\.pdf/.test(subject)), `the search narrows the list (${subjects.length} entries about bilan-2025.pdf)`)
  t.same(await axeViolations(page), [], 'the activity page: no axe violation')
  await page.getByRole('link', { name: 'Retour au profil' }).click()
  await page.waitForURL(`${server.url}/users/profile/${clientId}`)
  t.same(problems, [], 'no script error')
})

t.test('at 1280 px the activity stays a table with its headers, and the back-office\'s tables become labelled cards at 390 px', async (t) => {
  const wide = await openPage(browser, t, { viewport: WIDE })
  await logIn(wide.page, server.url, CLIENT.email, CLIENT.password)
  await wide.page.goto(`${server.url}/users/profile/${clientId}`)
  const headers = await wide.page.locator('.activity-table thead th').allTextContents()
  t.same(headers, ['Date', 'Action', 'Par', 'Objet', 'Adresse IP'])
  t.ok(await wide.page.locator('.activity-table thead').isVisible(), 'the headers show on a wide screen')

  const { page } = await openPage(browser, t, { viewport: PHONE })
  await logIn(page, server.url, ADMIN.email, ADMIN.password)
  for (const path of ['/admin-dashboard/journal', '/admin-dashboard/documents', '/admin-dashboard/clients', `/users/profile/${clientId}`]) {
    await page.goto(`${server.url}${path}`, { waitUntil: 'networkidle' })
    const found = await cardCells(page, 'table')
    t.ok(found.cards > 0, `${path}: ${found.cards} cards`)
    t.same(found.wrong, [], `${path}: every card keeps its labels`)
  }
})
