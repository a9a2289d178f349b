// Issue 8 in a real browser: the public and auth pages pass axe, keep the keyboard working, nothing floating
// covers the footer at 320 px, the JSON-LD block raises no CSP violation, the contact form hydrates on scroll, the
// carousel works with the keyboard alone and the menu tapped before it hydrated stays open.
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import t from 'tap'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { messages } from '../../src/modules/contact/validation.js'
import { errorOf, startSuite, type RunningServer } from './helpers.js'

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')
const PAGES = ['/', '/services', '/login', '/registration', '/forget-password']

let server: RunningServer
let browser: Browser

t.before(async () => ({ server, browser } = await startSuite(t)))

async function newContext(t: { teardown: (fn: () => unknown) => void }, options: Parameters<Browser['newContext']>[0] = {}): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, ...options })
  context.setDefaultTimeout(10_000)
  t.teardown(() => context.close())
  return context
}

/** Waits until the page loaded everything and every island hydrated on load did (shell controls wait for intent). */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle')
  await page.waitForFunction(() =>
    // An island's first element may be a preload React put there (the carousel's first image): any child will do.
    [...document.querySelectorAll('portal-island:not([data-hydrate])')].every(
      (marker) => marker.children.length === 0 || [...marker.children].some((element) => Object.keys(element).some((key) => key.startsWith('__reactProps'))),
    ),
  )
}

// Playwright injects axe as an inline script; the page's strict CSP would refuse it, so these
// contexts bypass CSP (the CSP itself is checked by the test at the end of this file).
for (const theme of ['light', 'dark'] as const) {
  t.test(`axe finds no violation at any impact, ${theme} theme`, async (t) => {
    const context = await newContext(t, { bypassCSP: true })
    await context.addCookies([{ name: 'theme', value: theme, url: server.url }])
    const page = await context.newPage()
    for (const path of PAGES) {
      const response = await page.goto(`${server.url}${path}`, { waitUntil: 'load' })
      t.equal(response?.status(), 200, path)
      await settle(page)
      await page.addScriptTag({ content: AXE_SOURCE })
      const violations = await page.evaluate(async () => {
        const axe = (window as unknown as { axe: { run(context: Document, options: object): Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }> } }).axe
        const result = await axe.run(document, { resultTypes: ['violations'] })
        return result.violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
      })
      t.same(violations, [], `${path}: no axe violation`)
    }
  })
}

t.test('the theme toggle is named by what it shows', async (t) => {
  const page = await (await newContext(t)).newPage()
  await page.goto(`${server.url}/services`, { waitUntil: 'load' })
  const button = page.locator('.theme-toggle button')
  const visible = (await button.textContent())?.trim() ?? ''
  t.equal(visible, 'DRK')
  t.ok((await button.getAttribute('aria-label'))?.startsWith(visible), 'the accessible name starts with the visible text')
  t.equal(await page.getByRole('button', { name: 'DRK' }).count(), 1, 'found by its visible text')
})

t.test('the skip link is the first stop, shows, and moves focus to the content; focus is visible', async (t) => {
  const page = await (await newContext(t)).newPage()
  await page.goto(`${server.url}/services`, { waitUntil: 'load' })
  await page.keyboard.press('Tab')
  const skip = page.locator('.skip-link')
  t.ok(await skip.evaluate((element) => element === document.activeElement), 'the first Tab reaches the skip link')
  await page.waitForFunction(() => {
    const box = document.querySelector('.skip-link')!.getBoundingClientRect()
    return box.top >= 0 && box.bottom <= window.innerHeight && box.height > 0
  })
  t.not(await skip.evaluate((element) => getComputedStyle(element).outlineStyle), 'none', 'focus is drawn')
  await page.keyboard.press('Enter')
  await page.waitForFunction(() => document.activeElement?.id === 'main')
  await page.keyboard.press('Tab')
  const next = await page.evaluate(() => ({ inMain: !!document.activeElement?.closest('main'), outline: getComputedStyle(document.activeElement!).outlineStyle }))
  t.ok(next.inMain, 'the next Tab stays in the content, past the navigation')
  t.not(next.outline, 'none', 'and its focus is drawn too')
})

