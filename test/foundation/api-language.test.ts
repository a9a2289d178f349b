// Contract §10: the API's errors are French by default, with the same stable code in every language.
// (The Arabic answers, by the `lang` cookie or Accept-Language, are tested with languageOf's rules.)
import t from 'tap'
import { buildTestApp } from '../helpers/app.js'

const { app } = await buildTestApp(t)

t.test('an error is French by default, the specification’s words and the contract’s code', async (t) => {
  const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: {} })
  t.equal(login.statusCode, 400)
  t.has(login.json(), { code: 'validation', message: 'Email est requis' })
  const contact = await app.inject({ method: 'POST', url: '/api/users/contact', payload: { name: 'Amina' } })
  t.equal(contact.statusCode, 400)
  t.has(contact.json(), { code: 'validation', message: "L' email est requis" })
})

t.test('a language the portal does not speak is answered in French', async (t) => {
  const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'a@b.dz' }, headers: { 'accept-language': 'en-GB,en;q=0.9' } })
  t.equal(login.statusCode, 400)
  t.has(login.json(), { code: 'validation', message: 'Mot de passe requis' })
})
