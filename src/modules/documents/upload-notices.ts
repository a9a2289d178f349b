import type { Clock } from '../../clock/clock.js'
import type { Db } from '../../db/database.js'
import { enqueueBatched } from '../../jobs/batched-mail.js'
import type { Outbox } from '../../jobs/outbox.js'
import { firmMail } from '../../mail/layout.js'
import type { Mail } from '../../mail/mailer.js'
import * as repo from './repository.js'

/** Contract §4: at most one mail about one client's uploads per this interval. */
export const UPLOAD_MAIL_INTERVAL_MS = 15 * 60_000
/** A digest names this many documents, then says how many more. */
const DIGEST_LISTED = 50

export interface UploadNoticeDeps {
  outbox: Pick<Outbox, 'enqueue' | 'enqueueAt' | 'replacePending'>
  clock: Clock
  settings: { publicUrl: string; firmEmail: string }
}

export interface UploadFacts {
  /** The client's (the company's) name. */
  username: string
  /** A company's member who uploaded it for the company (contract §9); absent when the owner did. */
  uploadedBy?: string
  typeName: string
  fileName: string
  description: string
}

/**
 * The firm's mails about uploads, grouped (contract §4) by `enqueueBatched`: the first upload after a
 * quiet quarter of an hour is mailed at once; the next ones wait for one digest listing them. The
 * state is the client's `upload_notices` row, locked by the caller's transaction (the upload's).
 */
export function uploadNotices({ outbox, clock, settings }: UploadNoticeDeps) {
  const link = { action: 'Voir les nouveaux documents', url: `${settings.publicUrl}/admin-dashboard/new-documents` }

  function singleMail(upload: UploadFacts): Mail {
    return {
      to: settings.firmEmail,
      subject: `Nouveau document — ${upload.username}`,
      ...firmMail({ lines: [`Client : ${upload.username}`, ...(upload.uploadedBy ? [`Déposé par : ${upload.uploadedBy}`] : []), `Type : ${upload.typeName}`, `Fichier : ${upload.fileName}`, ...(upload.description ? ['', upload.description] : [])], ...link }),
    }
  }

  async function digestMail(trx: Db, userId: number, username: string, fromId: number): Promise<Mail> {
    const [listed, total] = await Promise.all([repo.findOwnedFrom(trx, userId, fromId, DIGEST_LISTED), repo.countOwnedFrom(trx, userId, fromId)])
    const lines = listed.map((d) => `• ${d.typeName} : ${d.originalName}`)
    if (total > listed.length) lines.push(`… et ${total - listed.length} autre(s).`)
    return {
      to: settings.firmEmail,
      subject: `Nouveaux documents — ${username} (${total})`,
      ...firmMail({ lines: [`Client : ${username}`, `${total} document(s) déposé(s) depuis le message précédent :`, lines.join('\n')], ...link }),
    }
  }

  return {
    /** After the upload's row `documentId` was written, in its transaction, with the client's row locked (`notice`). */
    async notify(trx: Db, userId: number, documentId: number, notice: repo.UploadNotice, upload: UploadFacts): Promise<void> {
      const batch = { lastMailAt: notice.lastMailAt, pendingId: notice.digestFromDocumentId === null ? null : notice.digestOutboxId }
      const outcome = await enqueueBatched(trx, { outbox, now: clock.now(), intervalMs: UPLOAD_MAIL_INTERVAL_MS }, batch, (kind) =>
        // A waiting digest lists from its first document; a new one from this upload.
        kind === 'now' ? Promise.resolve(singleMail(upload)) : digestMail(trx, userId, upload.username, kind === 'merged' ? notice.digestFromDocumentId! : documentId),
      )
      if (outcome.kind === 'merged') return
      const fromDocumentId = outcome.kind === 'scheduled' ? documentId : null
      await repo.saveUploadNotice(trx, userId, { lastMailAt: outcome.batch.lastMailAt, digestOutboxId: outcome.batch.pendingId, digestFromDocumentId: fromDocumentId })
    },
  }
}
