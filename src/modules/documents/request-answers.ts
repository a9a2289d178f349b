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
   * `by: 'firm'` or `'staff'` (the firm sends a document that answers it): only an open request is
   * taken (a fulfilled one is refused, not added to), another client's is a 400 (a 404 to staff),
   * and the firm is not mailed.
   */
  claim(trx: Db, requestId: number, userId: number, by?: Answerer): Promise<ClaimedRequest>
  /** In a type's deletion, before its rows go: its requests go too, with their waiting reminders. */
  removeForType(trx: Db, typeId: number): Promise<void>
}

/**
 * Who answers: the client uploading, or the firm sending into the client's space (`staff`: a staff
 * member of the firm, to whom another client's request is unknown: 404, contract §9).
 */
export type Answerer = 'client' | 'firm' | 'staff'

export interface ClaimedRequest {
  typeId: number
  /** The request's title (the client's mail names it when the firm answers). */
  title: string
  /** Once the document's row exists: the request lists it, and the firm is mailed (a client's answer only). */
  fulfil(document: { id: number; fileName: string; typeName: string }): Promise<void>
}
