// Issue 34: the verification link's page asks before it verifies (its GET spends nothing: mail
// scanners prefetch links), and its button works with and without JavaScript, at 390 px.
import t from 'tap'
import type { Browser } from 'playwright-core'
import type { TestSmtp } from '../helpers/smtp.js'
import { openPage, register, startSuite, type RunningServer } from './helpers.js'

let server: RunningServer
let browser: Browser
let smtp: TestSmtp

const PASSWORD = 'Zt9#qLm2vR!x'
const PHONE = { width: 390, height: 844 }

t.before(async () => ({ smtp, server, browser } = await startSuite(t)))

const loginStatus = (email: string) =>
  fetch(`${server.url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json', origin: server.url }, body: JSON.stringify({ email, password: PASSWORD }) }).then((res) => res.status)

for (const javaScriptEnabled of [false, true]) {
  t.test(`${javaScriptEnabled ? 'with' : 'without'} JavaScript: the link shows a button, which verifies`, async (t) => {
    const unique = `${Date.now().toString(36)}${javaScriptEnabled ? 'j' : 'n'}`
    const email = `verifie-${unique}@example.dz`
    const { link } = await register(server.url, smtp, { username: `Client ${unique}`, email, password: PASSWORD })
    const { page, problems } = await openPage(browser, t, { javaScriptEnabled, viewport: PHONE })
    await page.goto(link.toString())
    const button = page.getByRole('button', { name: 'Vérifier mon adresse e-mail' })
    if (javaScriptEnabled) await page.locator('form[data-hydrated]').waitFor()
    await button.waitFor()
    t.equal(await loginStatus(email), 403, 'opening the link verified nothing')
    const box = (await button.boundingBox())!
    t.ok(box.x >= 0 && box.x + box.width <= PHONE.width, 'the button fits the phone’s width')
    await button.click()
    if (javaScriptEnabled) {
      await page.getByRole('heading', { name: 'E-mail vérifié' }).waitFor()
      t.equal(new URL(page.url()).pathname, link.pathname, 'answered in place')
    } else {
      await page.waitForURL(`${server.url}/login`)
      await page.locator('.toast', { hasText: 'Adresse e-mail vérifiée avec succès' }).waitFor()
    }
    t.equal(await loginStatus(email), 200, 'the button verified the address')
    t.same(problems, [], 'no script errors')
  })
}

t.test('without JavaScript, a forged link’s button answers E-mail non trouvé', async (t) => {
  const { page } = await openPage(browser, t, { javaScriptEnabled: false, viewport: PHONE })
  await page.goto(`${server.url}/users/999999/verify/${'A'.repeat(43)}`)
  await page.getByRole('button', { name: 'Vérifier mon adresse e-mail' }).click()
  await page.getByRole('heading', { name: 'E-mail non trouvé' }).waitFor()
  t.equal(await page.getByRole('link', { name: 'S’inscrire' }).last().getAttribute('href'), '/registration')
})
