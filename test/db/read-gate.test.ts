// Lists give way (docs/decisions.md): on MariaDB the lists' reads go one at a time (`readers`, as
// SQLite's one worker thread), first come first served; a transaction's reads are its own, and a
// read that fails hands its place on.
import { sql } from 'kysely'
import t from 'tap'
import { createDb } from '../../src/db/database.js'
import { readRows } from '../../src/db/readers.js'
import { gate } from '../../src/shared/gate.js'

/** A read whose end the test decides, counting how many run at once. */
function reads() {
  let running = 0
  let most = 0
  const order: string[] = []
  const ends = new Map<string, (fail?: boolean) => void>()
  const query = (name: string) => ({
    compile: () => sql`select 1`.compile(null as never),
    execute: () =>
      new Promise<string[]>((resolve, reject) => {
        running++
        most = Math.max(most, running)
        order.push(name)
        ends.set(name, (fail) => {
          running--
          if (fail) reject(new Error(`${name} failed`))
          else resolve([name])
        })
      }),
  })
  return { query, order, end: (name: string, fail?: boolean) => ends.get(name)!(fail), most: () => most }
}

const turns = async (n = 5) => {
  for (let i = 0; i < n; i++) await new Promise((resolve) => setImmediate(resolve))
}

t.test('MariaDB: one list read at a time by default, in the order they came, a failed one handing its place on', async (t) => {
  // Never connects: the reads below are the test's own.
  const db = createDb('mysql://root@127.0.0.1:1/unused')
  t.teardown(() => db.destroy())
  const { query, order, end, most } = reads()
  const a = readRows(db, query('a') as never)
  const b = readRows(db, query('b') as never)
  const c = readRows(db, query('c') as never)
  await turns()
  t.same(order, ['a'], 'b and c wait while a runs')
  end('a', true)
  await t.rejects(a, /a failed/)
  await turns()
  t.same(order, ['a', 'b'], 'a failed: b runs')
  end('b')
  await turns()
  end('c')
  t.same(await Promise.all([b, c]), [['b'], ['c']])
  t.equal(most(), 1)
})

t.test('a transaction’s reads do not wait at the gate (its connection is its own)', async (t) => {
  const db = createDb('mysql://root@127.0.0.1:1/unused')
  t.teardown(() => db.destroy())
  const { query, order, end } = reads()
  const outside = readRows(db, query('list') as never)
  await turns()
  const inside = readRows({ isTransaction: true, getExecutor: () => db.getExecutor() } as never, query('transaction') as never)
  await turns()
  t.same(order, ['list', 'transaction'], 'the transaction’s read runs beside the list’s')
  end('transaction')
  end('list')
  await Promise.all([outside, inside])
})

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
