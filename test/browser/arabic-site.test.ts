// Issues 31 and 33 in a real browser: the Arabic public pages and the privacy notice in both languages,
// at 390 and 1280 px, right to left where Arabic, nothing wider than the window and no text or control
// over another (their boxes), axe clean; the language switch works without JavaScript and keeps the
// page (its twin, or the same page in the other language). SCREENSHOTS=<folder> keeps each page's picture.
import { join } from 'node:path'
import t from 'tap'
import type { Browser, Page } from 'playwright-core'
import { axeViolations, openPage, overflowing, overlapping, startSuite, type RunningServer } from './helpers.js'

const PAGES = ['/ar', '/ar/services', '/ar/contact', '/ar/confidentialite', '/confidentialite']
const WIDTHS = [390, 1280]

let server: RunningServer
let browser: Browser

t.before(async () => ({ server, browser } = await startSuite(t)))

/** The document's language and direction. */
const directionOf = (page: Page) => page.evaluate(() => ({ lang: document.documentElement.lang, dir: getComputedStyle(document.documentElement).direction }))

for (const width of WIDTHS) {
  t.test(`${width} px: each page fits, nothing overlaps, axe finds nothing`, async (t) => {
    const { page, problems } = await openPage(browser, t, { viewport: { width, height: 900 }, bypassCSP: true })
    for (const path of PAGES) {
      const response = await page.goto(`${server.url}${path}`, { waitUntil: 'load' })
      t.equal(response?.status(), 200, path)
      t.same(await directionOf(page), path.startsWith('/ar') ? { lang: 'ar', dir: 'rtl' } : { lang: 'fr', dir: 'ltr' }, `${path}: its language and direction from the first paint`)
      t.same(await overflowing(page), [], `${path} at ${width} px: nothing sticks out`)
      t.same(await overlapping(page), [], `${path} at ${width} px: nothing over anything else`)
      t.same(await axeViolations(page), [], `${path} at ${width} px: axe`)
      if (process.env.SCREENSHOTS) await page.screenshot({ path: join(process.env.SCREENSHOTS, `site-${path.replace(/\W+/g, '-').replace(/^-|-$/g, '') || 'home'}-${width}.png`), fullPage: true })
    }
    t.same(problems, [], 'no script error')
  })
}

t.test('the overlap check sees text pushed over other text', async (t) => {
  const { page } = await openPage(browser, t, { viewport: { width: 390, height: 900 }, bypassCSP: true })
  await page.goto(`${server.url}/ar/confidentialite`, { waitUntil: 'load' })
  t.same(await overlapping(page), [])
  await page.addStyleTag({ content: '.privacy-part h2 { margin-bottom: -2.5rem }' })
  t.ok((await overlapping(page)).some((problem) => problem.startsWith('h2')), 'a heading over its paragraph is found')
})

t.test('without JavaScript, the switch goes to the twin and back, and elsewhere keeps the page', async (t) => {
  const { page } = await openPage(browser, t, { javaScriptEnabled: false })
  await page.goto(`${server.url}/ar/services`)
  await page.getByRole('link', { name: 'Français' }).click()
  await page.waitForURL(`${server.url}/services`)
  t.same(await directionOf(page), { lang: 'fr', dir: 'ltr' }, '/ar/services → /services')
  await page.getByRole('link', { name: 'العربية' }).click()
  await page.waitForURL(`${server.url}/ar/services`)
  t.same(await directionOf(page), { lang: 'ar', dir: 'rtl' }, 'and back')
  await page.goto(`${server.url}/login`)
  t.same(await directionOf(page), { lang: 'ar', dir: 'rtl' }, 'the /ar visit set the language: /login is Arabic')
  await page.getByRole('link', { name: 'Français' }).click()
  await page.waitForURL(`${server.url}/login`)
  t.same(await directionOf(page), { lang: 'fr', dir: 'ltr' }, 'the same page, in French')
})

t.test('on a phone, without JavaScript, the switch is in the menu the burger opens', async (t) => {
  const { page } = await openPage(browser, t, { javaScriptEnabled: false, viewport: { width: 390, height: 800 } })
  await page.goto(`${server.url}/confidentialite`)
  const link = page.getByRole('link', { name: 'العربية' })
  t.notOk(await link.isVisible(), 'folded away')
  await page.locator('[data-testid="nav-toggle"]').click()
  await link.click()
  await page.waitForURL(`${server.url}/ar/confidentialite`)
  t.same(await directionOf(page), { lang: 'ar', dir: 'rtl' })
})
