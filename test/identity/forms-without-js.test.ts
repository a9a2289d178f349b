// Issue 17: the auth pages' forms posted without JavaScript (contract §8): a 303 with a flash
// message, or the page again at the JSON route's status with each error under its field.
import t from 'tap'
import { injectAs, SEED_PASSWORD, seedAccount } from '../helpers/accounts.js'
import { CROSS_SITE, errorUnder, flashAfter, FORM, inputNamed, submit, summaryOf } from '../helpers/forms.js'
import { identityApp, registration, sessionCookie, STRONG_2, uniqueEmail } from '../helpers/identity.js'
import { linkIn } from '../helpers/smtp.js'
import { codeFor, cookieOf, enroll, STEP, twoFactorApp } from '../helpers/two-factor.js'

t.test('the forms are real forms: enabled buttons, method and action', async (t) => {
  const { app } = await identityApp(t)
  for (const [page, action] of [['/login', '/login'], ['/registration', '/registration'], ['/forget-password', '/forget-password'], ['/', '/#contact']] as const) {
    const html = (await app.inject(page)).body
    const form = new RegExp(`<form[^>]*action="${action}"[^>]*>`).exec(html)?.[0] ?? ''
    t.match(form, 'method="post"', `${page} posts to ${action}`)
    t.notMatch(html, /<button type="submit"[^>]*disabled/, `${page}: its submit button works before any script`)
  }
})

t.test('login: success, the errors in place, wrong password, limits', async (t) => {
  const { app, db } = await identityApp(t)
  const account = await seedAccount(app)
  const journaled = async (action: string) => (await db.selectFrom('journal').select('subject_id').where('action', '=', action).execute()).map((row) => Number(row.subject_id))

  const empty = await submit(app, '/login', { email: '', password: '' })
  t.equal(empty.statusCode, 400)
  t.equal(errorUnder(empty.body, 'email'), 'Email est requis', 'the e-mail’s error under it')
  t.equal(errorUnder(empty.body, 'password'), 'Mot de passe requis', 'the password’s under it')
  t.match(summaryOf(empty.body), /Email est requis.*Mot de passe requis/s, 'both summed up at the top')

  const wrong = await submit(app, '/login', { email: account.email, password: 'Wrong#pass1' })
  const api = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: account.email, password: 'Wrong#pass1' } })
  t.equal(wrong.statusCode, api.statusCode, 'the JSON route’s status')
  t.equal(wrong.statusCode, 400)
  t.match(summaryOf(wrong.body), 'Email ou mot de passe incorrect.')
  t.equal(errorUnder(wrong.body, 'password'), 'Email ou mot de passe incorrect.', 'a wrong pair under the password, as the island shows it')
  t.equal(errorUnder(wrong.body, 'email'), undefined, 'the address kept is not marked')
  t.match(inputNamed(wrong.body, 'email'), `value="${account.email}"`, 'the address kept')
  t.notMatch(wrong.body, 'Wrong#pass1', 'never the password')
  t.notOk(sessionCookie(wrong), 'no session')
  t.same(await journaled('login.failed'), [account.id, account.id], 'the failure is in the journal, as the API’s')

  const ok = await submit(app, '/login', { email: account.email.toUpperCase(), password: SEED_PASSWORD })
  t.equal(ok.statusCode, 303)
  t.equal(ok.headers.location, '/')
  const cookie = sessionCookie(ok)
  t.ok(cookie, 'a session is open')
  t.equal((await app.inject({ url: '/api/auth/status', headers: { cookie: cookie! } })).json().id, account.id)
  t.match(await flashAfter(app, ok), 'Vous êtes connecté.', 'the next page says so')
  t.same(await journaled('login'), [account.id], 'and the login is journaled')
})

