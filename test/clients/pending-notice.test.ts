import t from 'tap'
import { injectAs, seedAccount } from '../helpers/accounts.js'
import { buildTestApp } from '../helpers/app.js'

t.test('a client not yet accepted is told on every page that the firm must accept them; others are not', async (t) => {
  const { app } = await buildTestApp(t)
  const waiting = await seedAccount(app)
  const accepted = await seedAccount(app, { accepted: true })
  const admin = await seedAccount(app, { admin: true })
  for (const path of ['/', '/services', `/users/profile/${waiting.id}`]) {
    const page = await injectAs(app, waiting, path)
    t.equal(page.statusCode, 200, path)
    t.match(page.body, /<p class="pending-notice" role="status">Votre compte est en attente d’acceptation par le cabinet/, path)
  }
  t.notMatch((await injectAs(app, accepted, '/')).body, /pending-notice/)
  t.notMatch((await injectAs(app, admin, '/')).body, /pending-notice/)
  t.notMatch((await injectAs(app, null, '/')).body, /pending-notice/, 'nor a visitor (the stored page)')
})