t.test('the menu\'s hidden toggle is a keyboard stop on phones only', async (t) => {
  for (const [width, stop] of [[1280, false], [390, true]] as const) {
    const page = await (await newContext(t, { viewport: { width, height: 800 } })).newPage()
    await page.goto(`${server.url}/services`, { waitUntil: 'load' })
    const stops: string[] = []
    for (let i = 0; i < 8; i++) {
      await page.keyboard.press('Tab')
      stops.push(await page.evaluate(() => document.activeElement?.className ?? ''))
    }
    t.equal(stops.includes('nav-toggle-input'), stop, `${width} px: ${stop ? 'reached' : 'skipped'} by Tab`)
  }
})

t.test('at 320 px the carousel\'s banner and controls cover no slide\'s text or link', async (t) => {
  const context = await newContext(t, { viewport: { width: 320, height: 640 } })
  const page = await context.newPage()
  await page.goto(`${server.url}/`, { waitUntil: 'load' })
  await settle(page)
  for (let slide = 1; slide <= 3; slide++) {
    await page.getByLabel(`Aller à la diapositive ${slide}`).click()
    await page.locator(`.carousel-slide[data-active="true"][aria-label="${slide} sur 3"]`).waitFor()
    // A string, not a function: tsx would wrap named inner functions in a helper the page lacks.
    const problems = (await page.evaluate(`(() => {
      const meets = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom
      const covers = [...document.querySelectorAll('.carousel-banner, .carousel-controls')].map((el) => el.getBoundingClientRect())
      const slide = document.querySelector('.carousel-slide[data-active="true"]')
      return [...slide.querySelectorAll('.carousel-title, .carousel-text, .carousel-caption a')]
        .filter((el) => covers.some((box) => meets(el.getBoundingClientRect(), box)))
        .map((el) => el.textContent.trim().slice(0, 30))
    })()`)) as string[]
    t.same(problems, [], `slide ${slide}: nothing covered`)
  }
})

t.test('at 320 px the floating button covers no footer text', async (t) => {
  const context = await newContext(t, { viewport: { width: 320, height: 640 } })
  const page = await context.newPage()
  for (const path of PAGES) {
    await page.goto(`${server.url}${path}`, { waitUntil: 'load' })
    await settle(page)
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
    await page.waitForFunction(() => Math.ceil(window.scrollY + window.innerHeight) >= document.documentElement.scrollHeight)
    // A string, not a function: tsx would wrap named inner functions in a helper the page lacks.
    const found = (await page.evaluate(`(() => {
      const boxOf = (selector) => document.querySelector(selector).getBoundingClientRect()
      // On phones the theme toggle is the menu's (issue 17): the messaging button floats alone.
      const floating = { 'messaging button': boxOf('.whatsapp-button') }
      const meets = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom
      const problems = []
      if (document.querySelector('.theme-toggle').getClientRects().length > 0) problems.push('the theme toggle floats')
      if (document.documentElement.scrollWidth > window.innerWidth) problems.push('the page scrolls sideways')
      const walker = document.createTreeWalker(document.querySelector('footer'), NodeFilter.SHOW_TEXT)
      let texts = 0
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (!node.textContent.trim()) continue
        const range = document.createRange()
        range.selectNodeContents(node)
        for (const rect of range.getClientRects()) {
          if (rect.bottom <= 0 || rect.top >= window.innerHeight) continue
          texts++
          for (const [name, box] of Object.entries(floating)) if (meets(rect, box)) problems.push(name + ' covers "' + node.textContent.trim() + '"')
        }
      }
      return { problems, texts }
    })()`)) as { problems: string[]; texts: number }
    t.ok(found.texts > 0, `${path}: footer text in view`)
    t.same(found.problems, [], `${path}: nothing covered`)
  }
})

