import { useContext } from 'react'
import { LanguageContext, documentLanguage } from '../../src/render/language.js'
import { wordsOf, type Catalogue, type Language } from '../../src/shared/words.js'

/** The render's language (contract §10): the server's for the request, the document's in the browser. */
export function useLanguage(): Language {
  return useContext(LanguageContext) ?? documentLanguage()
}

/**
 * A catalogue's words in the render's language, for server components and islands alike. An island
 * passes its module's island-side catalogue (the words it shows), never the server's whole one, so
 * that its bundle carries only its own words.
 */
export function useWords<W>(words: Catalogue<W>): W {
  return wordsOf(words, useLanguage())
}
