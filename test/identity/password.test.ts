import t from 'tap'
import { identityApp, login, registerVerified, SHARED_APP_LIMITS, STRONG, STRONG_2, uniqueEmail } from '../helpers/identity.js'
import { linkIn } from '../helpers/smtp.js'
import { texts } from '../../src/modules/identity/service.js'

const FORGOT = 'Si un compte existe pour cette adresse, un lien de réinitialisation vous a été envoyé.'

// One app for the file; each test registers an address of its own.
const { app, smtp, db } = await identityApp(t, SHARED_APP_LIMITS)

t.test('forgot → mail → check → reset → old refused, new accepted, token refused the second time', async (t) => {
  const email = uniqueEmail()
  const id = await registerVerified(app, smtp, { email })
  const other = await login(app, email, STRONG)

  const known = await app.inject({ method: 'POST', url: '/api/password', payload: { email } })
  const unknown = await app.inject({ method: 'POST', url: '/api/password', payload: { email: 'nobody@example.dz' } })
  t.equal(known.statusCode, 200)
  t.same(known.json(), { message: FORGOT })
  t.same(unknown.json(), known.json(), 'same answer whether the address exists or not')

  const link = linkIn(await smtp.nextMail(email), /^\/reset-password\/\d+\/[A-Za-z0-9_-]{43}$/)
  t.equal(link.origin, 'http://portail.test')
  const [, , userId, token] = link.pathname.split('/') as string[]
  t.equal(Number(userId), id)

  const check = await app.inject(`/api/password/${userId}/${token}`)
  t.equal(check.statusCode, 200)
  t.equal((await app.inject(`/api/password/${id + 1}/${token}`)).statusCode, 400, 'another user id')
  const badCheck = await app.inject(`/api/password/${userId}/${'B'.repeat(43)}`)
  t.equal(badCheck.statusCode, 400)
  t.same(badCheck.json(), { message: 'Lien invalide ou expiré.', code: 'validation' })

  const reset = await app.inject({ method: 'POST', url: `/api/password/reset/${token}`, payload: { newPassword: STRONG_2, confirmPassword: STRONG_2 } })
  t.equal(reset.statusCode, 200)
  t.same(reset.json(), { message: 'Mot de passe réinitialisé avec succès.' })

  t.equal((await login(app, email, STRONG)).res.statusCode, 400, 'old password refused')
  t.equal((await login(app, email, STRONG_2)).res.statusCode, 200, 'new password accepted')
  t.equal((await app.inject({ url: '/api/auth/status', headers: { cookie: other.cookie! } })).statusCode, 401, 'a reset ends every session')

  const second = await app.inject({ method: 'POST', url: `/api/password/reset/${token}`, payload: { newPassword: 'Qv7&mTz3Lp', confirmPassword: 'Qv7&mTz3Lp' } })
  t.equal(second.statusCode, 400, 'token refused the second time')
  t.same(second.json(), { message: 'Lien invalide ou expiré.', code: 'validation' })
  t.equal((await app.inject(`/api/password/${userId}/${token}`)).statusCode, 400, 'a used link no longer checks')
})

t.test('an expired reset token is refused; a new request retires the previous link', async (t) => {
  const email = uniqueEmail()
  const id = await registerVerified(app, smtp, { email })
  await app.inject({ method: 'POST', url: '/api/password', payload: { email } })
  const first = linkIn(await smtp.nextMail(email), /^\/reset-password\//).pathname.split('/')
  await db.updateTable('user_tokens').set({ expires_at: '2020-01-01 00:00:00.000' }).where('purpose', '=', 'reset').where('user_id', '=', id).execute()
  t.equal((await app.inject(`/api/password/${first[2]}/${first[3]}`)).statusCode, 400, 'expired link')
  const expired = await app.inject({ method: 'POST', url: `/api/password/reset/${first[3]}`, payload: { newPassword: STRONG_2, confirmPassword: STRONG_2 } })
  t.equal(expired.statusCode, 400)

  await app.inject({ method: 'POST', url: '/api/password', payload: { email } })
  const second = linkIn(await smtp.nextMail(email), /^\/reset-password\//).pathname.split('/')
  await app.inject({ method: 'POST', url: '/api/password', payload: { email } })
  const third = linkIn(await smtp.nextMail(email), /^\/reset-password\//).pathname.split('/')
  t.equal((await app.inject(`/api/password/${second[2]}/${second[3]}`)).statusCode, 400, 'replaced link')
  t.equal((await app.inject(`/api/password/${third[2]}/${third[3]}`)).statusCode, 200, 'latest link')
  const verifyAsReset = await app.inject({ method: 'POST', url: `/api/password/reset/${'C'.repeat(43)}`, payload: { newPassword: STRONG_2, confirmPassword: STRONG_2 } })
  t.equal(verifyAsReset.statusCode, 400, 'unknown token')
})

t.test('change password: own id only, old password checked, other sessions ended', async (t) => {
  const email = uniqueEmail()
  const id = await registerVerified(app, smtp, { email })
  const otherId = await registerVerified(app, smtp, { email: uniqueEmail('other') })
  const here = await login(app, email, STRONG)
  const elsewhere = await login(app, email, STRONG)
  const url = `/api/password/changepassword/${id}`

  t.equal((await app.inject({ method: 'POST', url, payload: { oldPassword: STRONG, newPassword: STRONG_2 } })).statusCode, 401, 'no session')
  const foreign = await app.inject({ method: 'POST', url: `/api/password/changepassword/${otherId}`, headers: { cookie: here.cookie! }, payload: { oldPassword: STRONG, newPassword: STRONG_2 } })
  t.equal(foreign.statusCode, 403)
  t.match(foreign.json().message, /votre propre mot de passe/)

  const wrongOld = await app.inject({ method: 'POST', url, headers: { cookie: here.cookie! }, payload: { oldPassword: 'Wrong#Pass1', newPassword: STRONG_2 } })
  t.equal(wrongOld.statusCode, 400)
  t.same(wrongOld.json(), { message: 'Ancien mot de passe incorrect.', code: 'validation', field: 'oldPassword' }, 'named under the old password, where the dialog shows it')
  const same = await app.inject({ method: 'POST', url, headers: { cookie: here.cookie! }, payload: { oldPassword: STRONG, newPassword: STRONG } })
  t.same(same.json(), { message: texts.sameAsOld, code: 'validation', field: 'newPassword' }, 'the same password again: under the new one')

  const ok = await app.inject({ method: 'POST', url, headers: { cookie: here.cookie! }, payload: { oldPassword: STRONG, newPassword: STRONG_2 } })
  t.equal(ok.statusCode, 200)
  t.same(ok.json(), { message: 'Mot de passe modifié avec succès.' })
  t.equal((await app.inject({ url: '/api/auth/status', headers: { cookie: here.cookie! } })).statusCode, 200, 'this session goes on')
  t.equal((await app.inject({ url: '/api/auth/status', headers: { cookie: elsewhere.cookie! } })).statusCode, 401, 'the other session ended')
  t.equal((await login(app, email, STRONG)).res.statusCode, 400)
  t.equal((await login(app, email, STRONG_2)).res.statusCode, 200)
})