t.test('login: the per-IP limit, counted with the API’s, answers the page again (429)', async (t) => {
  const { app } = await identityApp(t, { RATE_LIMIT_LOGIN_IP: '2' })
  t.equal((await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'a@example.dz', password: 'x' } })).statusCode, 400)
  t.equal((await submit(app, '/login', { email: 'a@example.dz', password: 'x' })).statusCode, 400)
  t.equal((await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'a@example.dz', password: 'x' } })).statusCode, 429, 'the form’s post counted for the API')
  const limited = await submit(app, '/login', { email: 'a@example.dz', password: 'x' })
  t.equal(limited.statusCode, 429)
  t.ok(limited.headers['retry-after'], 'with Retry-After')
  t.match(limited.headers['content-type'], /text\/html/, 'the page')
  t.match(summaryOf(limited.body), /Trop de tentatives/)
  t.match(inputNamed(limited.body, 'email'), 'value="a@example.dz"')
})

t.test('login with two-factor: the second step as a form', async (t) => {
  const { app, clock } = await twoFactorApp(t)
  const account = await seedAccount(app)
  const { secret } = await enroll(app, clock, account)
  clock.advance(STEP) // the code that enabled it is spent

  const first = await submit(app, '/login', { email: account.email, password: SEED_PASSWORD })
  t.equal(first.statusCode, 303)
  t.equal(first.headers.location, '/login/2fa', 'on to the second step')
  t.notOk(sessionCookie(first), 'no session yet')
  const pending = cookieOf(first, /^twofactor-pending$/)!

  const bad = await submit(app, '/login/2fa', { code: '12' }, pending)
  t.equal(bad.statusCode, 400)
  t.equal(errorUnder(bad.body, 'code'), 'Le code doit comporter 6 chiffres.')

  // The switch to a recovery code is a link to the page with that field.
  const step = await app.inject({ url: '/login/2fa', headers: { cookie: pending } })
  t.match(step.body, /<a href="\/login\/2fa\?secours=1"[^>]*>Utiliser un code de secours<\/a>/, 'a link, followed without JavaScript')
  t.match(step.body, 'name="code"')
  const recovery = await app.inject({ url: '/login/2fa?secours=1', headers: { cookie: pending } })
  t.match(recovery.body, 'name="recoveryCode"', 'the recovery code’s field')
  t.notMatch(recovery.body, 'name="code"', 'instead of the app’s')
  t.match(recovery.body, /<a href="\/login\/2fa"[^>]*>Utiliser le code de l’application<\/a>/, 'and the way back')

  const done = await submit(app, '/login/2fa', { code: codeFor(secret, clock.now()) }, pending)
  t.equal(done.statusCode, 303)
  t.equal(done.headers.location, '/')
  t.ok(sessionCookie(done), 'the session opens')

  const expired = await submit(app, '/login/2fa', { code: '123456' })
  t.equal(expired.statusCode, 401, 'no pending login: the JSON route’s 401')
  t.match(summaryOf(expired.body), 'Votre connexion a expiré')
})

t.test('registration: errors in place with the values kept, success, an address already used', async (t) => {
  const { app, smtp } = await identityApp(t)
  const email = uniqueEmail()
  const bad = await submit(app, '/registration', registration({ email, telephone: '123', confirmPassword: 'other' }))
  t.equal(bad.statusCode, 400)
  t.equal(errorUnder(bad.body, 'confirmPassword'), 'Les mots de passe ne correspondent pas')
  t.equal(errorUnder(bad.body, 'telephone'), 'Veuillez entrer un numéro de téléphone valide commençant par 0 (5/6/7) suivi de 8 chiffres.')
  t.equal(errorUnder(bad.body, 'email'), undefined, 'a right field has no error')
  t.match(summaryOf(bad.body), /Les mots de passe ne correspondent pas.*Veuillez entrer/s, 'the summary, in the order of spec §5')
  for (const [name, value] of [['username', 'Sarl Atlas'], ['email', email], ['entreprise', 'SARL Atlas'], ['telephone', '123']]) t.match(inputNamed(bad.body, name!), `value="${value}"`, `${name} kept`)
  t.notMatch(inputNamed(bad.body, 'password'), /value=/, 'the password is not')
  const api = await app.inject({ method: 'POST', url: '/api/auth/register', payload: registration({ email, telephone: '123', confirmPassword: 'other' }) })
  t.equal(api.json().message, 'Les mots de passe ne correspondent pas', 'the API answers the first of them, as before')

  const ok = await submit(app, '/registration', registration({ email }))
  t.equal(ok.statusCode, 303)
  t.equal(ok.headers.location, '/login')
  t.match(await flashAfter(app, ok), 'Inscription réussie.')
  t.ok(await smtp.nextMail(email), 'the verification mail is sent')

  const taken = await seedAccount(app)
  const again = await submit(app, '/registration', registration({ email: taken.email }))
  t.equal(again.statusCode, 303, 'an address that has an account: answered as a new one (issue 34)')
  t.equal(again.headers.location, '/login')
  t.match(await flashAfter(app, again), 'Inscription réussie.')
  t.notMatch(again.body, 'Un compte existe déjà')
})

