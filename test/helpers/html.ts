import { decodeProps } from '../../src/render/props.js'

const ENTITIES: Record<string, string> = { '&quot;': '"', '&#x27;': "'", '&lt;': '<', '&gt;': '>', '&amp;': '&' }

/** Attribute text as React escapes it, back to plain text. */
export function unescapeHtml(text: string): string {
  return text.replace(/&(quot|#x27|lt|gt|amp);/g, (entity) => ENTITIES[entity] ?? entity)
}

/** The props the server gave the first island named `name` in a page, decoded as the browser does. */
export function islandProps(html: string, name: string): Record<string, unknown> {
  const match = new RegExp(`<portal-island data-name="${name}" data-prefix="[^"]*" data-props="([^"]*)"`).exec(html)
  if (!match) throw new Error(`no ${name} island in the page`)
  return decodeProps(unescapeHtml(match[1]!))
}

/** Every href of the page's links whose text (tags removed) is `text`. */
export function hrefsOf(html: string, text: string): string[] {
  const found: string[] = []
  for (const match of html.matchAll(/<a\b[^>]*href="([^"]*)"[^>]*>(.*?)<\/a>/gs)) {
    if (match[2]!.replace(/<[^>]+>/g, '').trim() === text) found.push(unescapeHtml(match[1]!))
  }
  return found
}
