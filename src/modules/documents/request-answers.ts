import type { Db } from '../../db/database.js'

/**
 * How an upload answers a document request (issue 16). The requests module implements it and
 * app.ts hands it to documents, so documents never reads requests' tables and the arrow stays
 * requests → documents.
 */
export interface RequestAnswers {
  /**
   * In the upload's transaction, before its row: takes the open request `requestId` of `userId`
   * (it is closed as fulfilled, locked until the commit) and answers its type; throws the French
   * refusal (404 unknown or another client's, 409 fulfilled or cancelled) otherwise.
   */
  claim(trx: Db, requestId: number, userId: number): Promise<ClaimedRequest>
  /** In a type's deletion, before its rows go: its requests go too, with their waiting reminders. */
  removeForType(trx: Db, typeId: number): Promise<void>
}

export interface ClaimedRequest {
  typeId: number
  /** Once the document's row exists: the request lists it, and the firm is mailed. */
  fulfil(document: { id: number; fileName: string; typeName: string }): Promise<void>
}
