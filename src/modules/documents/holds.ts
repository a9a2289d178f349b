import type { Clock } from '../../clock/clock.js'
import type { Db } from '../../db/database.js'
import { transaction } from '../../db/transaction.js'
import { isForeignKeyViolation, isUniqueViolation } from '../../db/constraints.js'
import { refusals } from '../../shared/domain-error.js'
import type { RequestOrigin } from '../../shared/request-origin.js'
import { FIRM_SCOPE, type Identity, type SessionUser } from '../identity/index.js'
import type { Journal } from '../journal/index.js'
import * as repo from './repository.js'
import { words } from './words.js'

const refuse = refusals(words)

interface HoldsDeps {
  db: Db
  clock: Clock
  journal: Pick<Journal, 'record'>
  identity: Pick<Identity, 'accounts'>
}

type Labelled = { id: number; originalName: string; userId: number }

/**
 * Legal holds (contract §12, docs/decisions/162-legal-holds.md), an administrator's: a held document
 * is deleted by nobody and never purged; a company's hold is each of the documents it has now.
 */
export function legalHolds({ db, clock, journal, identity }: HoldsDeps) {
  const recordAll = async (trx: Db, action: 'document.held' | 'document.released', actor: SessionUser, docs: Labelled[], from: RequestOrigin | null) => {
    for (const doc of docs) await journal.record(trx, { action, actor, subject: { type: 'document', id: doc.id, label: doc.originalName, ownerId: doc.userId }, from })
  }

  async function documentOf(id: number): Promise<Labelled> {
    const record = await repo.findDocument(db, FIRM_SCOPE, id)
    if (!record) throw refuse('not_found', 'notFound')
    return record
  }

  /**
   * A hold's insert refused by a key: the document went meanwhile (its foreign key: purged, deleted),
   * or another administrator held it meanwhile (the holds' primary key). Answered as if asked a moment
   * later: `gone` (404, or the company's documents read again) or `held` (held once, journaled once).
   */
  const raced = (error: unknown): 'gone' | 'held' | null => (isForeignKeyViolation(error) ? 'gone' : isUniqueViolation(error) ? 'held' : null)

  async function companyDocuments(userId: number): Promise<Labelled[]> {
    if (!(await identity.accounts.findAccountSummary(userId))) throw refuse('not_found', 'companyMissing')
    return repo.companyDocuments(db, userId)
  }

  return {
    /** POST /api/documents/hold/:id: held once; holding it again changes nothing. */
    async holdDocument(id: number, actor: SessionUser, from: RequestOrigin | null = null): Promise<void> {
      const doc = await documentOf(id)
      try {
        await transaction(db, async (trx) => {
          const fresh = await repo.holdRows(trx, [id], actor.id, clock.now())
          await recordAll(trx, 'document.held', actor, fresh.length ? [doc] : [], from)
        })
      } catch (error) {
        const race = raced(error)
        if (race === 'gone') throw refuse('not_found', 'notFound')
        if (race !== 'held') throw error
      }
    },

    /** DELETE /api/documents/hold/:id: a document not on hold is a 409. */
    async releaseDocument(id: number, actor: SessionUser, from: RequestOrigin | null = null): Promise<void> {
      const doc = await documentOf(id)
      await transaction(db, async (trx) => {
        const released = await repo.releaseRows(trx, [id])
        if (!released.length) throw refuse('conflict', 'notHeld')
        await recordAll(trx, 'document.released', actor, [doc], from)
      })
    },

    /** POST /api/documents/hold/company/:userId: every document the company has now; answers how many were newly held. */
    async holdCompany(userId: number, actor: SessionUser, from: RequestOrigin | null = null): Promise<number> {
      // A document gone or held meanwhile: the company's documents read again (a few tries: each race is a moment's).
      for (let attempt = 1; ; attempt++) {
        const docs = await companyDocuments(userId)
        try {
          return await transaction(db, async (trx) => {
            const fresh = new Set(await repo.holdRows(trx, docs.map((doc) => doc.id), actor.id, clock.now()))
            await recordAll(trx, 'document.held', actor, docs.filter((doc) => fresh.has(doc.id)), from)
            return fresh.size
          })
        } catch (error) {
          if (attempt >= 3 || raced(error) === null) throw error
        }
      }
    },

    /** DELETE /api/documents/hold/company/:userId: lifts every hold of the company's documents; answers how many. */
    async releaseCompany(userId: number, actor: SessionUser, from: RequestOrigin | null = null): Promise<number> {
      const docs = await companyDocuments(userId)
      return transaction(db, async (trx) => {
        const released = new Set(await repo.releaseRows(trx, docs.map((doc) => doc.id)))
        await recordAll(trx, 'document.released', actor, docs.filter((doc) => released.has(doc.id)), from)
        return released.size
      })
    },
  }
}
