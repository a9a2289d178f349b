import type { Db } from '../../db/database.js'
import { transaction } from '../../db/transaction.js'
import type { ListFilter, Page } from '../../db/lists.js'
import { firmMail } from '../../mail/layout.js'
import type { Outbox } from '../../jobs/outbox.js'
import { refusals } from '../../shared/domain-error.js'
import type { RequestOrigin } from '../../shared/request-origin.js'
import type { Journal, JournalActor } from '../journal/index.js'
import { deleteMessageRow, findMessage, findMessages, findStoredMessage, insertMessage, type StoredMessage } from './repository.js'
import type { ContactMessage } from './validation.js'
import { words } from './words.js'

const refuse = refusals(words)

export interface ContactDeps {
  db: Db
  outbox: Pick<Outbox, 'enqueue'>
  /** A deleted message is journaled with its deletion. */
  journal: Pick<Journal, 'record'>
  settings: { publicUrl: string; firmEmail: string }
}

/** Contact: the home page's form, stored for the firm, and the firm's inbox of messages. */
export function createContact({ db, outbox, journal, settings }: ContactDeps) {
  return {
    /** Stores the message and, in the same transaction, the firm's mail (sent by the outbox: a refusal never loses the message). */
    async receiveMessage(message: ContactMessage, ip: string | null): Promise<void> {
      await transaction(db, async (trx) => {
        await insertMessage(trx, message, ip)
        await outbox.enqueue(trx, {
          to: settings.firmEmail,
          subject: `Nouveau message de contact — ${message.name}`,
          // « Répondre » in the firm's mail client answers the visitor, not the portal's no-reply address.
          replyTo: message.email,
          ...firmMail({
            lines: [`Nom : ${message.name}`, `E-mail : ${message.email}`, `Téléphone : ${message.telephone}`, '', message.message],
            action: 'Voir les messages',
            url: `${settings.publicUrl}/admin-dashboard/messages`,
          }),
        })
      })
    },

    listMessages: (filter: ListFilter): Promise<Page<StoredMessage>> => findMessages(db, filter),

    /** One message, for its deletion's confirmation page; 404 when it is gone. */
    async findMessage(id: number): Promise<StoredMessage> {
      const message = await findStoredMessage(db, id)
      if (!message) throw refuse('not_found', 'notFound')
      return message
    },

    async deleteMessage(id: number, actor: JournalActor, from: RequestOrigin | null = null): Promise<void> {
      await transaction(db, async (trx) => {
        const message = await findMessage(trx, id)
        if (!message || !(await deleteMessageRow(trx, id))) throw refuse('not_found', 'notFound')
        await journal.record(trx, { action: 'message.deleted', actor, subject: { type: 'message', id, label: `${message.name} <${message.email}>` }, from })
      })
    },
  }
}

export type Contact = ReturnType<typeof createContact>
