import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { FastifyBaseLogger, FastifyInstance } from 'fastify'
import { HttpError } from '../../http/errors.js'
import { site } from '../../../views/content/site.js'
import contactRepository from './repository.js'
import { ContactBodySchema, MessageSchema } from './schemas.js'
import { checkContact, messages, type ContactMessage } from './validation.js'

interface Mailer {
  send(mail: { to: string; subject: string; text: string; html?: string }): Promise<unknown>
}

/** Contact: the home page's form, stored for the firm (POST /api/users/contact). */
const contact: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(contactRepository)

  app.post(
    '/api/users/contact',
    {
      schema: {
        tags: ['contact'],
        summary: 'Envoie un message au cabinet',
        body: ContactBodySchema,
        response: { 201: MessageSchema, 400: MessageSchema, 403: MessageSchema, 429: MessageSchema },
      },
      config: { rateLimit: { max: app.config.rateLimits.contactPerIp, timeWindow: '1 hour' } },
    },
    async (request, reply) => {
      const checked = checkContact(request.body)
      if (!checked.ok) throw new HttpError(400, checked.message)
      // A robot filled the hidden field: answer as for a person so it learns nothing, store nothing.
      if (request.body.website?.trim()) return reply.code(201).send({ message: messages.sent })
      await app.contactRepository.storeMessage(checked.value, request.ip || null)
      notifyFirm(app, checked.value, request.log)
      return reply.code(201).send({ message: messages.sent })
    },
  )
}
export default contact

/** Best effort: the message is stored already, so a mail failure is only logged. */
function notifyFirm(app: FastifyInstance, message: ContactMessage, log: FastifyBaseLogger) {
  if (!app.hasDecorator('mailer')) return
  const mailer = (app as unknown as { mailer: Mailer }).mailer
  const body = `Nom : ${message.name}\nE-mail : ${message.email}\nTéléphone : ${message.telephone}\n\n${message.message}`
  Promise.resolve()
    .then(() => mailer.send({ to: site.email, subject: `Nouveau message de contact — ${message.name}`, text: body, html: `<pre>${escapeHtml(body)}</pre>` }))
    .catch((err: unknown) => log.warn({ err }, 'contact notification not sent'))
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
}