t.test('the JSON-LD block parses in the page and raises no CSP violation under the real policy', async (t) => {
  const context = await newContext(t)
  const violations: string[] = []
  await context.exposeFunction('reportViolation', (text: string) => violations.push(text))
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      ;(window as unknown as { reportViolation(text: string): void }).reportViolation(`${event.violatedDirective} ${event.blockedURI}`)
    })
  })
  const page = await context.newPage()
  const problems: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error' || /Content Security Policy|Refused to/i.test(message.text())) problems.push(message.text())
  })
  for (const path of ['/', '/services']) {
    await page.goto(`${server.url}${path}`, { waitUntil: 'load' })
    await settle(page)
    const data = await page.evaluate(() => JSON.parse(document.querySelector('script[type="application/ld+json"]')!.textContent!))
    t.equal(data['@type'], 'AccountingService', path)
  }
  t.same(violations, [], 'no securitypolicyviolation event')
  t.same(problems, [], 'no console error')
})

t.test('the contact form loads when scrolled into view, then validates and sends', async (t) => {
  const context = await newContext(t, { viewport: { width: 390, height: 800 } })
  const page = await context.newPage()
  const requested: string[] = []
  page.on('request', (request) => requested.push(new URL(request.url()).pathname))
  await page.goto(`${server.url}/`, { waitUntil: 'load' })
  await settle(page)
  const form = page.locator('.contact-form')
  t.equal(await form.getAttribute('data-hydrated'), null, 'not hydrated before it is seen')
  t.equal(await form.locator('button[type="submit"]').isEnabled(), true, 'yet it can be sent (to the page itself, contract §8)')
  t.notOk(requested.some((path) => /\/ContactForm-[\w-]+\.js$/.test(path)), 'its chunk is neither loaded nor preloaded at first')

  await form.scrollIntoViewIfNeeded()
  const submit = form.locator('button[type="submit"]')
  await page.locator('.contact-form[data-hydrated]').waitFor()
  t.ok(requested.some((path) => /\/ContactForm-[\w-]+\.js$/.test(path)), 'its chunk came once in view')

  await submit.click()
  await page.locator('.toast-message', { hasText: messages.nameRequired }).waitFor()
  t.pass('an empty form is refused with the first message of §5')
  // And each field's error stays under it, as on the page answered again without JavaScript.
  t.equal(await errorOf(page, 'Nom'), messages.nameRequired, 'the name’s error under it')
  t.equal(await errorOf(page, 'Téléphone'), messages.telephoneRequired, 'the telephone’s under it')
  t.ok(await form.locator('.error-summary', { hasText: messages.messageRequired }).isVisible(), 'all of them in the summary')
  await form.getByLabel('Nom').fill('Sarl Atlas')
  await form.getByLabel('Message').fill('Bonjour.')
  await submit.click()
  await page.locator('.toast-message', { hasText: messages.emailRequired }).waitFor()
  t.pass('then the next missing field')
  t.equal(await errorOf(page, 'Nom'), null, 'the name, given, is no longer marked')
  t.equal(await errorOf(page, 'E-mail'), messages.emailRequired, 'the e-mail’s error under it')

  await form.getByLabel('E-mail').fill('contact@atlas.dz')
  await form.getByLabel('Téléphone').fill('0551234567')
  await form.getByLabel('Message').fill('Bonjour, je souhaite un rendez-vous.')
  await submit.click()
  await page.locator('.toast-message', { hasText: messages.sent }).waitFor()
  t.equal(await form.getByLabel('Nom').inputValue(), '', 'the fields clear once sent')
  t.equal(await form.locator('.error-summary, .field-error').count(), 0, 'and no error is left')
})

t.test('what a visitor types before the contact form hydrates is kept', async (t) => {
  const context = await newContext(t, { viewport: { width: 390, height: 800 } })
  const page = await context.newPage()
  // Hold the island's chunk back until the fields are filled, as a slow network would.
  let release!: () => void
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route(/\/assets\/ContactForm-[\w-]+\.js$/, async (route) => {
    await held
    await route.continue()
  })
  await page.goto(`${server.url}/`, { waitUntil: 'load' })
  const form = page.locator('.contact-form')
  await form.getByLabel('Nom').fill('Sarl Tassili')
  await form.getByLabel('E-mail').fill('tassili@example.dz')
  await form.getByLabel('Téléphone').fill('0661234567')
  await form.getByLabel('Message').fill('Un devis pour la tenue de nos comptes, svp.')
  t.equal(await form.getAttribute('data-hydrated'), null, 'typed before hydration')
  release()
  await page.locator('.contact-form[data-hydrated]').waitFor()
  await form.locator('button[type="submit"]').click()
  await page.locator('.toast-message', { hasText: messages.sent }).waitFor()
  t.equal(await form.getByLabel('Message').inputValue(), '', 'sent with what was typed, then cleared')
})

