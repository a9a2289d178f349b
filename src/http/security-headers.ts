import { randomFillSync } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { FastifyReply } from 'fastify'
import fp from 'fastify-plugin'
import helmet, { type HelmetOptions } from 'helmet'
import type { Config } from '../config.js'

declare module 'fastify' {
  interface FastifyReply {
    /**
     * This response's CSP nonces, made when first read: only then does its Content-Security-Policy
     * name them (the same shape @fastify/helmet gave).
     */
    cspNonce: { script: string; style: string }
  }
}

/** The portal's security headers, in helmet's terms; `frames`: the origins a page may embed (the site's map). */
export function securityOptions(config: Pick<Config, 'viteDev' | 'secureCookies'>, frames: string[] = ['https://www.google.com']): HelmetOptions {
  return {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: config.viteDev ? ["'self'", "'unsafe-inline'"] : ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'"],
        connectSrc: config.viteDev ? ["'self'", 'ws:'] : ["'self'"],
        frameSrc: frames,
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        upgradeInsecureRequests: config.secureCookies ? [] : null,
      },
    },
    strictTransportSecurity: config.secureCookies,
    crossOriginEmbedderPolicy: false,
  }
}

interface HeaderSet {
  set: [string, string][]
  removed: string[]
}

/** What helmet's middleware does to a response, recorded once. */
function headersOf(options: HelmetOptions): HeaderSet {
  const recorded: HeaderSet = { set: [], removed: [] }
  const res = {
    setHeader(name: string, value: unknown) {
      recorded.set.push([name, String(value)])
    },
    removeHeader(name: string) {
      recorded.removed.push(name)
    },
  }
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error
  })
  return recorded
}

const SCRIPT = 'portalscriptnonce'
const STYLE = 'portalstylenonce'

/**
 * The headers, computed once from `options`: every one but the policy is the same on every
 * response; the policy is either the one without nonces or the one naming this response's nonces,
 * appended to script-src and style-src exactly as @fastify/helmet's enableCSPNonces did.
 */
export function precomputeSecurityHeaders(options: HelmetOptions) {
  const plain = headersOf(options)
  const csp = typeof options.contentSecurityPolicy === 'object' ? options.contentSecurityPolicy : undefined
  const directives = { ...(csp?.directives ?? helmet.contentSecurityPolicy.getDefaultDirectives()) }
  directives.scriptSrc = [...((directives.scriptSrc as string[] | undefined) ?? []), `'nonce-${SCRIPT}'`]
  directives.styleSrc = [...((directives.styleSrc as string[] | undefined) ?? []), `'nonce-${STYLE}'`]
  const withNonces = headersOf({ ...options, contentSecurityPolicy: { ...csp, directives } })
  const isPolicy = ([name]: [string, string]) => /^content-security-policy/i.test(name)
  const policy = plain.set.find(isPolicy)
  const template = withNonces.set.find(isPolicy)
  return {
    /** In helmet's order, the policy without nonces among them. */
    fixed: plain.set,
    removed: plain.removed,
    policy,
    policyWith: (nonces: { script: string; style: string }): [string, string] | undefined =>
      template && [template[0], template[1].replace(SCRIPT, nonces.script).replace(STYLE, nonces.style)],
  }
}

const kNonces = Symbol('cspNonces')

/**
 * 128 random bits as hex, from the operating system's CSPRNG drawn 4 KiB at a time: one system call
 * for 256 nonces instead of one each (as Node does for randomUUID). No byte is ever handed out twice.
 */
const pool = Buffer.alloc(4096)
let offset = pool.length
export function nonceHex(): string {
  if (offset === pool.length) {
    randomFillSync(pool)
    offset = 0
  }
  const hex = pool.toString('hex', offset, offset + 16)
  offset += 16
  return hex
}
type Nonces = FastifyReply['cspNonce']

/**
 * Security headers without helmet's per-request cost: computed once at start, set on every
 * response; a nonce is made (and named by the policy) only for a response that reads `cspNonce`,
 * which a page rendered per request does and a stored page, JSON or a file does not.
 */
export default fp(
  async function securityHeaders(app, { options }: { options: HelmetOptions }) {
    const headers = precomputeSecurityHeaders(options)
    app.decorateReply(kNonces, null)
    app.decorateReply('cspNonce', {
      getter(this: FastifyReply) {
        const reply = this as FastifyReply & { [kNonces]: Nonces | null }
        let nonces = reply[kNonces]
        if (!nonces) {
          nonces = { script: nonceHex(), style: nonceHex() }
          reply[kNonces] = nonces
          const policy = headers.policyWith(nonces)
          if (policy && !this.raw.headersSent) this.header(policy[0], policy[1])
        }
        return nonces
      },
    })
    // Among the reply's headers, which Fastify hands to writeHead in one piece: set on the raw response
    // one by one, each was checked and stored twice (issue 13). Every answer goes through the reply
    // but, in development, Vite's middleware, which answers on the raw response: there they stay raw.
    // Named in lower case, as Fastify keeps them: it lowers each name it is given, and lowering
    // helmet's capitalised names made a new string to look up for every header of every response.
    const fixed = Object.fromEntries(headers.fixed.map(([name, value]) => [name.toLowerCase(), value]))
    const raw = app.hasDecorator('config') && app.config.viteDev
    app.addHook('onRequest', (_request, reply, done) => {
      if (raw) for (const [name, value] of headers.fixed) reply.raw.setHeader(name, value)
      else reply.headers(fixed)
      for (const name of headers.removed) reply.raw.removeHeader(name)
      done()
    })
  },
  { name: 'security-headers' },
)
