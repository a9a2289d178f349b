// Issue 31, "right to left done properly" (contract §10): one stylesheet for both directions. Each
// page used most, at 390 and 1280 px, laid out right to left is the mirror image of itself laid out
// left to right (the boxes of its bar, menu, sidebar, carousel, cards, tables and their phone cards,
// forms, dialog and toasts), nothing wider than the window in either; the sidebar is on the right and
// a card's labels on the right of their values; the carousel's chevrons, arrow keys and swipes go the
// reading way; axe finds nothing right to left. Until the Arabic pages exist the direction is set on
// the French ones (`<html dir="rtl" lang="ar">`), which keeps their words, so that only the direction
// differs between the two layouts compared.
import { join } from 'node:path'
import t from 'tap'
import type { Browser, Page } from 'playwright-core'
import type { TestSmtp } from '../helpers/smtp.js'
import { apiSession, axeViolations, call, logIn, openPage, overflowing, register, startSuite, type RunningServer } from './helpers.js'

const ADMIN = { email: 'cabinet-rtl@example.dz', password: 'Adm1n#Cabinet!x' }
const PASSWORD = 'Zt9#qLm2vR!x'
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n', 'latin1')
const WIDTHS = [390, 1280]

let server: RunningServer
let browser: Browser
let smtp: TestSmtp
let client: { id: number; email: string }

// An accepted client with a document, a request and a short thread; a new user waiting.
t.before(async () => {
  ;({ smtp, server, browser } = await startSuite(t, { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password }))
  const email = 'amina-rtl@example.dz'
  const { id } = await register(server.url, smtp, { username: 'Amina Haddad', email, password: PASSWORD, entreprise: 'SARL Ezzahra' }, { follow: 'api' })
  await register(server.url, smtp, { username: 'Karim Benali', email: 'karim-rtl@example.dz', password: PASSWORD, entreprise: 'EURL Port' }, { follow: 'api' })
  const admin = await apiSession(server.url, ADMIN.email, ADMIN.password)
  await call(server.url, admin, 'POST', `/api/users/accept/${id}`)
  await call(server.url, admin, 'POST', '/api/documents/types', { typeName: 'Factures' })
  const [type] = (await (await call(server.url, admin, 'GET', '/api/documents/types')).json()) as Array<{ id: number }>
  const dueDate = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10)
  await call(server.url, admin, 'POST', '/api/requests', { userId: id, typeId: type!.id, title: 'Factures de mars', note: 'Toutes, merci.', dueDate })
  const own = await apiSession(server.url, email, PASSWORD)
  const body = new FormData()
  body.append('file', new Blob([PDF], { type: 'application/pdf' }), 'facture-mars.pdf')
  body.append('type', 'Factures')
  body.append('description', 'Les factures du mois de mars.')
  await call(server.url, own, 'POST', '/api/documents/upload', body)
  await call(server.url, own, 'POST', `/api/messages/${id}`, { text: 'Bonjour, voici les factures de mars.' })
  await call(server.url, admin, 'POST', `/api/messages/${id}`, { text: 'Merci, bien reçu.' })
  client = { id, email }
})

type Role = 'visitor' | 'client' | 'admin'
type Direction = 'ltr' | 'rtl'

/** Sets the document's direction (and its language: Arabic right to left, French left to right). */
async function direct(page: Page, direction: Direction): Promise<void> {
  await page.evaluate((dir) => {
    document.documentElement.dir = dir
    document.documentElement.lang = dir === 'rtl' ? 'ar' : 'fr'
  }, direction)
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))))
}

interface Box {
  what: string
  left: number
  right: number
  top: number
  bottom: number
}

/**
 * The boxes of what `selectors` name that is shown, in the page's coordinates, in document order per
 * selector; a selector ending in ` ::text` measures its elements' text (a range over their content).
 */
function boxesOf(page: Page, selectors: string[]): Promise<Box[]> {
  // A string, not a function: tsx would wrap named inner functions in a helper the page lacks.
  return page.evaluate(`(() => {
    const shown = (element) => element.getClientRects().length > 0 && getComputedStyle(element).visibility !== 'hidden' && !element.closest('[inert], [hidden]')
    const boxes = []
    for (const selector of ${JSON.stringify(selectors)}) {
      const text = selector.endsWith(' ::text')
      const css = text ? selector.slice(0, -' ::text'.length) : selector
      const elements = [...document.querySelectorAll(css)].filter(shown)
      elements.forEach((element, index) => {
        let rect = element.getBoundingClientRect()
        if (text) {
          const range = document.createRange()
          range.selectNodeContents(element)
          rect = range.getBoundingClientRect()
        }
        if (rect.width === 0 && rect.height === 0) return
        boxes.push({ what: css + ' #' + (index + 1), left: rect.left + scrollX, right: rect.right + scrollX, top: rect.top + scrollY, bottom: rect.bottom + scrollY })
      })
    }
    return boxes
  })()`)
}