t.test('the home carousel works with the keyboard alone once hydrated, and its pause stops the rotation', async (t) => {
  const context = await newContext(t)
  const page = await context.newPage()
  // A controlled clock: the 5 s rotation is run forward on demand, never waited for.
  await page.clock.install()
  await page.goto(`${server.url}/`, { waitUntil: 'load' })
  await settle(page)
  const shown = (n: number) => page.locator(`.carousel-dot[aria-current="true"][aria-label="Aller à la diapositive ${n}"]`).waitFor()
  const focused = () => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent ?? '')
  const tabTo = async (label: string, key = 'Tab') => {
    for (let i = 0; i < 40 && (await focused()) !== label; i++) await page.keyboard.press(key)
    t.equal(await focused(), label, `${label}: reached with ${key}`)
  }

  await tabTo('Diapositive suivante')
  t.ok(await page.evaluate(() => document.activeElement!.matches(':focus-visible') && getComputedStyle(document.activeElement!).outlineStyle !== 'none'), 'focus is visible')
  await page.keyboard.press('Enter')
  await shown(2)
  await tabTo('Diapositive précédente', 'Shift+Tab')
  await page.keyboard.press('Enter')
  await shown(1)
  await tabTo('Aller à la diapositive 3')
  await page.keyboard.press('Space')
  await shown(3)
  t.equal(await page.locator('.carousel-slide[data-active="true"]').count(), 1, 'one slide shown')
  t.equal(await page.locator('.carousel-slide[data-active="true"] .carousel-title').textContent(), 'Conseil et assistance Bancaires')

  await tabTo('Pause')
  await page.keyboard.press('Space')
  await page.locator('.carousel-pause[aria-pressed="true"]', { hasText: 'Reprendre' }).waitFor()
  // Focus leaves the carousel (focus alone also holds it still): paused, it stays on slide 3.
  await page.keyboard.press('Tab')
  t.notOk(await page.evaluate(() => !!document.activeElement?.closest('.carousel')), 'focus left the carousel')
  await page.clock.runFor(12_000)
  await shown(3)
  t.pass('paused: no rotation')

  await page.keyboard.press('Shift+Tab')
  t.equal(await focused(), 'Reprendre')
  await page.keyboard.press('Enter')
  await page.locator('.carousel-pause[aria-pressed="false"]', { hasText: 'Pause' }).waitFor()
  await page.keyboard.press('Tab')
  await page.clock.runFor(5_500)
  await shown(1)
  t.pass('resumed: it rotates again, from the last slide to the first')
})

t.test('a burger tapped before the menu hydrates stays open once it has', async (t) => {
  const context = await newContext(t, { viewport: { width: 375, height: 800 }, hasTouch: true })
  const page = await context.newPage()
  const requested: string[] = []
  page.on('request', (request) => requested.push(new URL(request.url()).pathname))
  let release!: () => void
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route(/\/assets\/NavBar-[\w-]+\.js$/, async (route) => {
    await held
    await route.continue()
  })
  await page.goto(`${server.url}/`, { waitUntil: 'load' })
  await settle(page)
  t.notOk(requested.some((path) => /\/NavBar-/.test(path)), 'the menu waits for the visitor')
  const menu = page.locator('[data-testid="nav-menu"]')
  await page.locator('[data-testid="nav-toggle"]').tap()
  await menu.waitFor({ state: 'visible' })
  t.ok(requested.some((path) => /\/NavBar-/.test(path)), 'the tap asked for the menu')
  release()
  await page.waitForFunction(() => Object.keys(document.querySelector('[data-testid="nav-menu"]')!).some((key) => key.startsWith('__reactProps')))
  await page.locator('[data-testid="nav-menu"][data-open="true"]').waitFor()
  t.ok(await menu.isVisible(), 'still open, now driven by the island')
  await page.locator('[data-testid="nav-toggle"]').tap()
  await menu.waitFor({ state: 'hidden' })
  t.pass('and it closes')
})
