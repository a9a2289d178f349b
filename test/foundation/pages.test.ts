import t from 'tap'
import { buildTestApp } from '../helpers/app.js'

// One app for the whole file: its tests only read pages and answers.
const { app } = await buildTestApp(t)

t.test('the home page streams a French document with the shell', async (t) => {
  const res = await app.inject('/')
  t.equal(res.statusCode, 200)
  t.match(res.headers['content-type'], /text\/html; charset=utf-8/)
  t.match(res.body, /^<!DOCTYPE html><html lang="fr"/)
  t.match(res.body, /<meta charSet="utf-8"\/>/)
  t.match(res.body, /<title>Accueil \| /)
  t.match(res.body, /<meta name="description" content="[^"]+"/)
})

t.test('an unknown path answers the French 404 page', async (t) => {
  const res = await app.inject('/nope')
  t.equal(res.statusCode, 404)
  t.match(res.body, /<h1>404<\/h1>/)
  t.match(res.body, /Page non trouvée/)
  t.match(res.body, /Désolé, la page que vous recherchez n&#x27;existe pas\./)
  t.match(res.body, /href="\/"[^>]*>Allez à l&#x27;accueil/)
})

t.test('an unknown API path answers JSON', async (t) => {
  const res = await app.inject('/api/nope')
  t.equal(res.statusCode, 404)
  t.same(res.json(), { message: 'Ressource introuvable.', code: 'not_found' })
})

t.test('/healthz answers ok when the database answers', async (t) => {
  const res = await app.inject('/healthz')
  t.equal(res.statusCode, 200)
  t.same(res.json(), { status: 'ok' })
})
