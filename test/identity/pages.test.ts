import t from 'tap'
import { identityApp, login, registerVerified, registration, SHARED_APP_LIMITS, uniqueEmail } from '../helpers/identity.js'

const TOKEN = 'aGVsbG8td29ybGQtdG9rZW4tMTIzNDU2Nzg5MA'

const pages = [
  { url: '/registration', title: 'Inscription', heading: 'Créer un compte', island: 'RegistrationForm' },
  { url: '/login', title: 'Connexion', heading: 'Connexion', island: 'LoginForm' },
  { url: '/forget-password', title: 'Mot de passe oublié', heading: 'Mot de passe oublié', island: 'ForgotPasswordForm' },
  { url: `/reset-password/12/${TOKEN}`, title: 'Nouveau mot de passe', heading: 'Nouveau mot de passe', island: 'ResetPasswordForm' },
  { url: `/users/12/verify/${TOKEN}`, title: 'Vérification de l’e-mail', heading: 'Vérification de l’e-mail', island: 'VerifyEmail' },
]

// One app for the file; the test that logs in registers an address of its own.
const { app, smtp } = await identityApp(t, SHARED_APP_LIMITS)

t.test('each auth page answers its heading, its meta and its island', async (t) => {
  for (const { url, title, heading, island } of pages) {
    const res = await app.inject(url)
    t.equal(res.statusCode, 200, url)
    t.match(res.body, `<title>${title} | `, `${url} title`)
    t.match(res.body, /<meta name="description" content="[^"]+"/, `${url} description`)
    t.match(res.body, `<h1 class="auth-title">${heading}</h1>`, `${url} heading`)
    t.match(res.body, `<portal-island data-name="${island}"`, `${url} island`)
  }
})

t.test('the forms render their fields on the server, submit enabled: without JavaScript they post to the page (contract §8)', async (t) => {
  const registration = (await app.inject('/registration')).body
  for (const name of ['username', 'email', 'entreprise', 'telephone', 'password', 'confirmPassword']) t.match(registration, `name="${name}"`, name)
  t.match(registration, /type="email"/)
  t.match(registration, /pattern="0\[567\]\[0-9\]\{8\}"/)
  t.match(registration, /title="Veuillez entrer un numéro de téléphone valide/)
  t.match(registration, /aria-pressed="false"/)
  t.match(registration, /href="\/login"/)
  t.match(registration, /<button type="submit" class="button button-primary auth-submit">/)
  t.match(registration, /<form class="auth-form"[^>]* action="\/registration" method="post"[^>]*>/)
  t.match(registration, /<form class="auth-form"[^>]* novalidate=""/i, 'only the portal’s own French messages (issue 34)')
  const login = (await app.inject('/login')).body
  t.match(login, /href="\/forget-password"/)
  t.match(login, /href="\/registration"/)
  t.match(login, /autoComplete="current-password"|autocomplete="current-password"/i)
})

t.test('the verification page shows a confirming button; the reset page is checked by the server', async (t) => {
  const verify = await app.inject(`/users/12/verify/${TOKEN}`)
  t.match(verify.body, /<form[^>]*action="\/users\/12\/verify\//, 'its GET spends nothing (issue 34: mail scanners prefetch links): the button posts to the page')
  t.match(verify.body, `&quot;token&quot;:&quot;${TOKEN}&quot;`)
  const reset = await app.inject(`/reset-password/12/${TOKEN}`)
  t.match(reset.body, 'Lien Invalide !', 'an unknown reset link is invalid from the first paint (issue 17: the form works without JavaScript)')
  t.match(reset.body, '&quot;wellFormed&quot;:true')
  t.match(reset.body, '&quot;usable&quot;:false')
})

t.test('/forgot-password redirects permanently to /forget-password', async (t) => {
  const res = await app.inject('/forgot-password')
  t.equal(res.statusCode, 301)
  t.equal(res.headers.location, '/forget-password')
})

t.test('a malformed link renders the invalid view, never a 500', async (t) => {
  const malformed = ['abc', '12x', '-1', '9999999999999', '%00']
  const tokens = ['short', 'has.dot.in.it.and.is.long.enough', 'x'.repeat(99) + '.', '%27%3Cscript%3E']
  for (const userId of malformed) {
    const reset = await app.inject(`/reset-password/${userId}/${TOKEN}`)
    t.equal(reset.statusCode, 200, `reset ${userId}`)
    t.match(reset.body, 'Lien Invalide !')
    const verify = await app.inject(`/users/${userId}/verify/${TOKEN}`)
    t.equal(verify.statusCode, 200, `verify ${userId}`)
    t.match(verify.body, 'E-mail non trouvé')
  }
  for (const token of tokens) {
    const reset = await app.inject(`/reset-password/12/${token}`)
    t.equal(reset.statusCode, 200, `reset token ${token.slice(0, 20)}`)
    t.match(reset.body, 'Lien Invalide !')
    t.match(reset.body, /href="\/forget-password"/)
    t.notMatch(reset.body, '<script>')
    const verify = await app.inject(`/users/12/verify/${token}`)
    t.equal(verify.statusCode, 200)
    t.match(verify.body, /href="\/registration"/)
  }
  // Longer than the router's maxParamLength: refused before the route, still not a 5xx.
  const long = await app.inject(`/reset-password/12/${'x'.repeat(300)}`)
  t.ok(long.statusCode < 500, `overlong token answers ${long.statusCode}`)
})

t.test('a logged-in user is sent home from every auth page', async (t) => {
  const email = uniqueEmail()
  await registerVerified(app, smtp, { email })
  const { password } = registration()
  const { res, cookie } = await login(app, email, password)
  t.equal(res.statusCode, 200, 'logged in')
  t.ok(cookie, 'session cookie')
  for (const { url } of pages) {
    const page = await app.inject({ url, headers: { cookie: cookie! } })
    t.equal(page.statusCode, 303, url)
    t.equal(page.headers.location, '/', url)
  }
  const malformed = await app.inject({ url: '/reset-password/abc/x', headers: { cookie: cookie! } })
  t.equal(malformed.headers.location, '/', 'guard runs before the params check')
})
