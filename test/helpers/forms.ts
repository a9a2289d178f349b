// Forms posted without JavaScript (contract §8): what a browser sends, and what the page answered shows.
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import { islandProps } from './html.js'

export const FORM = { 'content-type': 'application/x-www-form-urlencoded' }

/** What a browser adds to a request another site makes it send. */
export const CROSS_SITE = { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' }

/** A plain form post, as a browser without JavaScript sends it (with extra `headers`: another site's, a token's). */
export function submit(app: FastifyInstance, url: string, fields: Record<string, string>, cookie?: string, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'POST', url, headers: { ...FORM, ...headers, ...(cookie ? { cookie } : {}) }, payload: new URLSearchParams(fields).toString() })
}

/**
 * The flash cookie as a browser sends it back: its value as set, still encoded (the decoded one of
 * `cookieOf` cuts a message holding « ; » at it).
 */
function flashCookieOf(res: LightMyRequestResponse): string | undefined {
  const headers = [res.headers['set-cookie'] ?? []].flat()
  return headers.map((header) => String(header).split(';')[0]!).find((pair) => /^flash=./.test(pair))
}

/** The flash message a 303 leaves for the next page (opened with `cookie` too, for a page behind a login). */
export async function flashAfter(app: FastifyInstance, res: LightMyRequestResponse, cookie?: string): Promise<string> {
  const flash = flashCookieOf(res)
  if (!flash) return ''
  const next = await app.inject({ url: String(res.headers.location).split('#')[0]!, headers: { cookie: cookie ? `${cookie}; ${flash}` : flash } })
  return JSON.stringify(islandProps(next.body, 'Toaster'))
}

/** The input, textarea or select named `name` in the page's HTML (its attributes). */
export function inputNamed(html: string, name: string): string {
  return new RegExp(`<(?:input|textarea|select)[^>]*name="${name}"[^>]*>`).exec(html)?.[0] ?? ''
}

/** The error shown under the input `name`: its aria-describedby names an element holding the message. */
export function errorUnder(html: string, name: string): string | undefined {
  const input = inputNamed(html, name)
  if (!/aria-invalid="true"/.test(input)) return undefined
  const ids = /aria-describedby="([^"]*)"/.exec(input)?.[1]?.split(' ') ?? []
  for (const id of ids) {
    const shown = new RegExp(`<p id="${id}" class="field-error">([^<]*)</p>`).exec(html)
    if (shown) return shown[1]
  }
  return undefined
}

/** The text of the error summary at the top of the form, or ''. */
export const summaryOf = (html: string) => /<div class="error-summary" role="alert">(.*?)<\/div>/s.exec(html)?.[1] ?? ''

