/**
 * A module's words, in each language (issue 30, then issue 31 and contract §10): each module keeps a
 * catalogue (`src/modules/<module>/words.ts`), French the source, every other language typed after it.
 * Plain data and types only: the server, the HTTP edge and the islands import it alike.
 */

/** The portal's languages (contract §10); French is the default and the specification's own. */
export const LANGUAGES = ['fr', 'ar'] as const
export type Language = (typeof LANGUAGES)[number]
export const DEFAULT_LANGUAGE: Language = 'fr'

/**
 * What another language must give for French words `F`: every key, a string for a string, a function
 * of the same parameters for a worded function, the same shape for a nested group. A missing key, an
 * extra one or a parameter forgotten fails the type check.
 */
export type WordsLike<F> = { readonly [K in keyof F]: WordLike<F[K]> }

/** One word of `WordsLike`: a string for a string (a literal one included), the same shape otherwise. */
type WordLike<T> = T extends (...params: infer P) => infer R ? (...params: P) => WordLike<R> : T extends string ? string : T extends readonly unknown[] ? { readonly [I in keyof T]: WordLike<T[I]> } : WordsLike<T>

/**
 * A module's catalogue: its French words and its Arabic ones, typed after the French (`WordsLike`):
 * a key missing in Arabic, or one Arabic has and French has not, fails the type check.
 */
export interface Catalogue<W> {
  readonly fr: W
  readonly ar: W
}

/** A catalogue from its French words and its Arabic ones, typed after them. */
export function catalogue<F>(languages: { fr: F; ar: WordsLike<NoInfer<F>> }): Catalogue<F> {
  return languages as Catalogue<F>
}

/**
 * French put together from two parts (the islands' and the server's own): a pure call, so that an
 * island's bundle that takes the first part leaves the second and the catalogue out.
 */
export function joined<A extends object, B extends object>(first: A, second: B): A & B {
  return { ...first, ...second }
}

/** A language's words of the catalogue. */
export function wordsOf<W>(words: Catalogue<W>, language: Language): W {
  return words[language]
}

/**
 * A count in Arabic words, with Latin digits (contract §10): Arabic's noun follows the number (one,
 * two, 3–10, 11–99, then 100 and up as one), which `Intl.PluralRules('ar')` tells. `one` and `two`
 * are said whole (« دقيقة واحدة », « دقيقتين »); the others follow the digits (« 5 دقائق »).
 */
export interface ArabicCount {
  one: string
  two: string
  /** 3 to 10 (and 103 to 110…): the plural. */
  few: string
  /** 11 to 99: the singular, accusative. */
  many: string
  /** 0, 100, 101…: the singular, genitive. */
  other: string
}

const arabicPlurals = /* @__PURE__ */ new Intl.PluralRules('ar')

export function arabicCount(n: number, forms: ArabicCount): string {
  const rule = arabicPlurals.select(n)
  if (rule === 'one') return forms.one
  if (rule === 'two') return forms.two
  return `${n} ${rule === 'few' ? forms.few : rule === 'many' ? forms.many : forms.other}`
}

/** Characters and minutes, the counts most sentences quote. */
export const arabicCharacters = (n: number) => arabicCount(n, { one: 'حرفًا واحدًا', two: 'حرفين', few: 'أحرف', many: 'حرفًا', other: 'حرف' })
export const arabicMinutes = (n: number) => arabicCount(n, { one: 'دقيقة واحدة', two: 'دقيقتين', few: 'دقائق', many: 'دقيقة', other: 'دقيقة' })
export const arabicDays = (n: number) => arabicCount(n, { one: 'يوم واحد', two: 'يومين', few: 'أيام', many: 'يومًا', other: 'يوم' })

/** A word the domain may say (an error): a sentence, or a sentence of its parameters. */
export type Sentence = string | ((...params: never[]) => string)

/** The keys of a catalogue's sentences (its mails' lines and nested groups are not sentences). */
export type SentenceKey<W> = { [K in keyof W & string]: W[K] extends Sentence ? K : never }[keyof W & string]

/** What a sentence asks for: nothing for a plain one, its parameters for a worded function. */
export type ParamsOf<S> = S extends (...params: infer P) => string ? P : []

/** The words of one sentence of the catalogue, in a language. */
export function sentence(words: Catalogue<unknown>, language: Language, key: string, params: readonly unknown[] = []): string {
  const said = (wordsOf(words, language) as Record<string, unknown>)[key] ?? (words.fr as Record<string, unknown>)[key]
  if (typeof said === 'function') return String((said as (...params: unknown[]) => unknown)(...params))
  if (typeof said === 'string') return said
  throw new Error(`No sentence "${key}" in the catalogue`)
}

const keysByWords = new WeakMap<object, Map<string, string>>()

/**
 * The key of a French sentence of the catalogue, when one says exactly these words: a form's check
 * (shared with the islands) answers words, and the error says them again in the request's language.
 */
export function keyOfFrench(words: Catalogue<unknown>, french: string): string | undefined {
  const fr = words.fr as Record<string, unknown>
  let keys = keysByWords.get(fr)
  if (!keys) {
    keys = new Map()
    for (const [key, value] of Object.entries(fr)) if (typeof value === 'string' && !keys.has(value)) keys.set(value, key)
    keysByWords.set(fr, keys)
  }
  return keys.get(french)
}
