import { LinkifyIt } from 'linkify-it'

/** A run of a message's text: plain, or a link to follow. */
export type TextPiece = { text: string; href?: undefined } | { text: string; href: string }

/**
 * Only addresses written with http:// or https://: no bare "example.com" (a file name such as
 * "bilan.pdf" or "G50.xlsx" would become a link), no mailto:, ftp: or protocol-relative "//".
 */
const finder = new LinkifyIt({ fuzzyLink: false, fuzzyEmail: false, fuzzyIP: false }).add('mailto:', null).add('ftp:', null).add('//', null)

/** http and https only, checked again on the parsed address (nothing else is ever an href). */
function safeHref(url: string): string | undefined {
  try {
    const parsed = new URL(url)
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.href : undefined
  } catch {
    return undefined
  }
}

/**
 * A plain text cut into pieces, its http(s) links apart, for a view that shows text as text (React
 * escapes it) and makes only those pieces links. linkify-it (markdown-it's) finds where a link
 * ends the way people expect: a trailing period, comma or closing parenthesis stays text.
 */
export function linkPieces(text: string): TextPiece[] {
  const matches = finder.match(text) ?? []
  const pieces: TextPiece[] = []
  let at = 0
  for (const match of matches) {
    const href = safeHref(match.url)
    if (!href) continue
    if (match.index > at) pieces.push({ text: text.slice(at, match.index) })
    pieces.push({ text: match.raw, href })
    at = match.lastIndex
  }
  if (at < text.length) pieces.push({ text: text.slice(at) })
  return pieces
}
