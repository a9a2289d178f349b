// Issue 15 in a real browser: a user signed in from two browsers lists their sessions on the profile
// ("cet appareil" marked), ends the other one, and that browser is signed out at its next page; the
// profile with its sessions passes axe in both themes.
import t from 'tap'
import type { Browser } from 'playwright-core'
import type { TestSmtp } from '../helpers/smtp.js'
import { axeViolations, logIn, openPage, register, startSuite, type RunningServer } from './helpers.js'

let server: RunningServer
let browser: Browser
let smtp: TestSmtp

const PASSWORD = 'Zt9#qLm2vR!x'
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0'

t.before(async () => ({ smtp, server, browser } = await startSuite(t)))


t.test('listing the sessions and ending the other browser’s', async (t) => {
  const unique = Date.now().toString(36)
  const email = `sessions-${unique}@example.dz`
  const { id } = await register(server.url, smtp, { username: `Sessions ${unique}`, email, password: PASSWORD, entreprise: 'SARL Sessions' }, { follow: 'api' })

  // Two browsers: a laptop (Firefox on Linux, as it says) and this one; axe needs its script let in.
  const laptop = await openPage(browser, t, { userAgent: FIREFOX })
  await logIn(laptop.page, server.url, email, PASSWORD)
  const here = await openPage(browser, t, { bypassCSP: true })
  await logIn(here.page, server.url, email, PASSWORD)

  await here.page.goto(`${server.url}/users/profile/${id}`)
  const section = here.page.getByRole('region', { name: 'Appareils connectés' })
  const rows = section.locator('tbody tr')
  await rows.first().waitFor()
  t.equal(await rows.count(), 2, 'both browsers listed')
  const current = section.locator('tr', { hasText: 'cet appareil' })
  t.equal(await current.count(), 1, '"cet appareil" marks one')
  const other = section.locator('tr', { hasText: 'Firefox 128 sur Linux' })
  t.equal(await other.count(), 1, 'the laptop named by its browser')
  t.same(await axeViolations(here.page), [], 'axe: no violation on the profile with its sessions')

  await here.page.locator('.profile-sessions:not(.profile-tokens)[data-hydrated]').waitFor() // the island's own handler (before it, each button posts to the server)
  await other.getByRole('button', { name: /Déconnecter : Firefox 128 sur Linux/ }).click()
  await here.page.locator('.toast', { hasText: 'Appareil déconnecté.' }).waitFor()
  await other.waitFor({ state: 'detached' })
  t.equal(await rows.count(), 1)

  // The laptop's next page sends it to the login page.
  await laptop.page.goto(`${server.url}/users/profile/${id}`)
  await laptop.page.waitForURL(`${server.url}/login`)
  t.pass('the ended session is signed out')

  await here.page.goto(`${server.url}/users/profile/${id}`)
  t.equal(await rows.count(), 1, 'still signed in here')
  await here.page.context().addCookies([{ name: 'theme', value: 'dark', url: server.url }])
  await here.page.reload()
  t.same(await axeViolations(here.page), [], 'axe: no violation, dark theme')
  t.same(here.problems, [], 'no script errors')
})
