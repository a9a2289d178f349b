import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'

export type Access = 'user' | 'admin'

/**
 * Spec §2's route guards, in one table: every page under these paths is checked on the server
 * before any route runs (even one that does not exist yet), so no page can forget its guard.
 */
const PROTECTED: Array<[prefix: RegExp, access: Access]> = [
  [/^\/admin-dashboard(\/|$)/, 'admin'],
  [/^\/files(\/|$)/, 'user'],
  [/^\/users\/profile(\/|$)/, 'user'],
]

export function accessFor(path: string): Access | null {
  return PROTECTED.find(([prefix]) => prefix.test(path))?.[1] ?? null
}

/** Visitors go to /login, non-administrators on admin pages go home; a granted session slides. */
export async function enforceAccess(access: Access, request: FastifyRequest, reply: FastifyReply) {
  if (access === 'admin' && !request.user?.isAdmin) return reply.redirect('/', 303)
  if (!request.user) return reply.redirect('/login', 303)
  await reply.refreshSession()
}

/**
 * The router decodes %xx before choosing a route (/%66iles reaches /files), so the guard looks at
 * the matched route's pattern and at the decoded path, never at the raw URL alone.
 */
function guardedAccess(request: FastifyRequest): Access | null {
  const raw = request.url.split('?')[0] ?? '/'
  let decoded = raw
  try {
    decoded = decodeURIComponent(raw)
  } catch {}
  const candidates = [request.routeOptions.url, decoded, raw].filter((p): p is string => typeof p === 'string')
  const found = candidates.map(accessFor)
  return found.includes('admin') ? 'admin' : found.includes('user') ? 'user' : null
}

export function registerPageAccess(app: FastifyInstance) {
  app.addHook('preHandler', async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return
    const access = guardedAccess(request)
    if (access) return enforceAccess(access, request, reply)
  })
}
