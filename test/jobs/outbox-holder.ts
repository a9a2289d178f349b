// A child process for test/jobs/outbox-lease.test.ts: an instance's outbox worker on the database named
// by argv, whose SMTP never answers, so that it holds the mails it claims (renewing its claim) until killed.
import { systemClock } from '../../src/clock/clock.js'
import { createDb } from '../../src/db/database.js'
import { createOutbox } from '../../src/jobs/outbox.js'

const [url, secret, leaseMs] = process.argv.slice(2)
const db = createDb(url!)
const silent = { info() {}, warn() {}, error() {} }
const outbox = createOutbox({
  db,
  clock: systemClock,
  log: silent,
  secret: secret!,
  leaseMs: Number(leaseMs),
  mailer: {
    send() {
      process.stdout.write('sending\n')
      return new Promise<void>(() => {})
    },
  },
})
outbox.start()
// The worker's own timers do not hold a process open; a running instance's server does, as this does.
setInterval(() => {}, 60_000)
