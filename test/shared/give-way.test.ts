// Lists give way (docs/decisions.md): the waiting steps are resumed one per turn of the event loop,
// in the order they asked, and what the loop has queued meanwhile runs between two of them; after a
// busy window of the loop, the next step pauses once.
import { performance } from 'node:perf_hooks'
import { setTimeout as sleep } from 'node:timers/promises'
import t from 'tap'
import { BUSY_LOOP, createGiveWay, loopUtilization } from '../../src/shared/give-way.js'

// The order of the steps, on a loop that is never found busy (a test file's own start would be).
const giveWay = createGiveWay({ utilization: () => undefined, pause: () => t.fail('no pause on an idle loop') })

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

t.test('after a busy window the next step pauses once, and everything else runs meanwhile', async (t) => {
  const windows = [0.9, undefined, undefined]
  let resumeAfterPause: (() => void) | undefined
  const paced = createGiveWay({ utilization: () => windows.shift(), pause: (resume) => (resumeAfterPause = resume) })
  const order: string[] = []
  const first = paced().then(() => order.push('first list'))
  const second = paced().then(() => order.push('second list'))
  // Several turns of the loop: the lists stay paused, a request is answered.
  setImmediate(() => order.push('another request'))
  await sleep(20)
  t.same(order, ['another request'], 'no list step ran during the pause')
  t.ok(resumeAfterPause, 'the pause was asked for')
  resumeAfterPause!()
  await Promise.all([first, second])
  // One pause per window: the window after it had not ended, so the second step did not pause.
  t.same(order, ['another request', 'first list', 'second list'])
  t.same(windows, [], 'the loop was measured before each step')
})

t.test('a window busy for a fifth of its time or less does not pause the lists', async (t) => {
  const paced = createGiveWay({ utilization: () => BUSY_LOOP, pause: () => t.fail('paused at the threshold') })
  const order: number[] = []
  await Promise.all([paced().then(() => order.push(1)), paced().then(() => order.push(2))])
  t.same(order, [1, 2])
})

t.test("the loop's utilization: a window's once it has ended, busy when work held the loop, idle when it waited", async (t) => {
  const utilization = loopUtilization(20)
  const start = performance.now()
  while (performance.now() - start < 30) {
    // Holds the loop, as a burst of requests would.
  }
  const busy = utilization()
  t.ok(busy !== undefined && busy > 0.9, `30 ms of work: ${busy}`)
  t.equal(utilization(), undefined, 'a new window has just begun')
  await sleep(40)
  const idle = utilization()
  t.ok(idle !== undefined && idle < 0.5, `40 ms of waiting: ${idle}`)
})
