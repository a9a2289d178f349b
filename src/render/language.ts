import { createContext } from 'react'
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../shared/words.js'

/**
 * The language a render speaks (contract §10), for server components and islands alike: the server
 * provides it around the page, each kept part and each island's own root (from the render context's
 * `language`); in the browser the islands runtime provides the document's (`<html lang>`, which the
 * server wrote from the same value), so an island hydrates with the words it was rendered with.
 * Plain React and types only: an island's bundle takes it without the renderer.
 */
export const LanguageContext = createContext<Language | null>(null)

/** The document's language in the browser (`<html lang>`); French outside one or for any other value. */
export function documentLanguage(): Language {
  const lang = typeof document === 'undefined' ? '' : document.documentElement.lang
  return (LANGUAGES as readonly string[]).includes(lang) ? (lang as Language) : DEFAULT_LANGUAGE
}
