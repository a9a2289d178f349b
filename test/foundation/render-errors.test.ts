// Issue 13: a page whose render fails was rendered a second time (renderWhole swallowed the error, the
// page was then streamed and failed again). It now fails once, with its own error; a page that
// suspends is still streamed.
import { createElement, use, type ReactNode } from 'react'
import t from 'tap'
import { renderForStore, renderWhole } from '../../src/render/page-store.js'
import { page } from '../../src/render/page.js'
import { bareRenderer } from '../helpers/renderer.js'

/** A component that fails, counting its renders. */
function failing() {
  const counter = { renders: 0 }
  const error = new Error('la page a échoué')
  function Failing(): ReactNode {
    counter.renders++
    throw error
  }
  return { counter, error, Failing }
}

const documentOf = (body: ReactNode) => createElement('html', null, createElement('body', null, body))

t.test('renderWhole throws the error of a page that fails, after one render', async (t) => {
  const { counter, error, Failing } = failing()
  t.throws(() => renderWhole(documentOf(createElement(Failing))), error)
  t.equal(counter.renders, 1)
})

t.test('renderWhole answers undefined for a page that suspends outside any boundary (to be streamed)', async (t) => {
  const later = new Promise<string>(() => {})
  const Late = () => createElement('p', null, use(later))
  t.equal(renderWhole(documentOf(createElement(Late))), undefined)
})

t.test('a page that fails is not stored: its error, after one render', async (t) => {
  const { counter, error, Failing } = failing()
  await t.rejects(renderForStore(documentOf(createElement(Failing))), error)
  t.equal(counter.renders, 1)
})


t.test('through reply.render: a failing page answers 500 after one render; one that suspends outside a boundary is streamed', async (t) => {
  const bare = await bareRenderer(t)
  const { counter, error, Failing } = failing()
  const caught: unknown[] = []
  bare.setErrorHandler((err, _request, reply) => {
    caught.push(err)
    return reply.code(500).send({ message: 'Erreur interne.' })
  })
  bare.get('/echec', (_request, reply) => reply.render(page({ title: 'Échec', description: 'Une page qui échoue.' }, Failing), {}))
  const later = Promise.resolve('arrivé plus tard')
  const Late = () => createElement('p', null, use(later))
  bare.get('/attente', (_request, reply) => reply.render(page({ title: 'Attente', description: 'Une page qui attend.' }, Late), {}))

  const failed = await bare.inject('/echec')
  t.equal(failed.statusCode, 500)
  t.equal(counter.renders, 1, 'rendered once')
  t.same(caught, [error], 'its own error, once')
  const streamed = await bare.inject('/attente')
  t.equal(streamed.statusCode, 200)
  t.notOk(streamed.headers['content-length'], 'streamed')
  t.match(streamed.body, /^<!DOCTYPE html>.*<p>arrivé plus tard<\/p>/s)
})
