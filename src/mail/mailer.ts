import { randomBytes } from 'node:crypto'
import { mkdir, writeFile } from 'node:fs/promises'
import { resolve } from 'node:path'
import nodemailer, { type Transporter } from 'nodemailer'
import type { FastifyBaseLogger } from 'fastify'
import { loggableError } from '../logging.js'
import { PendingWork } from '../jobs/pending.js'

export interface Mail {
  to: string
  subject: string
  text: string
  html: string
  /** Where a reply goes (the visitor of a contact message); checked as strictly as `to`. */
  replyTo?: string
}

export interface Mailer {
  /** Sends one mail; resolves once the SMTP server accepted it or the .eml file is written. Tracked until then. */
  send(mail: Mail): Promise<void>
  /** Sends in the background: a failure is logged, never thrown (contract §4: a mail never undoes its action). */
  deliver(mail: Mail): void
  /** Waits for every send under way, at most timeoutMs; false when some were still running. */
  drain(timeoutMs: number): Promise<boolean>
  close(): void
}

/** Every send goes through `pending`, whoever calls it (identity, clients, contact…). */
function tracked(base: Pick<Mailer, 'send' | 'close'>, log: FastifyBaseLogger): Mailer {
  const pending = new PendingWork()
  const send = (mail: Mail) => pending.track(base.send(mail))
  return {
    send,
    deliver: (mail) => void send(mail).catch((error: unknown) => log.error({ err: loggableError(error) }, 'mail delivery failed')),
    drain: (timeoutMs) => pending.settle(timeoutMs),
    close: () => base.close(),
  }
}

export interface MailerOptions {
  smtpUrl: string | undefined
  from: string
  /** Where mails are written as .eml files when there is no SMTP server. */
  mailDir: string
  log: FastifyBaseLogger
}

/** SMTP when SMTP_URL is set; otherwise each mail becomes an .eml file whose path (never its content) is logged. */
export function createMailer({ smtpUrl, from, mailDir, log }: MailerOptions): Mailer {
  if (smtpUrl) return tracked(smtpMailer(smtpUrl, from, log), log)
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' })
  return tracked({
    async send(mail) {
      const info = await transport.sendMail(envelope(from, mail))
      await mkdir(mailDir, { recursive: true })
      const file = resolve(mailDir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`)
      await writeFile(file, info.message as Buffer, { mode: 0o600 })
      log.info({ file }, 'mail written (no SMTP_URL)')
    },
    close: () => transport.close(),
  }, log)
}

function smtpMailer(smtpUrl: string, from: string, log: FastifyBaseLogger): Pick<Mailer, 'send' | 'close'> {
  const url = new URL(smtpUrl)
  // A local relay (or the tests' server) speaks plain SMTP; elsewhere STARTTLS stays opportunistic.
  const local = ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname)
  const transport: Transporter = nodemailer.createTransport({
    host: url.hostname,
    port: Number(url.port || (url.protocol === 'smtps:' ? 465 : 587)),
    secure: url.protocol === 'smtps:',
    ignoreTLS: local || url.searchParams.get('ignoreTLS') === 'true',
    auth: url.username ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } : undefined,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  })
  return {
    async send(mail) {
      const info = await transport.sendMail(envelope(from, mail))
      log.info({ messageId: info.messageId }, 'mail sent')
    },
    close: () => transport.close(),
  }
}

/**
 * The recipient goes to nodemailer as an address object, never as text it would parse as a list
 * or a display name (issue 9, finding 6); addresses are checked strictly before they get here.
 */
function envelope(from: string, mail: Mail) {
  return { from, subject: mail.subject, text: mail.text, html: mail.html, to: { name: '', address: mail.to }, ...(mail.replyTo ? { replyTo: { name: '', address: mail.replyTo } } : {}) }
}
