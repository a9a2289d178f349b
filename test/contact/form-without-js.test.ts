// Issue 17: the home page's contact form posted without JavaScript (contract §8), to the page itself.
import t from 'tap'
import { seedAccount, injectAs } from '../helpers/accounts.js'
import { buildTestApp } from '../helpers/app.js'
import { CROSS_SITE, errorUnder, flashAfter, FORM, inputNamed, submit, summaryOf } from '../helpers/forms.js'

const valid = { name: 'Amina Haddad', email: 'amina@example.dz', telephone: '0551234567', message: 'Bonjour,\r\nje souhaite un rendez-vous.' }

t.test('a message sent without JavaScript reaches the inbox; the next page says so', async (t) => {
  const { app } = await buildTestApp(t)
  const admin = await seedAccount(app, { admin: true })
  const sent = await submit(app, '/', { ...valid, website: '' })
  t.equal(sent.statusCode, 303)
  t.equal(sent.headers.location, '/#contact', 'back to the form')
  t.match(await flashAfter(app, sent), 'Votre message a été envoyé avec succès.')
  const inbox = (await injectAs(app, admin, '/api/users/contact')).json()
  t.match(inbox, [{ name: 'Amina Haddad', email: 'amina@example.dz', telephone: '0551234567', message: 'Bonjour,\nje souhaite un rendez-vous.' }])

  const robot = await submit(app, '/', { ...valid, website: 'https://spam.example' })
  t.equal(robot.statusCode, 303, 'a robot is answered as a person')
  t.equal((await injectAs(app, admin, '/api/users/contact')).json().length, 1, 'and nothing is stored')
})

t.test('errors in place, the values kept, the summary at the top', async (t) => {
  const { app } = await buildTestApp(t)
  const res = await submit(app, '/', { name: '', email: 'pas-une-adresse', telephone: '0412345678', message: 'Un message gardé' })
  t.equal(res.statusCode, 400)
  t.equal(errorUnder(res.body, 'name'), 'Le nom est requis')
  t.equal(errorUnder(res.body, 'email'), 'Adresse e-mail invalide.')
  t.equal(errorUnder(res.body, 'telephone'), 'Veuillez entrer un numéro de téléphone valide commençant par 0 (5/6/7) suivi de 8 chiffres.')
  t.equal(errorUnder(res.body, 'message'), undefined, 'a right field has none')
  t.match(summaryOf(res.body), /Le nom est requis.*Adresse e-mail invalide\..*Veuillez entrer/s)
  t.match(inputNamed(res.body, 'email'), 'value="pas-une-adresse"')
  t.match(res.body, '>Un message gardé</textarea>', 'the message kept')
  const api = await app.inject({ method: 'POST', url: '/api/users/contact', payload: { name: '', email: 'pas-une-adresse', telephone: '0412345678', message: 'x' } })
  t.equal(api.json().message, 'Le nom est requis', 'the API still answers the first message')
})

t.test('the contact limit counts the form and the API together', async (t) => {
  const { app } = await buildTestApp(t, { RATE_LIMIT_CONTACT_IP: '2' })
  t.equal((await app.inject({ method: 'POST', url: '/api/users/contact', payload: valid })).statusCode, 201)
  t.equal((await submit(app, '/', valid)).statusCode, 303)
  const limited = await submit(app, '/', valid)
  t.equal(limited.statusCode, 429)
  t.ok(limited.headers['retry-after'])
  t.match(summaryOf(limited.body), /Trop de tentatives/)
  t.match(inputNamed(limited.body, 'name'), 'value="Amina Haddad"', 'what was typed is kept')
  t.equal((await app.inject({ method: 'POST', url: '/api/users/contact', payload: valid })).statusCode, 429)
})

t.test('another site cannot post the form', async (t) => {
  const { app } = await buildTestApp(t)
  const res = await app.inject({ method: 'POST', url: '/', headers: { ...FORM, ...CROSS_SITE }, payload: new URLSearchParams(valid).toString() })
  t.equal(res.statusCode, 403)
})
