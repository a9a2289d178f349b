import { useContext } from 'react'
import { LanguageContext, documentLanguage } from '../../src/render/language.js'
import { keyOfFrench, sentence, wordsOf, type Catalogue, type Language } from '../../src/shared/words.js'

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

/**
 * The words of a form's shared check in the render's language: the checks (shared with the server)
 * answer the French of their catalogue, said again here from the same catalogue; words of no
 * catalogue stay as they are.
 */
export function useSaid(...catalogues: Catalogue<unknown>[]): (french: string) => string {
  const language = useLanguage()
  return (french) => {
    if (language === 'fr') return french
    for (const words of catalogues) {
      const key = keyOfFrench(words, french)
      if (key !== undefined) return sentence(words, language, key)
    }
    return french
  }
}
