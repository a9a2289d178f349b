// The back-office in a real browser: the inbox, the sidebar on a phone, accepting a new user.
import t from 'tap'
import type { Browser, Page } from 'playwright-core'
import type { TestSmtp } from '../helpers/smtp.js'
import { messages as documentTexts } from '../../src/modules/documents/validation.js'
import { errorOf, logIn, openPage, register, startSuite, type RunningServer } from './helpers.js'

const ADMIN = { email: 'admin@cabinet-benali.dz', password: 'Qv7!rTz2Lp#m' }
const PASSWORD = 'Zt9#qLm2vR!x'

let server: RunningServer
let browser: Browser
let smtp: TestSmtp

t.before(async () => ({ smtp, server, browser } = await startSuite(t, { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password })))

/** Waits until the focused element's accessible label (aria-label, else its text) is `label`. */
const focusOn = (page: Page, label: string) =>
  page.waitForFunction((expected) => {
    const focused = document.activeElement
    return (focused?.getAttribute('aria-label') ?? focused?.textContent?.trim()) === expected
  }, label)

t.test('a message sent from the home page reaches the inbox, where it can be found and deleted', async (t) => {
  const visitor = await openPage(browser, t)
  const name = `Amina ${Date.now().toString(36)}`
  await visitor.page.goto(`${server.url}/`)
  await visitor.page.getByLabel('Nom').fill(name)
  await visitor.page.getByLabel('E-mail').fill('amina@example.dz')
  await visitor.page.getByLabel('Téléphone').fill('0551234567')
  await visitor.page.getByLabel('Message').fill('Bonjour, je souhaite un rendez-vous pour mon bilan.')
  await visitor.page.getByRole('button', { name: 'Envoyer' }).click()
  await visitor.page.locator('.toast[data-type="success"]').waitFor()

  const { page, problems } = await openPage(browser, t)
  await logIn(page, server.url, ADMIN.email, ADMIN.password)
  await page.goto(`${server.url}/admin-dashboard/messages`)
  const row = page.locator('tr', { hasText: name })
  await row.waitFor()
  t.match(await row.textContent(), 'je souhaite un rendez-vous', 'the message is listed')

  // Search with JavaScript: the API answers, the URL follows.
  await page.getByRole('searchbox').fill(name.toUpperCase())
  await page.getByRole('button', { name: 'Rechercher' }).click()
  await page.waitForURL((url) => url.searchParams.get('q') === name.toUpperCase())
  await page.locator('.pager-total', { hasText: '1 résultat' }).waitFor()

  // Escape cancels the confirmation and gives the focus back to the button.
  const remove = page.getByRole('button', { name: `Supprimer ${name}` })
  await remove.click()
  const dialog = page.getByRole('alertdialog', { name: 'Supprimer ce message ?' })
  await dialog.waitFor()
  await focusOn(page, 'Annuler')
  t.pass('focus moves into the dialog, on Annuler')
  await page.keyboard.press('Escape')
  await dialog.waitFor({ state: 'hidden' })
  await focusOn(page, `Supprimer ${name}`)
  t.pass('Escape closes it and focus returns to the button that opened it')
  t.equal(await row.count(), 1, 'nothing deleted on Escape')

  await remove.click()
  await dialog.getByRole('button', { name: 'Supprimer' }).click()
  await page.locator('.toast[data-type="success"]', { hasText: 'Message supprimé avec succès.' }).waitFor()
  await row.waitFor({ state: 'detached' })
  await page.locator('.pager-total', { hasText: '0 résultat' }).waitFor()
  t.same(problems, [], 'no script errors')
})

