// Shared by the firm's team tests (contract §9): a personal access token, a request made with it,
// and the journal's entries of an action.
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify'
import type { Db } from '../../src/db/database.js'
import { injectAs, type SeededAccount } from '../helpers/accounts.js'

/** A personal access token of the account, made from its session (POST /api/auth/tokens). */
export async function createToken(app: FastifyInstance, account: Pick<SeededAccount, 'cookie'>): Promise<string> {
  const res = await injectAs(app, account, { method: 'POST', url: '/api/auth/tokens', payload: { name: 'Script', expiresInDays: 30 } })
  if (res.statusCode !== 201) throw new Error(`create token: ${res.statusCode} ${res.body}`)
  return res.json<{ token: string }>().token
}

/** A request with the token alone, as a script sends it. */
export function asToken(app: FastifyInstance, token: string, options: InjectOptions | string): Promise<LightMyRequestResponse> {
  const request: InjectOptions = typeof options === 'string' ? { method: 'GET', url: options } : options
  return app.inject({ ...request, headers: { ...(request.headers ?? {}), authorization: `Bearer ${token}` } })
}

/** The journal's entries of `action`, oldest first, as stored. */
export async function entries(db: Db, action: string) {
  const rows = await db.selectFrom('journal').select(['actor_id', 'subject_type', 'subject_id', 'subject_label']).where('action', '=', action).orderBy('id').execute()
  return rows.map((row) => ({ actorId: Number(row.actor_id), subject: { type: row.subject_type, id: Number(row.subject_id), label: row.subject_label } }))
}

/** The status of the account's session, as the next request with its cookie finds it. */
export async function sessionStatus(app: FastifyInstance, account: Pick<SeededAccount, 'cookie'>): Promise<number> {
  return (await injectAs(app, account, '/api/auth/status')).statusCode
}