/** Each box of `rtl` that is not `ltr`'s mirror image (across the page's width), within 1.5 px. */
function unmirrored(ltr: Box[], rtl: Box[], width: number): string[] {
  if (ltr.length !== rtl.length) return [`${ltr.length} boxes left to right, ${rtl.length} right to left: ${ltr.map((box) => box.what).join(', ')} / ${rtl.map((box) => box.what).join(', ')}`]
  const near = (a: number, b: number) => Math.abs(a - b) <= 1.5
  return ltr.flatMap((box, i) => {
    const mirror = rtl[i]!
    const fits = mirror.what === box.what && near(mirror.left, width - box.right) && near(mirror.right, width - box.left) && near(mirror.top, box.top) && near(mirror.bottom, box.bottom)
    return fits ? [] : [`${box.what}: ${Math.round(box.left)}–${Math.round(box.right)} left to right, ${Math.round(mirror.left)}–${Math.round(mirror.right)} right to left (mirror ${Math.round(width - box.right)}–${Math.round(width - box.left)}), top ${Math.round(box.top)} / ${Math.round(mirror.top)}`]
  })
}

/** Waits until React hydrated the element `selector` names (its props are on it). */
async function hydrated(page: Page, selector: string): Promise<void> {
  await page.waitForFunction((selector) => {
    const element = document.querySelector(selector)
    return !!element && Object.keys(element).some((key) => key.startsWith('__reactProps'))
  }, selector)
}

/** A page of the portal as whom it is for, opened and with its islands hydrated. */
interface Checked {
  name: string
  path: () => string
  as: Role
  /** What to measure (see boxesOf). */
  boxes: string[]
  ready?: string
  /** Something to do before measuring (open a menu, a dialog…), in the direction being measured. */
  prepare?: (page: Page, width: number) => Promise<void>
}

const SHELL = ['.brand', '.nav-toggle', '.navbar .nav-menu a ::text', '.user-menu-button', '.whatsapp-button', '.theme-toggle button', '.footer-grid > *']

const PAGES: Checked[] = [
  {
    name: 'the home page: bar, carousel, cards, contact form, references',
    path: () => '/',
    as: 'visitor',
    boxes: [...SHELL, '.carousel-caption', '.carousel-title ::text', '.carousel-banner', '.carousel-arrow', '.carousel-dot', '.carousel-pause', '.card', '.card-title ::text', '.card-link', '.contact-field input', '.contact-submit', '.reference'],
    ready: '.carousel-controls',
  },
  {
    name: 'the mobile menu, opened',
    path: () => '/services',
    as: 'visitor',
    boxes: [...SHELL, '.service-image', '.service-body h2 ::text', '.service-points li ::text'],
    prepare: async (page, width) => {
      if (width < 768) await page.locator('.nav-toggle').click()
      if (width < 768) await page.locator('.navbar .nav-menu a').first().waitFor()
    },
  },
  {
    name: 'the login form',
    path: () => '/login',
    as: 'visitor',
    boxes: ['.auth-card', '.auth-title ::text', '.field label ::text', '.field input', '.password-toggle', '.auth-aside a', '.auth-submit'],
    ready: 'form[data-hydrated]',
  },
  {
    name: 'the registration form, two columns on wide screens',
    path: () => '/registration',
    as: 'visitor',
    boxes: ['.auth-card', '.field label ::text', '.field input', '.password-toggle', '.auth-submit'],
    ready: 'form[data-hydrated]',
  },
  {
    name: 'a client\'s profile: card, table (cards on phones), the password dialog and its error toast',
    path: () => `/users/profile/${client.id}`,
    as: 'client',
    boxes: ['.profile-card', '.profile-avatar', '.profile-name', '.profile-facts dt ::text', '.profile-table th', '.profile-table td', '.dialog', '.dialog .field input', '.dialog button', '.toast', '.toast-close'],
    ready: 'form.profile-photo-form[data-hydrated]',
    prepare: async (page) => {
      await page.getByRole('button', { name: 'Changer le mot de passe' }).click()
      await page.getByRole('dialog').getByRole('button', { name: 'Enregistrer' }).click()
      await page.locator('.toast[data-type="error"]').waitFor()
    },
  },
  {
    name: 'the client\'s space: requests and the upload form',
    path: () => '/files',
    as: 'client',
    boxes: [...SHELL, '.request-card', '.request-card-title ::text', '.request-card-send', '.upload-form select', '.upload-drop', '.upload-submit'],
  },
  {
    name: 'the messages: the client\'s on one side, the firm\'s on the other',
    path: () => '/messages',
    as: 'client',
    boxes: ['.thread-message', '.thread-meta', '.thread-form textarea', '.thread-form .button'],
    ready: '.thread-form[data-ready]',
  },
  {
    name: 'the back-office: sidebar, toolbar, table (cards on phones), pager',
    path: () => '/admin-dashboard/new-documents',
    as: 'admin',
    boxes: ['.admin-sidebar', '.admin-sidebar-toggle', '.admin-sidebar-links a ::text', '.admin-content', '.admin-title ::text', '.list-toolbar-field', '.admin-table th', '.admin-table td', '.admin-action', '.pager-link'],
    ready: '.admin-table tbody tr',
  },
  {
    name: 'the back-office\'s sidebar, opened on phones',
    path: () => '/admin-dashboard/new-users',
    as: 'admin',
    boxes: ['.admin-sidebar', '.admin-sidebar-toggle', '.admin-sidebar-links a ::text', '.admin-table td', '.admin-action'],
    ready: '.admin-table tbody tr',
    prepare: async (page, width) => {
      if (width < 768) await page.locator('.admin-sidebar-toggle').click()
      if (width < 768) await page.locator('.admin-sidebar-links a').first().waitFor()
    },
  },
]

