import type { Mail, Mailer } from './mailer.js'

/** A mailer that keeps what it was given (tests where a real SMTP server proves nothing more). */
export interface MemoryMailer extends Mailer {
  readonly sent: Mail[]
  /** Resolves with the first mail (already sent or to come) that `match` accepts. */
  next(match: (mail: Mail) => boolean): Promise<Mail>
}

export function memoryMailer(): MemoryMailer {
  const sent: Mail[] = []
  const waiting: Array<{ match: (mail: Mail) => boolean; resolve: (mail: Mail) => void }> = []
  const send = async (mail: Mail) => {
    sent.push(mail)
    for (const waiter of [...waiting]) {
      if (waiter.match(mail)) {
        waiting.splice(waiting.indexOf(waiter), 1)
        waiter.resolve(mail)
      }
    }
  }
  return {
    sent,
    send,
    drain: async () => true,
    close: () => {},
    next(match) {
      const found = sent.find(match)
      if (found) return Promise.resolve(found)
      return new Promise((resolve) => waiting.push({ match, resolve }))
    },
  }
}
