import { createElement, type ComponentType } from 'react'
import { renderToString } from 'react-dom/server'
import type { Lru } from '../shared/lru.js'

/** Props longer than this (a list's rows) are rendered every time: they rarely repeat. */
const MAX_PROPS = 16 * 1024

/**
 * The server render of an island, its own React root. It depends on nothing but the component, its
 * props and its identifierPrefix (islands read no request context, no clock, no randomness), so the
 * same three give the same HTML: a logged-in page re-rendered per request reuses the islands it shares
 * with every other request (issue 8), in the app's bounded `kept` (null in development).
 */
export function renderIsland(kept: Lru<string> | null, name: string, component: ComponentType<object>, props: object, encodedProps: string, prefix: string): string {
  if (!kept || encodedProps.length > MAX_PROPS) return renderToString(createElement(component, props), { identifierPrefix: prefix })
  const key = `${name}\n${prefix}\n${encodedProps}`
  let html = kept.get(key)
  if (html === undefined) kept.set(key, (html = renderToString(createElement(component, props), { identifierPrefix: prefix })))
  return html
}