/**
 * A page `width` wide (motion reduced: the carousel holds still) logged in as `as`: one per role and
 * width for the whole file (a login costs more than a page), its script errors taken by each test.
 */
const opened = new Map<string, Promise<{ page: Page; problems: string[] }>>()
function pageAs(width: number, as: Role): Promise<{ page: Page; problems: string[] }> {
  const key = `${as} ${width}`
  let found = opened.get(key)
  if (!found) {
    found = (async () => {
      const made = await openPage(browser, t, { viewport: { width, height: 900 }, reducedMotion: 'reduce', bypassCSP: true })
      if (as === 'client') await logIn(made.page, server.url, client.email, PASSWORD)
      if (as === 'admin') await logIn(made.page, server.url, ADMIN.email, ADMIN.password)
      return made
    })()
    opened.set(key, found)
  }
  return found
}

/** The script errors `problems` holds, taken (the next test starts with none). */
const taken = (problems: string[]) => problems.splice(0)

/** Opens `checked` laid out in `direction` and measures it. */
async function measure(page: Page, checked: Checked, width: number, direction: Direction): Promise<Box[]> {
  await page.goto(`${server.url}${checked.path()}`)
  await page.waitForLoadState('networkidle')
  if (checked.ready) await page.locator(checked.ready).first().waitFor()
  if (checked.path() === '/') await hydrated(page, '.carousel-controls')
  await direct(page, direction)
  await checked.prepare?.(page, width)
  await page.evaluate(() => document.fonts.ready)
  // A toast comes in moving (0.2 s): measured where it stops. The spinner's turn never ends.
  await page.evaluate(() => Promise.all(document.getAnimations().filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity).map((animation) => animation.finished.catch(() => undefined))))
  return boxesOf(page, checked.boxes)
}

for (const checked of PAGES) {
  t.test(`${checked.name}: right to left, the mirror image of left to right, nothing wider than the window`, async (t) => {
    for (const width of WIDTHS) {
      const { page, problems } = await pageAs(width, checked.as)
      const ltr = await measure(page, checked, width, 'ltr')
      t.same(await overflowing(page), [], `${width} px, left to right: nothing sticks out`)
      const rtl = await measure(page, checked, width, 'rtl')
      t.same(await overflowing(page), [], `${width} px, right to left: nothing sticks out`)
      t.ok(ltr.length >= 4, `${width} px: ${ltr.length} boxes measured`)
      const pageWidth = await page.evaluate(() => document.documentElement.clientWidth)
      t.same(unmirrored(ltr, rtl, pageWidth), [], `${width} px: each box mirrored`)
      if (process.env.SCREENSHOTS) await page.screenshot({ path: join(process.env.SCREENSHOTS, `rtl-${checked.path().replace(/\W+/g, '-')}-${width}.png`), fullPage: true })
      t.same(taken(problems), [], 'no script error')
    }
  })
}

