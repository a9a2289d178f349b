// The permission matrix's machinery (test/foundation/permission-matrix.test.ts): every route the app
// declares, caught as Fastify declares it, and the rows that say who may call each one.
import { subscribe, unsubscribe } from 'node:diagnostics_channel'
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify'

/** Who asks (issue 29): a visitor, company A's owner and member, company B's member, staff serving A, staff serving B only, an administrator. */
export const PERSONAS = ['visitor', 'owner', 'member', 'otherMember', 'staffAssigned', 'staffUnassigned', 'admin'] as const
export type Persona = (typeof PERSONAS)[number]

/**
 * What a persona gets: `ok` (let in: any status but 401, 403, 404 and 5xx, and no redirect to `/` or
 * `/login`), a refusal's status, `home` (sent to `/`), `login` (sent to `/login`).
 */
export type Outcome = 'ok' | 401 | 403 | 404 | 'home' | 'login'
/** One outcome, or the few the contract leaves open (e.g. another company's document: 403 or 404). */
export type Expected = Outcome | readonly Outcome[]
export type Expectations = Record<Persona, Expected>

/**
 * Every route the app declares (`METHOD /pattern`, HEAD included), caught by an onRoute hook that a
 * subscriber of Fastify's `fastify.initialization` channel adds to each instance as it is created,
 * before any plugin registers a route: no change to the app, and no route can escape it. Call it
 * before building the app, and `stop()` once it is built.
 */
export function catchRoutes(): { routes: Set<string>; stop: () => void } {
  const routes = new Set<string>()
  const onInit = (message: unknown) => {
    const { fastify } = message as { fastify: FastifyInstance }
    fastify.addHook('onRoute', (route) => {
      for (const method of [route.method].flat()) routes.add(`${method} ${route.url}`)
    })
  }
  subscribe('fastify.initialization', onInit)
  return { routes, stop: () => unsubscribe('fastify.initialization', onInit) }
}

/** What an answer amounts to for the matrix. */
export function outcomeOf(res: LightMyRequestResponse, options: { homeIsOk?: boolean } = {}): Outcome | `${number}` {
  const status = res.statusCode
  if (status === 401 || status === 403 || status === 404) return status
  if (status >= 500) return `${status}`
  if (status >= 300 && status < 400 && res.headers.location) {
    const path = new URL(String(res.headers.location), 'http://portal.invalid').pathname
    if (path === '/login') return 'login'
    if (path === '/' && !options.homeIsOk) return 'home'
  }
  return 'ok'
}

export function matches(got: Outcome | string, expected: Expected): boolean {
  return [expected].flat().some((outcome) => String(outcome) === String(got))
}

export function describeExpected(expected: Expected): string {
  return [expected].flat().join('|')
}

/** A request as the matrix sends it: same-origin (contract §2), as the portal's own pages do. */
export function sameOrigin(publicUrl: string, options: InjectOptions): InjectOptions {
  const method = (options.method ?? 'GET').toUpperCase()
  const own = method === 'GET' || method === 'HEAD' ? { 'sec-fetch-site': 'same-origin' } : { origin: new URL(publicUrl).origin, 'sec-fetch-site': 'same-origin' }
  return { ...options, headers: { ...own, ...(options.headers ?? {}) } }
}
