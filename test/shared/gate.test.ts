// The gate (src/shared/gate.ts) the password hashes share: at most `size` at once, first come first
// served, a finished call handing its place to the next.
import t from 'tap'
import { gate } from '../../src/shared/gate.js'

const turns = async (n = 5) => {
  for (let i = 0; i < n; i++) await new Promise((resolve) => setImmediate(resolve))
}

t.test('the gate: at most `size` at once, each next one started as a place frees', async (t) => {
  const two = gate(2)
  let running = 0
  let most = 0
  const releases: Array<() => void> = []
  const task = () =>
    two.run(async () => {
      running++
      most = Math.max(most, running)
      await new Promise<void>((resolve) => releases.push(resolve))
      running--
    })
  const all = Array.from({ length: 5 }, task)
  for (let i = 0; i < 5; i++) {
    await turns()
    releases.shift()!()
  }
  await Promise.all(all)
  t.equal(most, 2)
  t.equal(running, 0)
})
