import { SMTPServer } from 'smtp-server'
import type { AddressInfo } from 'node:net'

export interface ReceivedMail {
  to: string[]
  raw: string
  /** The body with quoted-printable soft breaks and `=3D` decoded. */
  decoded: string
}

export interface TestSmtp {
  url: string
  mails: ReceivedMail[]
  /** Waits for the next mail to `to` not yet taken (throws after timeoutMs). */
  nextMail(to: string, timeoutMs?: number): Promise<ReceivedMail>
  /** Counts every mail received for `to` so far. */
  countFor(to: string): number
  close(): Promise<void>
}

export function decodeQuotedPrintable(raw: string): string {
  return raw.replace(/=\r?\n/g, '').replace(/=3D/gi, '=')
}

/** A raw message with its base64 parts decoded in place and its quoted-printable undone: what a mail client shows. */
export function decodeMime(raw: string): string {
  const decoded = raw.replace(/(Content-Transfer-Encoding: base64\r?\n\r?\n)([A-Za-z0-9+/=\r\n]+)/gi, (_all, head: string, body: string) => head + Buffer.from(body.replace(/\s/g, ''), 'base64').toString('utf8') + '\r\n')
  return decodeQuotedPrintable(decoded)
}

/** A quoted-printable mail's text as a mail client shows it (UTF-8 bytes and encoded subjects decoded). */
export function mailText(raw: string): string {
  const body = Buffer.from(raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_all, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1').toString('utf8')
  return body.replace(/=\?UTF-8\?Q\?([^?]*)\?=/gi, (_all, q: string) => q.replace(/_/g, ' '))
}

/** The first link in a mail whose path matches `pattern`. */
export function linkIn(mail: ReceivedMail, pattern: RegExp): URL {
  for (const match of mail.decoded.matchAll(/https?:\/\/[^\s"<>]+/g)) {
    const url = new URL(match[0])
    if (pattern.test(url.pathname)) return url
  }
  throw new Error(`no link matching ${pattern} in mail`)
}

/** A real SMTP server on 127.0.0.1 (plain, no TLS, no auth) that keeps what it receives. */
export async function startSmtp(t: { teardown: (fn: () => unknown) => void }): Promise<TestSmtp> {
  const mails: ReceivedMail[] = []
  const taken = new Set<ReceivedMail>()
  const waiters: Array<() => void> = []
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8')
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()), raw, decoded: decodeQuotedPrintable(raw) })
        waiters.splice(0).forEach((wake) => wake())
        callback()
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.server.address() as AddressInfo
  const close = () => new Promise<void>((resolve) => server.close(() => resolve()))
  t.teardown(close)
  const find = (to: string) => mails.find((m) => !taken.has(m) && m.to.includes(to.toLowerCase()))
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    countFor: (to) => mails.filter((m) => m.to.includes(to.toLowerCase())).length,
    async nextMail(to, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs
      for (;;) {
        const mail = find(to)
        if (mail) {
          taken.add(mail)
          return mail
        }
        const left = deadline - Date.now()
        if (left <= 0) throw new Error(`no mail for ${to} within ${timeoutMs} ms`)
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left)
          waiters.push(() => {
            clearTimeout(timer)
            resolve()
          })
        })
      }
    },
    close,
  }
}