t.test('on a phone the admin sidebar folds behind its toggle, with and without JavaScript', async (t) => {
  for (const javaScriptEnabled of [true, false]) {
    const { page } = await openPage(browser, t, { viewport: { width: 375, height: 800 } })
    await logIn(page, server.url, ADMIN.email, ADMIN.password)
    const admin = javaScriptEnabled ? page : (await openPage(browser, t, { viewport: { width: 375, height: 800 }, javaScriptEnabled: false, storageState: await page.context().storageState() })).page
    await admin.goto(`${server.url}/admin-dashboard`)
    const sidebar = admin.getByRole('navigation', { name: 'Administration' })
    const link = sidebar.getByRole('link', { name: 'Nouveaux utilisateurs' })
    const toggle = javaScriptEnabled ? sidebar.getByRole('button', { name: 'Menu d’administration' }) : sidebar.locator('label.admin-sidebar-toggle')
    await toggle.waitFor()
    t.notOk(await link.isVisible(), `${javaScriptEnabled ? 'JS' : 'no JS'}: links hidden at 375px`)
    if (javaScriptEnabled) t.equal(await toggle.getAttribute('aria-expanded'), 'false')
    await toggle.click()
    await link.waitFor({ state: 'visible' })
    if (javaScriptEnabled) t.equal(await toggle.getAttribute('aria-expanded'), 'true')
    await toggle.click()
    await link.waitFor({ state: 'hidden' })
    t.pass(`${javaScriptEnabled ? 'JS' : 'no JS'}: the toggle opens and closes the sidebar`)
  }
  const { page } = await openPage(browser, t)
  await logIn(page, server.url, ADMIN.email, ADMIN.password)
  await page.goto(`${server.url}/admin-dashboard`)
  t.ok(await page.getByRole('navigation', { name: 'Administration' }).getByRole('link', { name: 'Nouveaux utilisateurs' }).isVisible(), 'always shown on a wide screen')
})

t.test('an administrator accepts a new user through the confirmation dialog; the user then sees Documents', async (t) => {
  const unique = Date.now().toString(36)
  const client = { username: `Client ${unique}`, email: `client-${unique}@example.dz` }
  const unverified = { username: `Pending ${unique}`, email: `pending-${unique}@example.dz` }
  await register(server.url, smtp, { ...client, password: PASSWORD }, { follow: 'api' })
  await register(server.url, smtp, { ...unverified, password: PASSWORD })

  const { page, problems } = await openPage(browser, t)
  await logIn(page, server.url, ADMIN.email, ADMIN.password)
  // Paging with JavaScript: the API answers, the address follows, the page size stays.
  await page.goto(`${server.url}/admin-dashboard/new-users?pageSize=1`)
  await page.locator('tr', { hasText: unverified.username }).waitFor()
  await page.getByRole('link', { name: 'Suivant' }).click()
  await page.locator('tr', { hasText: client.username }).waitFor()
  await page.locator('.pager-status', { hasText: 'Page 2 sur 2' }).waitFor()
  t.equal(new URL(page.url()).search, '?page=2&pageSize=1', 'the address follows the page')
  await page.getByRole('link', { name: 'Précédent' }).click()
  await page.locator('tr', { hasText: unverified.username }).waitFor()
  t.equal(new URL(page.url()).search, '?pageSize=1')

  await page.goto(`${server.url}/admin-dashboard/new-users`)
  const row = page.locator('tr', { hasText: client.username })
  await row.waitFor()

  // Accepting an unverified address is refused (409): its French message as an error toast.
  await page.getByRole('button', { name: `Accepter ${unverified.username}` }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: 'Accepter' }).click()
  await page.locator('.toast[data-type="error"]', { hasText: 'vérifié' }).waitFor()

  await page.getByRole('button', { name: `Accepter ${client.username}` }).click()
  const dialog = page.getByRole('alertdialog', { name: `Accepter ${client.username} ?` })
  await dialog.waitFor()
  t.match(await dialog.textContent(), 'ne peut plus être remis en attente', 'the dialog warns that acceptance is final')
  await dialog.getByRole('button', { name: 'Accepter' }).click()
  await page.locator('.toast[data-type="success"]', { hasText: 'accepté' }).waitFor()
  await row.waitFor({ state: 'detached' })
  // The list reloads after the action: wait for it to show again before counting its rows.
  await page.locator('tr', { hasText: unverified.username }).waitFor()
  t.equal(await page.locator('tr', { hasText: unverified.username }).count(), 1, 'the other user still waits')
  t.equal(await page.locator('tr', { hasText: client.username }).count(), 0, 'the accepted user has left the list')

  await page.goto(`${server.url}/admin-dashboard/clients`)
  await page.locator('tr', { hasText: client.username }).waitFor()
  t.same(problems, [], 'no script errors')

  const user = await openPage(browser, t)
  await logIn(user.page, server.url, client.email, PASSWORD)
  const documents = user.page.getByRole('navigation', { name: 'Navigation principale' }).getByRole('link', { name: 'Documents' })
  await documents.waitFor({ state: 'attached' })
  t.equal(await documents.getAttribute('href'), '/files')
})

