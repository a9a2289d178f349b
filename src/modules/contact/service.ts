import type { FastifyInstance } from 'fastify'
import type { Page } from '../../db/lists.js'
import { HttpError } from '../../http/errors.js'
import { listFilter, type ListQuery } from '../../http/lists.js'
import { firmMail } from '../../mail/layout.js'
import { deleteMessageRow, findMessages, insertMessage, type StoredMessage } from './repository.js'
import { messages, type ContactMessage } from './validation.js'

/** Stores the message, then tells the firm by mail (best effort: the message is kept either way). */
export async function receiveMessage(app: FastifyInstance, message: ContactMessage, ip: string | null): Promise<void> {
  await insertMessage(app.db, message, ip)
  app.mailer.deliver({
    to: app.config.firmEmail,
    subject: `Nouveau message de contact — ${message.name}`,
    // « Répondre » in the firm's mail client answers the visitor, not the portal's no-reply address.
    replyTo: message.email,
    ...firmMail({
      lines: [`Nom : ${message.name}`, `E-mail : ${message.email}`, `Téléphone : ${message.telephone}`, '', message.message],
      action: 'Voir les messages',
      url: `${app.config.publicUrl}/admin-dashboard/messages`,
    }),
  })
}

export function listMessages(app: FastifyInstance, query: ListQuery): Promise<Page<StoredMessage>> {
  return findMessages(app.db, listFilter(query))
}

export async function deleteMessage(app: FastifyInstance, id: number): Promise<void> {
  if (!(await deleteMessageRow(app.db, id))) throw new HttpError(404, messages.notFound)
}
