import type { FastifyRequest } from 'fastify'
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../shared/words.js'

/**
 * The language a request is answered in (contract §10, docs/decisions/146-which-language.md): the
 * one place it is chosen, so that the error handler, the pages, the forms answered again with their
 * errors and a registration's mails say the same. In §10's order:
 *   1. a public page's address: the French ones French, `/ar` and below Arabic, whatever else it says;
 *   2. the `lang` cookie (the switch: `GET /lang/:lang`);
 *   3. the logged-in person's account language;
 *   4. the `Accept-Language` language of highest weight among `fr` and `ar`, the first listed on a tie;
 *   5. French.
 */
export function languageOf(request: FastifyRequest): Language {
  return (
    addressLanguage(request.url) ??
    cookieLanguage(request.cookies?.[LANGUAGE_COOKIE]) ??
    (request.user as { language?: Language } | null | undefined)?.language ??
    acceptedLanguage(request.headers['accept-language']) ??
    DEFAULT_LANGUAGE
  )
}

/** The switch's cookie (contract §10). */
export const LANGUAGE_COOKIE = 'lang'

/** The public pages' French addresses, each with its twin under /ar (contract §10; /ar/contact's is /#contact). */
export const FRENCH_PUBLIC_PATHS = ['/', '/services', '/confidentialite'] as const

/**
 * Each French public address and its Arabic twin (contract §10, docs/decisions/147-the-arabic-public-site.md):
 * /ar/contact's French twin is the home page's contact section.
 */
export const PUBLIC_TWINS = { '/': '/ar', '/services': '/ar/services', '/confidentialite': '/ar/confidentialite', '/#contact': '/ar/contact' } as const
export type FrenchPublicAddress = keyof typeof PUBLIC_TWINS

/** A public page's address in `language`: `/services` in Arabic is /ar/services. */
export function publicPath(french: FrenchPublicAddress, language: Language): string {
  return language === 'ar' ? PUBLIC_TWINS[french] : french
}

/** A public page's two addresses, French and Arabic, from either (a page's path, no query); undefined for any other page. */
export function twinsOf(path: string): { fr: string; ar: string } | undefined {
  for (const [fr, ar] of Object.entries(PUBLIC_TWINS)) if (path === fr || path === ar) return { fr, ar }
  return undefined
}

/**
 * What an /ar page answers every visitor with (contract §10: visiting one sets the cookie): the same
 * header for all, so a page served from the store carries it as the route does, and no visitor's own.
 */
export function arabicCookieHeader(secure: boolean): string {
  return `${LANGUAGE_COOKIE}=ar; Max-Age=${365 * 24 * 3600}; Path=/; SameSite=Lax${secure ? '; Secure' : ''}`
}

/** `/ar`, `/ar/…`: the Arabic public site. */
export function isArabicAddress(path: string): boolean {
  return path === '/ar' || path.startsWith('/ar/') || path.startsWith('/ar?')
}

/**
 * The language a public page's address fixes (rule 1), undefined for any other address. The path
 * as the router reads it: the query aside, a trailing slash ignored (`ignoreTrailingSlash`).
 */
export function addressLanguage(url: string): Language | undefined {
  const query = url.indexOf('?')
  let path = query === -1 ? url : url.slice(0, query)
  if (isArabicAddress(path)) return 'ar'
  if (path.length > 1 && path.endsWith('/')) path = path.slice(0, -1)
  return (FRENCH_PUBLIC_PATHS as readonly string[]).includes(path) ? 'fr' : undefined
}

/** One of the portal's languages, or undefined for anything else (a cookie, a body's value). */
export function cookieLanguage(value: unknown): Language | undefined {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value) ? (value as Language) : undefined
}

/** Browsers send a handful of Accept-Language values: each is read once (bounded, short ones only). */
const accepted = new Map<string, Language | null>()

/** Rule 4: the header's language of highest weight among ours (a region aside: `ar-DZ` is `ar`), the first listed on a tie. */
export function acceptedLanguage(header: string | undefined): Language | undefined {
  if (!header) return undefined
  let found = accepted.get(header)
  if (found === undefined) {
    found = readAcceptLanguage(header)
    if (header.length <= 200) {
      if (accepted.size >= 64) accepted.clear()
      accepted.set(header, found)
    }
  }
  return found ?? undefined
}

function readAcceptLanguage(header: string): Language | null {
  let best: Language | null = null
  let bestWeight = 0
  for (const part of header.split(',')) {
    const [tag = '', ...params] = part.trim().split(';')
    const primary = tag.trim().toLowerCase().split('-')[0]
    const language = cookieLanguage(primary)
    if (!language) continue
    const q = params.map((p) => p.trim()).find((p) => p.toLowerCase().startsWith('q='))
    const weight = q === undefined ? 1 : Number(q.slice(2))
    // Strictly greater: on a tie the first listed stays.
    if (Number.isFinite(weight) && weight > bestWeight) {
      best = language
      bestWeight = weight
    }
  }
  return best
}
