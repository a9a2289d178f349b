// Issue 29 (contract §9) in a real browser, end to end: an administrator invites a collaborator from
// the sub-admins screen and gives them two of three clients (one from the client's page's « Suivi
// par », one from its own page); the collaborator opens the mailed invitation, chooses a name and a
// password, and sees only those two clients (the third's page is a 404 to them). A client's owner
// invites a colleague from /team; the colleague accepts from the mail, logs in and uploads a document,
// which the collaborator finds among the new documents « déposé par » the colleague. Every new page is
// axe clean at 1280 and 390 px.
import t, { type Test } from 'tap'
import type { Browser, Page } from 'playwright-core'
import { linkIn, type TestSmtp } from '../helpers/smtp.js'
import { acceptedClient, apiSession, axeViolations, call, logIn, openPage, startSuite, type RunningServer } from './helpers.js'

let server: RunningServer
let browser: Browser
let smtp: TestSmtp

const PASSWORD = 'Zt9#qLm2vR!x'
const STAFF_PASSWORD = 'Kp4!wXe8Rt#q'
const COLLEAGUE_PASSWORD = 'Hn6$bVc3Lz!p'
const ADMIN = { email: 'cabinet-equipes@example.dz', password: 'Adm1n#Cabinet!x' }
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n', 'latin1')

t.before(async () => ({ smtp, server, browser } = await startSuite(t, { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password })))

/** axe on the page as it stands at 1280 then 390 px; the page is left at 1280 px. */
async function axeAt(t: Test, page: Page, label: string): Promise<void> {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 })
    t.same(await axeViolations(page), [], `${label}: axe clean at ${width} px`)
  }
  await page.setViewportSize({ width: 1280, height: 900 })
}

/** The invitation link of the next mail to `to`. */
async function invitationLink(t: Test, to: string): Promise<URL> {
  const mail = await smtp.nextMail(to, 10_000)
  t.match(mail.decoded, /vous invite/, `${to} is invited by mail`)
  return linkIn(mail, /^\/invitations\/[^/]+$/)
}

