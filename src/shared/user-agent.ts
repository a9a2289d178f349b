import Bowser from 'bowser'
import type { Language } from './words.js'

/** The words around a browser's and a system's names, each language (contract §10). */
const WORDS: Record<Language, { unknown: string; on: (browser: string, system: string) => string }> = {
  fr: { unknown: 'Navigateur inconnu', on: (browser, system) => `${browser} sur ${system}` },
  ar: { unknown: 'متصفح غير معروف', on: (browser, system) => `${browser} على ${system}` },
}

/**
 * A user agent as a person reads it ("Firefox 128 sur Linux"), for the sessions list and the
 * password mail; bowser does the parsing. Unknown or absent: "Navigateur inconnu".
 */
export function describeUserAgent(userAgent: string | null | undefined, language: Language = 'fr'): string {
  const words = WORDS[language]
  if (!userAgent) return words.unknown
  const { browser, os } = Bowser.parse(userAgent)
  const name = browser.name ? [browser.name, browser.version?.split('.')[0]].filter(Boolean).join(' ') : words.unknown
  const system = os.name ? [os.name, os.versionName].filter(Boolean).join(' ') : undefined
  return system ? words.on(name, system) : name
}
