import { createElement, type ComponentType } from 'react'
import { renderToString } from 'react-dom/server'
import type { Lru } from '../shared/lru.js'
import type { Language } from '../shared/words.js'
import { LanguageContext } from './language.js'

/** Props longer than this (a list's rows) are rendered every time: they rarely repeat. */
const MAX_PROPS = 16 * 1024

/**
 * The server render of an island, its own React root. It depends on nothing but the component, its
 * props, its identifierPrefix and the page's language (islands read no other request context, no
 * clock, no randomness), so the same four give the same HTML: a logged-in page re-rendered per request reuses the islands it shares
 * with every other request (issue 8), in the app's bounded `kept` (null in development).
 */
export function renderIsland(kept: Lru<string> | null, name: string, component: ComponentType<object>, props: object, encodedProps: string, prefix: string, language: Language): string {
  const render = () => renderToString(createElement(LanguageContext.Provider, { value: language }, createElement(component, props)), { identifierPrefix: prefix })
  if (!kept || encodedProps.length > MAX_PROPS) return render()
  const key = `${name}\n${language}\n${prefix}\n${encodedProps}`
  let html = kept.get(key)
  if (html === undefined) kept.set(key, (html = flat(render())))
  return html
}

/**
 * The same text as one flat string, for a cache that keeps it. React's renderToString builds its result
 * by concatenation, which V8 keeps as a tree of the pieces (a rope: some 30 bytes per piece, 3,700
 * pieces for a client's 10 KB list of documents) until something reads it whole; kept so, each island
 * held ten times its size, and the soak's heap grew by the cache's 512 of them (issue 14). Encoding it
 * once gives the cache a flat copy and lets the tree go.
 */
export function flat(text: string): string {
  return Buffer.from(text, 'utf8').toString('utf8')
}
