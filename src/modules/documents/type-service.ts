import type { Db } from '../../db/database.js'
import type { ListFilter, Page } from '../../db/lists.js'
import { transaction } from '../../db/transaction.js'
import type { Jobs } from '../../jobs/jobs.js'
import { refusals } from '../../shared/domain-error.js'
import type { RequestOrigin } from '../../shared/request-origin.js'
import type { SessionUser } from '../identity/index.js'
import type { Journal, JournalAction } from '../journal/index.js'
import * as repo from './repository.js'
import type { DocumentType } from './repository.js'
import type { RequestAnswers } from './request-answers.js'
import { checkNewType } from './validation.js'
import { words } from './words.js'

const refuse = refusals(words)

export interface DocumentTypesDeps {
  db: Db
  jobs: Jobs
  journal: Pick<Journal, 'record'>
  /** A type's deletion takes its requests. */
  requests: Pick<RequestAnswers, 'removeForType'>
  /** Removes stored files whose rows are gone (the documents service's, which logs a failure). */
  removeFiles: (keys: string[]) => Promise<void>
}

/** The document types (contract §4, §8): listed, added, renamed, and deleted with their documents; each change journaled. */
export function documentTypes({ db, jobs, journal, requests, removeFiles }: DocumentTypesDeps) {
  const recordOnType = (trx: Db, action: JournalAction, actor: SessionUser, type: { id: number; typeName: string }, from: RequestOrigin | null) =>
    journal.record(trx, { action, actor, subject: { type: 'type', id: type.id, label: type.typeName }, from })

  return {
    listTypes: (filter: ListFilter): Promise<Page<DocumentType>> => repo.findTypesPage(db, filter),
    /** In the caller's transaction when one is given (a request's reminders written for a person who joins its company). */
    allTypes: (trx: Db = db): Promise<DocumentType[]> => repo.findAllTypes(trx),
    /** One type (the back-office's confirmation page), or a 404. */
    async findType(id: number): Promise<DocumentType> {
      const type = await repo.findType(db, id)
      if (!type) throw refuse('not_found', 'typeNotFound')
      return type
    },

    async addType(input: Record<string, unknown>, actor: SessionUser, from: RequestOrigin | null = null): Promise<void> {
      const checked = checkNewType(input)
      if (!checked.ok) throw refuse.form(checked)
      const { typeName } = checked.value
      await transaction(db, async (trx) => {
        const id = await repo.insertType(trx, typeName)
        if (id === undefined) throw refuse('conflict', 'typeExists').under('typeName')
        await recordOnType(trx, 'type.created', actor, { id, typeName }, from)
      })
    },

    /** Contract §8: a type is editable; its documents, requests and search indexes follow its new name. */
    async renameType(id: number, input: Record<string, unknown>, actor: SessionUser, from: RequestOrigin | null = null): Promise<void> {
      const checked = checkNewType(input)
      if (!checked.ok) throw refuse.form(checked)
      const { typeName } = checked.value
      await transaction(db, async (trx) => {
        const before = await repo.findTypeName(trx, id)
        if (before === undefined) throw refuse('not_found', 'typeNotFound')
        const outcome = await repo.renameType(trx, id, typeName)
        if (outcome === 'missing') throw refuse('not_found', 'typeNotFound')
        if (outcome === 'exists') throw refuse('conflict', 'typeExists').under('typeName')
        // The label keeps both names: the journal's search finds the entry by either.
        await recordOnType(trx, 'type.renamed', actor, { id, typeName: before === typeName ? typeName : `${before} → ${typeName}` }, from)
      })
    },

    /** Contract §4: a type goes with its documents; their files are removed once the rows are gone. */
    async deleteType(id: number, actor: SessionUser, from: RequestOrigin | null = null): Promise<void> {
      const typeName = await repo.findTypeName(db, id)
      if (typeName === undefined) throw refuse('not_found', 'typeNotFound')
      const keys = await transaction(db, async (trx) => {
        // A type goes with its documents: none of them on legal hold (contract §12).
        if (await repo.anyHeld(trx, 'type_id', id)) throw refuse('conflict', 'heldType')
        await requests.removeForType(trx, id)
        const keys = await repo.deleteTypeRows(trx, id).catch((error: unknown) => {
          throw repo.isHoldViolation(error) ? refuse('conflict', 'heldType') : error
        })
        await recordOnType(trx, 'type.deleted', actor, { id, typeName }, from)
        return keys
      })
      jobs.run('document files not removed', () => removeFiles(keys))
    },
  }
}
