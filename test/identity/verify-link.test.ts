// Issue 34: the verification link's GET verifies nothing (mail scanners prefetch it); its page's
// button posts to the page's own address, which works without JavaScript.
import t from 'tap'
import { flashAfter, submit } from '../helpers/forms.js'
import { identityApp, login, registration, SHARED_APP_LIMITS, STRONG, uniqueEmail } from '../helpers/identity.js'
import { linkIn } from '../helpers/smtp.js'

const { app, smtp } = await identityApp(t, SHARED_APP_LIMITS)

t.test('GET shows the button and verifies nothing; the POST verifies; once used it says so', async (t) => {
  const email = uniqueEmail()
  await app.inject({ method: 'POST', url: '/api/auth/register', payload: registration({ email }) })
  const link = linkIn(await smtp.nextMail(email), /^\/users\/\d+\/verify\//)

  for (let i = 0; i < 2; i++) {
    const page = await app.inject(link.pathname)
    t.equal(page.statusCode, 200)
    t.match(page.body, new RegExp(`<form[^>]*action="${link.pathname}"[^>]*method="post"|<form[^>]*method="post"[^>]*action="${link.pathname}"`), 'a form posting to the page itself')
    t.match(page.body, 'Vérifier mon adresse e-mail')
  }
  t.equal((await login(app, email, STRONG)).res.statusCode, 403, 'the GETs verified nothing')

  const verified = await submit(app, link.pathname, {})
  t.equal(verified.statusCode, 303)
  t.equal(verified.headers.location, '/login')
  t.match(await flashAfter(app, verified), 'Adresse e-mail vérifiée avec succès')
  t.equal((await login(app, email, STRONG)).res.statusCode, 200, 'the POST verified')

  const again = await submit(app, link.pathname, {})
  t.equal(again.statusCode, 303)
  t.match(await flashAfter(app, again), 'Cette adresse e-mail est déjà vérifiée.')
})

t.test('a forged or malformed link is the page with its error, at 400', async (t) => {
  for (const url of [`/users/999999/verify/${'A'.repeat(43)}`, '/users/12x/verify/short']) {
    const res = await submit(app, url, {})
    t.equal(res.statusCode, 400, url)
    t.match(res.body, 'E-mail non trouvé')
    t.match(res.body, /href="\/registration"/)
  }
})