/** Accepts the invitation at `link` in `page`: the name and password chosen, the welcome toast, then the space at `landing`. */
async function acceptInvitation(t: Test, page: Page, link: URL, { username, password, landing }: { username: string; password: string; landing: string }): Promise<void> {
  await page.getByLabel('Nom d’utilisateur').fill(username)
  await page.getByLabel('Mot de passe', { exact: true }).fill(password)
  await page.getByLabel('Confirmer le mot de passe', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Ouvrir mon compte' }).click()
  await page.locator('.toast', { hasText: 'Bienvenue ! Votre compte est ouvert.' }).waitFor()
  await page.waitForURL(`${server.url}${landing}`)
  t.equal(new URL(page.url()).origin, link.origin, 'the link is the portal’s')
}

t.test('the firm’s team and a company’s team, from the invitation to the collaborator’s scoped lists', async (t) => {
  const unique = Date.now().toString(36)
  const adminCookie = await apiSession(server.url, ADMIN.email, ADMIN.password)
  await call(server.url, adminCookie, 'POST', '/api/documents/types', { typeName: 'Bilan' })
  const clients = [
    { username: `Amina Haddad ${unique}`, email: `amina-${unique}@example.dz`, entreprise: 'Transports Ezzahra' },
    { username: `Karim Benali ${unique}`, email: `karim-${unique}@example.dz`, entreprise: 'Boulangerie du Port' },
    { username: `Samia Belkacem ${unique}`, email: `samia-${unique}@example.dz`, entreprise: 'Pharmacie El Amel' },
  ]
  const ids: number[] = []
  for (const client of clients) {
    ids.push(await acceptedClient(server.url, smtp, adminCookie, { ...client, password: PASSWORD }))
    await smtp.nextMail(client.email, 10_000) // « Votre espace client est ouvert »
  }
  const [first, second, third] = ids as [number, number, number]
  // The third client's own document: never among the collaborator's new documents.
  const outside = new FormData()
  outside.append('file', new Blob([PDF], { type: 'application/pdf' }), `hors-suivi-${unique}.pdf`)
  outside.append('type', 'Bilan')
  await call(server.url, await apiSession(server.url, clients[2]!.email, PASSWORD), 'POST', '/api/documents/upload', outside)
  const staff = { email: `nadia-${unique}@cabinet.example.dz`, invitedAs: `Nadia O. ${unique}`, username: `Nadia Ouali ${unique}` }

  // 1. The administrator invites a collaborator from the sub-admins screen.
  const admin = await openPage(browser, t, { bypassCSP: true })
  await logIn(admin.page, server.url, ADMIN.email, ADMIN.password)
  await admin.page.goto(`${server.url}/admin-dashboard/sub-admins`)
  const invite = admin.page.locator('form.staff-invite-form[data-hydrated]')
  await invite.waitFor()
  await admin.page.locator('.admin-list[data-hydrated] tbody tr').first().waitFor()
  await axeAt(t, admin.page, 'the sub-admins screen')
  await invite.getByLabel('Adresse e-mail').fill(staff.email)
  await invite.getByLabel('Nom', { exact: true }).fill(staff.invitedAs)
  await invite.getByLabel('Rôle').selectOption({ label: 'Collaborateur' })
  await invite.getByRole('button', { name: 'Envoyer l’invitation' }).click()
  await admin.page.locator('.toast', { hasText: `Invitation envoyée à ${staff.email}.` }).waitFor()
  const staffRow = admin.page.locator('.admin-list[data-hydrated] tbody tr', { hasText: staff.email })
  await staffRow.getByText('Invité', { exact: true }).waitFor()
  t.match(await staffRow.textContent(), staff.invitedAs, 'listed by the name given')
  t.match(await staffRow.textContent(), 'Collaborateur', 'as a collaborator')
  await axeAt(t, admin.page, 'the sub-admins screen with an invited collaborator')

  // 2. Two clients of three given to them: the first from its page's « Suivi par », the second from its own page.
  await admin.page.goto(`${server.url}/users/profile/${first}`)
  const follow = admin.page.locator('form.client-staff-form')
  await follow.getByRole('heading', { name: 'Suivi par' }).waitFor()
  await axeAt(t, admin.page, 'the client’s page with « Suivi par »')
  const box = follow.getByRole('checkbox', { name: `${staff.invitedAs} — Collaborateur (invitation en attente)` })
  t.equal(await box.isChecked(), false, 'nobody serves the client yet')
  await box.check()
  await follow.getByRole('button', { name: 'Enregistrer le suivi' }).click()
  await admin.page.waitForURL(`${server.url}/users/profile/${first}#profile-staff-title`)
  await admin.page.locator('.toast', { hasText: 'Le suivi du client est enregistré.' }).waitFor()
  t.equal(await follow.getByRole('checkbox', { name: new RegExp(staff.invitedAs) }).isChecked(), true, 'the page shows who serves the client now')

  await admin.page.goto(`${server.url}/admin-dashboard/clients/${second}/staff`)
  const own = admin.page.locator('form.client-staff-form')
  await own.getByRole('heading', { name: 'Suivi par', level: 2 }).waitFor()
  await axeAt(t, admin.page, 'a client’s « Suivi par » page')
  await own.getByRole('checkbox', { name: new RegExp(staff.invitedAs) }).check()
  await own.getByRole('button', { name: 'Enregistrer le suivi' }).click()
  await admin.page.waitForURL(`${server.url}/users/profile/${second}#profile-staff-title`)
  await admin.page.locator('.toast', { hasText: 'Le suivi du client est enregistré.' }).waitFor()

  await admin.page.goto(`${server.url}/admin-dashboard/sub-admins`)
  await admin.page.locator('.admin-list[data-hydrated] tbody tr', { hasText: staff.email }).locator('td', { hasText: /^2$/ }).waitFor()

  // 3. The collaborator opens the mailed link, chooses a name and a password, and sees their two clients only.
  const link = await invitationLink(t, staff.email)
  const collaborator = await openPage(browser, t, { bypassCSP: true })
  await collaborator.page.goto(link.toString())
  await collaborator.page.locator('form.auth-form[data-hydrated]').waitFor()
  t.match(await collaborator.page.locator('.auth-lead').textContent(), `avec l’adresse ${staff.email}`, 'the page names the invited address')
  t.equal(await collaborator.page.getByLabel('Nom d’utilisateur').inputValue(), staff.invitedAs, 'the name given, to correct')
  await axeAt(t, collaborator.page, 'the invitation page')
  await acceptInvitation(t, collaborator.page, link, { username: staff.username, password: STAFF_PASSWORD, landing: '/admin-dashboard' })

  await collaborator.page.goto(`${server.url}/admin-dashboard/clients`)
  const rows = collaborator.page.locator('.admin-list[data-hydrated] tbody tr')
  await rows.filter({ hasText: clients[0]!.username }).waitFor()
  await rows.filter({ hasText: clients[1]!.username }).waitFor()
  t.equal(await rows.count(), 2, 'two clients listed')
  t.equal(await rows.filter({ hasText: clients[2]!.username }).count(), 0, 'the third is absent')
  t.match(await rows.filter({ hasText: clients[0]!.username }).textContent(), staff.username, '« Suivi par » names them by their chosen name')
  await axeAt(t, collaborator.page, 'the collaborator’s clients')
  const refused = await collaborator.page.goto(`${server.url}/users/profile/${third}`)
  t.equal(refused?.status(), 404, 'the third client’s page answers 404')
  await collaborator.page.locator('.error-page h1:text-is("404")').waitFor()

  // The link is single use: opened again, it no longer works.
  const invalid = await openPage(browser, t, { bypassCSP: true })
  await invalid.page.goto(link.toString())
  await invalid.page.getByText('Ce lien d’invitation est invalide ou a expiré.').waitFor()
  await axeAt(t, invalid.page, 'a used invitation link')

  // 4. The first client's owner invites a colleague from /team.
  const colleague = { email: `yacine-${unique}@transports.example.dz`, invitedAs: `Yacine ${unique}`, username: `Yacine Saidi ${unique}` }
  const owner = await openPage(browser, t, { bypassCSP: true })
  await logIn(owner.page, server.url, clients[0]!.email, PASSWORD)
  await owner.page.goto(`${server.url}/team`)
  await owner.page.locator('.team-members[data-hydrated]').waitFor()
  await axeAt(t, owner.page, '/team')
  const team = owner.page.locator('form.team-invite-form')
  await team.getByLabel('Adresse e-mail').fill(colleague.email)
  await team.getByLabel('Nom', { exact: true }).fill(colleague.invitedAs)
  await team.getByRole('button', { name: 'Envoyer l’invitation' }).click()
  await owner.page.locator('.toast', { hasText: `Invitation envoyée à ${colleague.email}.` }).waitFor()
  const memberRow = owner.page.locator('.team-table tbody tr', { hasText: colleague.email })
  await memberRow.getByText('Invité', { exact: true }).waitFor()
  t.match(await memberRow.textContent(), 'Membre', 'listed as a member of the company')
  await axeAt(t, owner.page, '/team with an invited colleague')

  // The colleague accepts on a phone, then logs in again with the password chosen and uploads a document.
  const colleagueLink = await invitationLink(t, colleague.email)
  const phone = await openPage(browser, t, { bypassCSP: true, viewport: { width: 390, height: 844 } })
  await phone.page.goto(colleagueLink.toString())
  await phone.page.locator('form.auth-form[data-hydrated]').waitFor()
  t.match(await phone.page.locator('.auth-lead').textContent(), `avec l’adresse ${colleague.email}`, 'the colleague’s page names their address')
  await acceptInvitation(t, phone.page, colleagueLink, { username: colleague.username, password: COLLEAGUE_PASSWORD, landing: '/files' })

  const member = await openPage(browser, t, { bypassCSP: true })
  await logIn(member.page, server.url, colleague.email, COLLEAGUE_PASSWORD)
  await member.page.goto(`${server.url}/files`)
  await member.page.locator('form.upload-form[data-hydrated]').waitFor()
  const fileName = `releve-${unique}.pdf`
  await member.page.getByLabel('Type de document').selectOption('Bilan')
  await member.page.getByLabel('Fichiers').setInputFiles({ name: fileName, mimeType: 'application/pdf', buffer: PDF })
  await member.page.getByRole('button', { name: 'Envoyez' }).click()
  await member.page.waitForURL(`${server.url}/`)
  await member.page.locator('.toast', { hasText: 'Document envoyé avec succès.' }).waitFor()

  await owner.page.reload()
  await owner.page.locator('.team-table tbody tr', { hasText: colleague.email }).getByText('Actif', { exact: true }).waitFor()
  t.match(await owner.page.locator('.team-table tbody tr', { hasText: colleague.email }).textContent(), colleague.username, 'the owner sees the name the colleague chose')

  // 5. The collaborator finds it among the new documents, in the company's name, « déposé par » the colleague.
  await collaborator.page.goto(`${server.url}/admin-dashboard/new-documents`)
  const documentRow = collaborator.page.locator('.admin-list[data-hydrated] tbody tr', { hasText: fileName })
  await documentRow.waitFor()
  t.match(await documentRow.textContent(), clients[0]!.username, 'the company’s document')
  await documentRow.getByText(`déposé par ${colleague.username}`, { exact: true }).waitFor()
  t.equal(await collaborator.page.locator('.admin-list tbody tr', { hasText: `hors-suivi-${unique}.pdf` }).count(), 0, 'the third client’s document is absent')
  await admin.page.goto(`${server.url}/admin-dashboard/new-documents`)
  await admin.page.locator('.admin-list[data-hydrated] tbody tr', { hasText: `hors-suivi-${unique}.pdf` }).waitFor() // the administrator sees it
  await admin.page.locator('.admin-list tbody tr', { hasText: fileName }).getByText(`déposé par ${colleague.username}`, { exact: true }).waitFor()

  for (const [who, opened] of Object.entries({ admin, collaborator, invalid, owner, phone, member })) t.same(opened.problems, [], `no script errors (${who})`)
})
