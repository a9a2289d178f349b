// The bounded maps of kept renders, statements and verified tokens (src/shared/lru.ts): a hit marks
// its entry, and a full map drops the oldest entry not used since the last sweep (issue 13).
import t from 'tap'
import { Lru } from '../../src/shared/lru.js'

t.test('never more than its size; an entry used since the last sweep is kept over an older unused one', async (t) => {
  const lru = new Lru<number>(3)
  for (const key of ['a', 'b', 'c']) lru.set(key, key.charCodeAt(0))
  t.equal(lru.get('a'), 97)
  lru.set('d', 100)
  t.equal(lru.count, 3)
  t.equal(lru.get('b'), undefined, 'b, the oldest unused, was dropped')
  t.same([lru.get('a'), lru.get('c'), lru.get('d')], [97, 99, 100])
})

t.test('when every entry was used, the sweep unmarks them all and drops the oldest', async (t) => {
  const lru = new Lru<string>(2)
  lru.set('a', 'A')
  lru.set('b', 'B')
  lru.get('a')
  lru.get('b')
  lru.set('c', 'C')
  t.equal(lru.get('a'), undefined)
  t.equal(lru.get('b'), 'B')
  t.equal(lru.get('c'), 'C', 'the entry just set is never the one dropped')
  t.equal(lru.count, 2)
})

t.test('setting a present key replaces its value without dropping anything', async (t) => {
  const lru = new Lru<string>(2)
  lru.set('a', 'A')
  lru.set('b', 'B')
  lru.set('a', 'A2')
  t.equal(lru.count, 2)
  t.same([lru.get('a'), lru.get('b')], ['A2', 'B'])
})

t.test('a long run stays bounded and keeps what is read often', async (t) => {
  const lru = new Lru<number>(16)
  lru.set('hot', -1)
  let largest = 0
  let lost = 0
  for (let i = 0; i < 10_000; i++) {
    if (lru.get('hot') !== -1) lost++
    lru.set(`cold ${i}`, i)
    largest = Math.max(largest, lru.count)
  }
  t.equal(largest, 16, 'bounded')
  t.equal(lost, 0, 'the entry read between every insertion was never dropped')
})
