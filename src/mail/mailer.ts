import { randomBytes } from 'node:crypto'
import { mkdir, writeFile } from 'node:fs/promises'
import { resolve } from 'node:path'
import { createRequire } from 'node:module'
import type { Transporter } from 'nodemailer'
import type { FastifyBaseLogger } from 'fastify'
import { PendingWork } from '../shared/pending.js'
import { DEFAULT_LANGUAGE, type Language } from '../shared/words.js'

/** nodemailer is loaded when a real transport is made: a process given another mailer (the tests) never pays for it. */
function nodemailer(): typeof import('nodemailer') {
  return createRequire(import.meta.url)('nodemailer') as typeof import('nodemailer')
}

export interface Mail {
  to: string
  subject: string
  text: string
  html: string
  /** Where a reply goes (the visitor of a contact message); checked as strictly as `to`. */
  replyTo?: string
  /**
   * The language it is written in (contract §10): its recipient's, chosen when it is written to the
   * outbox; `fr` for the firm's. Sent as `Content-Language`. A row stored before it existed is French.
   */
  language: Language
}

/**
 * The transport: the outbox's worker (src/jobs/outbox.ts) is its one caller in the portal. A
 * service never sends: it enqueues in the transaction of the mail's cause.
 */
export interface Mailer {
  /** Sends one mail; resolves once the SMTP server accepted it or the .eml file is written. Tracked until then. */
  send(mail: Mail): Promise<void>
  /** Waits for every send under way, at most timeoutMs; false when some were still running. */
  drain(timeoutMs: number): Promise<boolean>
  close(): void
}

/** Every send goes through `pending`, so that shutdown can wait for it. */
function tracked(base: Pick<Mailer, 'send' | 'close'>): Mailer {
  const pending = new PendingWork()
  return {
    send: (mail) => pending.track(base.send(mail)),
    drain: (timeoutMs) => pending.settle(timeoutMs),
    close: () => base.close(),
  }
}

export interface MailerOptions {
  smtpUrl: string | undefined
  from: string
  /** Where mails are written as .eml files when there is no SMTP server. */
  mailDir: string
  /** Development: the links of a mail written to a file are logged whole (they carry one-time tokens: never in production). */
  logLinks?: boolean
  log: FastifyBaseLogger
}

const LINK = /https?:\/\/[^\s<>"]+/g

/** SMTP when SMTP_URL is set; otherwise each mail becomes an .eml file whose path (never its content) is logged. */
export function createMailer({ smtpUrl, from, mailDir, logLinks = false, log }: MailerOptions): Mailer {
  if (smtpUrl) return tracked(smtpMailer(smtpUrl, from, log))
  const transport = nodemailer().createTransport({ streamTransport: true, buffer: true, newline: 'unix' })
  return tracked({
    async send(mail) {
      // Base64, not quoted-printable: QP cuts a long link with soft line breaks ("=" at 76 columns), which a
      // mail client joins again but a reader of the raw file copies broken; both decode base64 whole.
      const info = await transport.sendMail({ ...envelope(from, mail), textEncoding: 'base64' })
      await mkdir(mailDir, { recursive: true })
      const file = resolve(mailDir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`)
      await writeFile(file, info.message as Buffer, { mode: 0o600 })
      if (logLinks) log.info({ file, to: mail.to, subject: mail.subject, links: mail.text.match(LINK) ?? [] }, 'mail written (no SMTP_URL)')
      else log.info({ file }, 'mail written (no SMTP_URL)')
    },
    close: () => transport.close(),
  })
}

function smtpMailer(smtpUrl: string, from: string, log: FastifyBaseLogger): Pick<Mailer, 'send' | 'close'> {
  const url = new URL(smtpUrl)
  // A local relay (or the tests' server) speaks plain SMTP; elsewhere STARTTLS stays opportunistic.
  const local = ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname)
  const transport: Transporter = nodemailer().createTransport({
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
  return {
    from,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    to: { name: '', address: mail.to },
    headers: { 'Content-Language': mail.language ?? DEFAULT_LANGUAGE },
    ...(mail.replyTo ? { replyTo: { name: '', address: mail.replyTo } } : {}),
  }
}