t.test('registration: the per-IP limit', async (t) => {
  const { app } = await identityApp(t, { RATE_LIMIT_REGISTER_IP: '1' })
  t.equal((await submit(app, '/registration', registration({ email: '' }))).statusCode, 400)
  const limited = await submit(app, '/registration', registration({ email: uniqueEmail() }))
  t.equal(limited.statusCode, 429)
  t.match(summaryOf(limited.body), /Trop de tentatives/)
})

t.test('forgotten password: one field, its error under it, success', async (t) => {
  const { app, smtp } = await identityApp(t)
  const account = await seedAccount(app)
  const bad = await submit(app, '/forget-password', { email: 'pas-une-adresse' })
  t.equal(bad.statusCode, 400)
  t.equal(errorUnder(bad.body, 'email'), 'Adresse e-mail invalide.')
  t.equal(summaryOf(bad.body), '', 'one field: no summary')
  t.match(inputNamed(bad.body, 'email'), 'value="pas-une-adresse"')

  const ok = await submit(app, '/forget-password', { email: account.email })
  t.equal(ok.statusCode, 303)
  t.equal(ok.headers.location, '/forget-password')
  t.match(await flashAfter(app, ok), 'Si un compte existe pour cette adresse')
  t.ok(await smtp.nextMail(account.email), 'the link is mailed')
})

t.test('another site cannot post a form', async (t) => {
  const { app } = await identityApp(t)
  const account = await seedAccount(app)
  const res = await app.inject({ method: 'POST', url: '/login', headers: { ...FORM, ...CROSS_SITE }, payload: new URLSearchParams({ email: account.email, password: SEED_PASSWORD }).toString() })
  t.equal(res.statusCode, 403)
  t.notOk(sessionCookie(res))
})

