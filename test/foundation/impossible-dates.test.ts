// Issue 17: "an impossible date (from=2026-02-31, read today as 3 March) is refused with 400". The
// lists' `from` and `to` are real calendar days (src/http/lists.ts, Day): refused with the French
// message and the code `validation` on every list that takes them, not read as the next month's day.
import t from 'tap'
import { injectAs, seedAccount } from '../helpers/accounts.js'
import { buildTestApp } from '../helpers/app.js'

const { app } = await buildTestApp(t)
const admin = await seedAccount(app, { admin: true })
const client = await seedAccount(app, { accepted: true })

const LISTS: Array<[string, string, typeof admin]> = [
  ['the requests (administrators)', '/api/requests', admin],
  ['the requests (a client’s own)', '/api/requests', client],
  ['the journal', '/api/journal', admin],
  ['the new documents', '/api/documents/new-documents', admin],
  ['the archived documents', '/api/documents/arch-documents', admin],
  ['what the firm sent a client', '/api/documents/received', client],
]

t.test('an impossible day in from or to: 400, code validation, a French message', async (t) => {
  for (const [label, path, account] of LISTS) {
    for (const query of ['from=2026-02-31', 'to=2026-02-31', 'from=2025-02-29', 'to=2026-04-31', 'from=2026-03-01&to=2026-02-30']) {
      const res = await injectAs(app, account, `${path}?${query}`)
      t.same([res.statusCode, res.json().code], [400, 'validation'], `${label}: ${query}`)
      t.match(res.json().message, /^Requête invalide/, `${label}: ${query}, in French`)
    }
  }
})

t.test('real days, a leap day and blank bounds are answered', async (t) => {
  for (const [label, path, account] of LISTS) {
    for (const query of ['from=2026-02-28&to=2026-03-31', 'from=2024-02-29', 'to=2026-04-30', 'from=&to=']) {
      t.equal((await injectAs(app, account, `${path}?${query}`)).statusCode, 200, `${label}: ${query}`)
    }
  }
})
