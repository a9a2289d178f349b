// Lists give way (docs/decisions/011-lists-off-the-event-loop.md): the waiting steps are resumed one per turn of the event loop,
// in the order they asked, and what the loop has queued meanwhile runs between two of them.
import t from 'tap'
import { giveWay } from '../../src/shared/give-way.js'

t.test('one waiting step per turn of the loop: a callback queued after them runs between the first and the second', async (t) => {
  const order: string[] = []
  const first = giveWay().then(() => order.push('first list'))
  const second = giveWay().then(() => order.push('second list'))
  setImmediate(() => order.push('another request'))
  await Promise.all([first, second])
  // Resumed all at once (a setImmediate each, or one for all), the request would come last.
  t.same(order, ['first list', 'another request', 'second list'])
})

t.test('steps are resumed first come, first served, each exactly once, and the queue empties', async (t) => {
  const order: number[] = []
  await Promise.all(Array.from({ length: 50 }, (_, i) => giveWay().then(() => order.push(i))))
  t.same(order, Array.from({ length: 50 }, (_, i) => i))
  // Empty again: a later caller is resumed on the next turn, not left waiting.
  let resumed = false
  await giveWay().then(() => (resumed = true))
  t.ok(resumed)
})

t.test('a step that asks again from its turn waits behind those already waiting', async (t) => {
  const order: string[] = []
  const again = giveWay().then(async () => {
    order.push('a: before its read')
    await giveWay()
    order.push('a: after its read')
  })
  const other = giveWay().then(() => order.push('b'))
  await Promise.all([again, other])
  t.same(order, ['a: before its read', 'b', 'a: after its read'])
})