t.test('reset password: the link checked by the page, errors in place, success, a spent link', async (t) => {
  const { app, smtp } = await identityApp(t)
  const account = await seedAccount(app)
  t.equal((await submit(app, '/forget-password', { email: account.email })).statusCode, 303)
  const link = linkIn(await smtp.nextMail(account.email), /^\/reset-password\/\d+\//)
  const page = await app.inject(link.pathname)
  t.match(new RegExp(`<form[^>]*action="${link.pathname}"[^>]*>`).exec(page.body)?.[0] ?? '', 'method="post"', 'the form, shown by the server, posts to the link')

  const bad = await submit(app, link.pathname, { newPassword: 'court', confirmPassword: 'autre' })
  t.equal(bad.statusCode, 400)
  t.equal(errorUnder(bad.body, 'newPassword'), 'Le mot de passe doit contenir au moins 8 caractères, dont une minuscule, une majuscule, un chiffre et un symbole.')
  t.equal(errorUnder(bad.body, 'confirmPassword'), 'Les mots de passe ne correspondent pas!')
  t.notMatch(bad.body, /court|autre/, 'never a password')

  const ok = await submit(app, link.pathname, { newPassword: STRONG_2, confirmPassword: STRONG_2 })
  t.equal(ok.statusCode, 303)
  t.equal(ok.headers.location, '/login')
  t.match(await flashAfter(app, ok), 'Mot de passe réinitialisé avec succès.')
  t.equal((await submit(app, '/login', { email: account.email, password: STRONG_2 })).statusCode, 303, 'the new password opens a session')

  const spent = await submit(app, link.pathname, { newPassword: STRONG_2, confirmPassword: STRONG_2 })
  t.equal(spent.statusCode, 400)
  t.match(summaryOf(spent.body), 'Lien invalide ou expiré.')
  t.match((await app.inject(link.pathname)).body, 'Lien Invalide !', 'and the page says so')
})

t.test('change password on its page: visitors log in first, errors in place, success back to the profile', async (t) => {
  const { app, db } = await identityApp(t)
  const account = await seedAccount(app)
  t.equal((await app.inject('/users/profile/password')).headers.location, '/login', 'a visitor logs in first')
  t.equal((await submit(app, '/users/profile/password', { oldPassword: SEED_PASSWORD, newPassword: STRONG_2 })).headers.location, '/login', 'and cannot post')

  const page = await app.inject({ url: '/users/profile/password', headers: { cookie: account.cookie } })
  t.equal(page.statusCode, 200)
  t.match(/<form[^>]*action="\/users\/profile\/password"[^>]*>/.exec(page.body)?.[0] ?? '', 'method="post"')
  const profile = await app.inject({ url: `/users/profile/${account.id}`, headers: { cookie: account.cookie } })
  t.match(profile.body, /<a href="\/users\/profile\/password" class="button button-secondary">Changer le mot de passe<\/a>/, 'the profile’s button is a link to it until the dialog’s script takes over')

  const empty = await submit(app, '/users/profile/password', { oldPassword: '', newPassword: '' }, account.cookie)
  t.equal(empty.statusCode, 400)
  t.equal(errorUnder(empty.body, 'newPassword'), 'Mots de pass requis')
  t.equal(errorUnder(empty.body, 'oldPassword'), 'Ancien mots de pass requis')
  t.match(summaryOf(empty.body), /Mots de pass requis.*Ancien mots de pass requis/s)

  const wrong = await submit(app, '/users/profile/password', { oldPassword: 'Faux#Mot2passe', newPassword: STRONG_2 }, account.cookie)
  t.equal(wrong.statusCode, 400)
  t.match(summaryOf(wrong.body), 'Ancien mot de passe incorrect.')
  t.notMatch(wrong.body, /Faux#Mot2passe|Kp4\$wXn8sQ/, 'never a password')

  const ok = await submit(app, '/users/profile/password', { oldPassword: SEED_PASSWORD, newPassword: STRONG_2 }, account.cookie)
  t.equal(ok.statusCode, 303)
  t.equal(ok.headers.location, `/users/profile/${account.id}`)
  t.match(await flashAfter(app, ok, account.cookie), 'Mot de passe modifié avec succès.')
  t.equal((await submit(app, '/login', { email: account.email, password: STRONG_2 })).statusCode, 303, 'the new password opens a session')
  const journaled = await db.selectFrom('journal').select('subject_id').where('action', '=', 'password.changed').execute()
  t.same(journaled.map((row) => Number(row.subject_id)), [account.id], 'journaled as the API’s change')
})

t.test('change password: the limit is the API’s, counted together', async (t) => {
  const { app } = await identityApp(t, { RATE_LIMIT_TOKEN_IP: '1' })
  const account = await seedAccount(app)
  t.equal((await injectAs(app, account, { method: 'POST', url: `/api/password/changepassword/${account.id}`, payload: { oldPassword: '', newPassword: '' } })).statusCode, 400)
  const limited = await submit(app, '/users/profile/password', { oldPassword: SEED_PASSWORD, newPassword: STRONG_2 }, account.cookie)
  t.equal(limited.statusCode, 429)
  t.match(summaryOf(limited.body), /Trop de tentatives/)
})
