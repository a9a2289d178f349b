import { createElement, type ComponentType } from 'react'
import { renderToString } from 'react-dom/server'

/** Islands' HTML kept for reuse, the least recently used dropped first. */
const KEPT = 512
/** Props longer than this (a list's rows) are rendered every time: they rarely repeat. */
const MAX_PROPS = 16 * 1024
const kept = new Map<string, string>()

/**
 * The server render of an island, its own React root. It depends on nothing but the component, its
 * props and its identifierPrefix (islands read no request context, no clock, no randomness), so the
 * same three give the same HTML: a logged-in page re-rendered per request reuses the islands it shares
 * with every other request (issue 8). `reuse` is off in development, where components change.
 */
export function renderIsland(name: string, component: ComponentType<object>, props: object, encodedProps: string, prefix: string, reuse: boolean): string {
  if (!reuse || encodedProps.length > MAX_PROPS) return renderToString(createElement(component, props), { identifierPrefix: prefix })
  const key = `${name}\n${prefix}\n${encodedProps}`
  let html = kept.get(key)
  if (html !== undefined) {
    kept.delete(key)
  } else {
    html = renderToString(createElement(component, props), { identifierPrefix: prefix })
    if (kept.size >= KEPT) kept.delete(kept.keys().next().value!)
  }
  kept.set(key, html)
  return html
}