t.test('without JavaScript, the sidebar\'s hidden toggle is a keyboard stop on phones only', async (t) => {
  for (const [width, stop] of [[1280, false], [390, true]] as const) {
    const { page } = await openPage(browser, t, { javaScriptEnabled: false, viewport: { width, height: 800 } })
    await logIn(page, server.url, ADMIN.email, ADMIN.password)
    await page.goto(`${server.url}/admin-dashboard`)
    const stops: string[] = []
    // From the top, past the bar and the sidebar, to the page's content.
    for (let i = 0; i < 40 && stops.at(-1) !== 'the content'; i++) {
      await page.keyboard.press('Tab')
      stops.push(await page.evaluate(() => (document.activeElement?.closest('.admin-content') ? 'the content' : (document.activeElement?.className ?? ''))))
    }
    t.equal(stops.at(-1), 'the content', `${width} px: the content is reached`)
    t.equal(stops.includes('admin-sidebar-input'), stop, `${width} px: ${stop ? 'reached' : 'skipped'} by Tab`)
  }
})

t.test('the new type dialog keeps a refusal under the name, the check\'s or the server\'s, then adds the type', async (t) => {
  const { page, problems } = await openPage(browser, t)
  await logIn(page, server.url, ADMIN.email, ADMIN.password)
  const taken = `Relevé ${Date.now().toString(36)}`
  await page.goto(`${server.url}/admin-dashboard/documents/types`)
  await page.locator('.document-types[data-hydrated]').waitFor()
  const dialog = page.getByRole('dialog', { name: 'Créer Nouveau Type' })
  const add = async (name: string) => {
    await dialog.getByLabel('Nom de Type', { exact: true }).fill(name)
    await dialog.getByRole('button', { name: 'Ajouter' }).click()
  }
  await page.getByRole('button', { name: 'Ajouter un type' }).first().click()
  await add(taken)
  await page.locator('.toast[data-type="success"]', { hasText: documentTexts.typeAdded }).waitFor()
  await page.locator('tr', { hasText: taken }).waitFor()
  t.pass('a new name is added and listed')

  await page.getByRole('button', { name: 'Ajouter un type' }).first().click()
  await add('  ')
  await page.locator('.toast[data-type="error"]', { hasText: documentTexts.typeNameRequired }).waitFor()
  t.equal(await errorOf(page, 'Nom de Type'), documentTexts.typeNameRequired, 'an empty name: the error under it')
  await page.waitForFunction(() => document.activeElement?.getAttribute('name') === 'typeName')
  t.pass('the refused field has the focus')

  await add(taken.toUpperCase())
  await page.locator('.toast[data-type="error"]', { hasText: documentTexts.typeExists }).waitFor()
  t.equal(await errorOf(page, 'Nom de Type'), documentTexts.typeExists, 'a name taken (the server’s 409): under the name')
  await dialog.getByRole('button', { name: 'Annuler' }).click()
  await dialog.waitFor({ state: 'hidden' })
  await page.getByRole('button', { name: 'Ajouter un type' }).first().click()
  t.equal(await errorOf(page, 'Nom de Type'), null, 'opened again, the dialog has no error left')
  t.same(problems, [], 'no script error')
})