t.test('right to left the sidebar is on the right, and a phone card\'s labels on the right of their values', async (t) => {
  const wide = await pageAs(1280, 'admin')
  await wide.page.goto(`${server.url}/admin-dashboard/new-documents`)
  await wide.page.locator('.admin-table tbody tr').first().waitFor()
  await direct(wide.page, 'rtl')
  const [sidebar, content] = await boxesOf(wide.page, ['.admin-sidebar', '.admin-content'])
  t.ok(sidebar && content && sidebar.left >= content.right - 1, `the sidebar (${sidebar?.left}–${sidebar?.right}) right of the content (${content?.left}–${content?.right})`)
  t.equal(await wide.page.locator('.admin-sidebar').evaluate((element) => getComputedStyle(element).borderLeftWidth), '1px', 'its border faces the content')

  const phone = await pageAs(390, 'admin')
  await phone.page.goto(`${server.url}/admin-dashboard/new-documents`)
  await phone.page.locator('.admin-table tbody tr').first().waitFor()
  for (const direction of ['ltr', 'rtl'] as const) {
    await direct(phone.page, direction)
    // The label is the cell's ::before, floated at its start in its padding: the value keeps clear of that side.
    const cells = await phone.page.locator('.admin-table td[data-label]').evaluateAll((tds) =>
      tds.map((td) => {
        const cell = td.getBoundingClientRect()
        const range = document.createRange()
        range.selectNodeContents(td)
        const value = range.getBoundingClientRect()
        const label = getComputedStyle(td, '::before')
        return { label: td.getAttribute('data-label'), cellLeft: cell.left, cellRight: cell.right, valueLeft: value.left, valueRight: value.right, float: label.float, empty: value.width === 0 }
      }),
    )
    t.ok(cells.length >= 3, `${direction}: ${cells.length} labelled cells`)
    const wrong = cells.filter((cell) => !cell.empty && (direction === 'rtl' ? cell.valueRight > cell.cellRight - 100 : cell.valueLeft < cell.cellLeft + 100))
    t.same(wrong, [], direction === 'rtl' ? 'each value left of its label' : 'each value right of its label')
  }
})

t.test('the carousel right to left: the chevrons point the other way, ← and a swipe to the right are the next slide', async (t) => {
  for (const direction of ['ltr', 'rtl'] as const) {
    const { page, problems } = await openPage(browser, t, { viewport: { width: 390, height: 844 }, hasTouch: true })
    await page.clock.install()
    await page.goto(`${server.url}/`)
    await hydrated(page, '.carousel-controls')
    await direct(page, direction)
    const current = () => page.locator('.carousel-dot[aria-current="true"]').getAttribute('aria-label')
    const flips = await page.locator('.carousel-arrow svg').evaluateAll((svgs) => svgs.map((svg) => getComputedStyle(svg).transform))
    t.same(flips, direction === 'rtl' ? ['matrix(-1, 0, 0, 1, 0, 0)', 'matrix(-1, 0, 0, 1, 0, 0)'] : ['none', 'none'], `${direction}: the chevrons ${direction === 'rtl' ? 'mirrored' : 'as drawn'}`)
    const [previous, next] = await boxesOf(page, ['.carousel-arrow'])
    t.ok(direction === 'rtl' ? previous!.left > next!.left : previous!.left < next!.left, `${direction}: « précédente » on the ${direction === 'rtl' ? 'right' : 'left'}`)

    const forward = direction === 'rtl' ? 'ArrowLeft' : 'ArrowRight'
    const back = direction === 'rtl' ? 'ArrowRight' : 'ArrowLeft'
    await page.getByRole('button', { name: 'Aller à la diapositive 1' }).focus()
    await page.keyboard.press(forward)
    t.equal(await current(), 'Aller à la diapositive 2', `${direction}: ${forward} is the next slide`)
    await page.keyboard.press(back)
    await page.keyboard.press(back)
    t.equal(await current(), 'Aller à la diapositive 3', `${direction}: ${back} twice, back past the first to the last`)

    // A finger's swipe across the slide: towards the end of the line is back, towards its start forward.
    const swipe = (dx: number, dy = 0) =>
      page.locator('.carousel-slides').evaluate((slides, [dx, dy]) => {
        const box = slides.getBoundingClientRect()
        const x = box.left + box.width / 2
        const y = box.top + box.height / 2
        const init = { bubbles: true, pointerType: 'touch', isPrimary: true, pointerId: 7 }
        slides.dispatchEvent(new PointerEvent('pointerdown', { ...init, clientX: x, clientY: y }))
        slides.dispatchEvent(new PointerEvent('pointerup', { ...init, clientX: x + dx!, clientY: y + dy! }))
      }, [dx, dy])
    await swipe(direction === 'rtl' ? 120 : -120)
    t.equal(await current(), 'Aller à la diapositive 1', `${direction}: a swipe to the ${direction === 'rtl' ? 'right' : 'left'} is the next slide`)
    await swipe(direction === 'rtl' ? -120 : 120)
    t.equal(await current(), 'Aller à la diapositive 3', 'the other way, the previous one')
    await swipe(20)
    await swipe(70, 90)
    t.equal(await current(), 'Aller à la diapositive 3', 'a tap or a mostly vertical move is no swipe')
    t.same(problems, [], 'no script error')
  }
})

