import { randomBytes } from 'node:crypto'
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify'

export interface SeededAccount {
  id: number
  email: string
  username: string
  password: string
  /** The `Cookie` header of a session opened for this account. */
  cookie: string
}

export interface SeedOptions {
  accepted?: boolean
  admin?: boolean
  verified?: boolean
  username?: string
  email?: string
  entreprise?: string
  /** `staff`: a firm's person serving assigned clients (contract §9); default from `admin`. */
  role?: 'admin' | 'staff' | 'client'
  /** A member of this company (the owner's id). */
  companyId?: number
}

export const SEED_PASSWORD = 'Zt9#qLm2vR'

/**
 * An account made through identity's own functions, already verified (unless told otherwise),
 * with a session open: module tests log in the short way, not by replaying registration.
 */
export async function seedAccount(app: FastifyInstance, options: SeedOptions = {}): Promise<SeededAccount> {
  const unique = randomBytes(4).toString('hex')
  const email = options.email ?? `client-${unique}@example.dz`
  const username = options.username ?? `Client ${unique}`
  const id = await app.services.identity.createAccount({
    username,
    email,
    entreprise: options.entreprise ?? 'SARL Atlas',
    telephone: '0551234567',
    password: SEED_PASSWORD,
    isVerified: options.verified ?? true,
    isAccepted: options.accepted ?? options.admin ?? (options.role === 'staff' || options.companyId !== undefined),
    isAdmin: options.admin ?? (options.role === 'admin' || options.role === 'staff'),
    ...(options.role ? { role: options.role } : {}),
    ...(options.companyId ? { companyId: options.companyId } : {}),
  })
  return { id, email, username, password: SEED_PASSWORD, cookie: await app.sessionCookieFor(id) }
}

/** A request as `account` (or as a visitor with null). */
export function injectAs(app: FastifyInstance, account: Pick<SeededAccount, 'cookie'> | null, options: InjectOptions | string): Promise<LightMyRequestResponse> {
  const request: InjectOptions = typeof options === 'string' ? { method: 'GET', url: options } : options
  const headers = { ...(request.headers ?? {}), ...(account ? { cookie: account.cookie } : {}) }
  return app.inject({ ...request, headers })
}