t.test('right to left, the pages have no axe violation, on a phone and on a wide screen', async (t) => {
  for (const width of WIDTHS) {
    for (const checked of PAGES) {
      const { page, problems } = await pageAs(width, checked.as)
      await measure(page, checked, width, 'rtl')
      t.same(await axeViolations(page), [], `${width} px, ${checked.path()} (${checked.name})`)
      t.same(taken(problems), [], 'no script error')
    }
  }
})

t.test('Arabic text is in IBM Plex Sans Arabic, served by the site under its own CSP; French keeps its font', async (t) => {
  const { page, problems } = await openPage(browser, t)
  const fonts: Array<{ url: string; status: number }> = []
  page.on('response', (response) => {
    if (response.request().resourceType() === 'font') fonts.push({ url: response.url(), status: response.status() })
  })
  const csp: string[] = []
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) csp.push(message.text())
  })
  await page.goto(`${server.url}/`)
  await page.evaluate(() => document.fonts.ready)
  // The footer's tagline and the reference sites' names are Arabic on every French page.
  const families = await page.evaluate(() => ({
    arabic: getComputedStyle(document.querySelector('.footer-tagline[lang="ar"]')!).fontFamily,
    french: getComputedStyle(document.querySelector('.carousel-title')!).fontFamily,
    body: getComputedStyle(document.body).fontFamily,
  }))
  t.match(families.arabic, /^"IBM Plex Sans Arabic", system-ui/, 'Arabic text: the site\'s Arabic font first, the system\'s for its Latin letters and digits')
  t.notMatch(families.french, /IBM Plex/, 'French text keeps its font')
  t.notMatch(families.body, /IBM Plex/)
  await page.locator('.footer-tagline[lang="ar"]').scrollIntoViewIfNeeded()
  await page.waitForFunction(() => [...document.fonts].some((font) => font.family.replace(/"/g, '') === 'IBM Plex Sans Arabic' && font.status === 'loaded'))
  const loaded = await page.evaluate(() => [...document.fonts].filter((font) => font.status === 'loaded').map((font) => `${font.family.replace(/"/g, '')} ${font.weight} ${font.display}`))
  t.ok(loaded.includes('IBM Plex Sans Arabic 400 swap'), `loaded with font-display: swap (${loaded.join(', ')})`)
  t.ok(fonts.length >= 1, 'fetched')
  for (const font of fonts) {
    const url = new URL(font.url)
    t.equal(url.origin, server.url, `${url.pathname}: from the site itself`)
    t.match(url.pathname, /^\/assets\/ibm-plex-sans-arabic-arabic-(400|700)-normal-[\w-]+\.woff2$/, 'its Arabic subset, woff2, content-hashed')
    t.equal(font.status, 200)
  }
  const response = await fetch(fonts[0]!.url)
  t.equal(response.headers.get('content-type'), 'font/woff2')
  t.match(response.headers.get('cache-control') ?? '', /immutable/, 'cached for good, as every hashed asset')
  t.ok((await response.arrayBuffer()).byteLength < 60_000, 'under 60 kB')
  t.same(csp, [], 'the CSP lets it in')
  t.same(problems, [], 'no script error')
})
