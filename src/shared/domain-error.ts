/**
 * The domain's refusals (issue 30, contract §8): a service says what went wrong as a stable code and
 * a sentence of its module's catalogue (a key and its parameters), never as an HTTP status or
 * French text. The HTTP edge (src/http/errors.ts) maps the code to a status and says the sentence
 * in the request's language; a script or a job reads `code`, and `message` is the French words (logs).
 */
import type { FieldError } from './validation.js'
import { DEFAULT_LANGUAGE, keyOfFrench, sentence, type Catalogue, type Language, type ParamsOf, type SentenceKey } from './words.js'

/** The stable, machine-readable codes of every error answer (contract §8). */
export const ERROR_CODES = ['validation', 'unauthenticated', 'forbidden', 'not_found', 'conflict', 'too_large', 'unsupported_type', 'rate_limited', 'unavailable', 'insufficient_storage', 'internal'] as const
export type ErrorCode = (typeof ERROR_CODES)[number]

/** A sentence of a catalogue, or words said already (a form's check shared with the islands, when no sentence of the catalogue says them). */
type Said = { words: Catalogue<unknown>; key: string; params: readonly unknown[] } | { text: string }

function say(said: Said, language: Language): string {
  return 'text' in said ? said.text : sentence(said.words, language, said.key, said.params)
}

/** The sentence of these catalogues that says these French words, else the words themselves. */
function saidOf(catalogues: readonly Catalogue<unknown>[], french: string): Said {
  for (const words of catalogues) {
    const key = keyOfFrench(words, french)
    if (key !== undefined) return { words, key, params: [] }
  }
  return { text: french }
}

export class DomainError extends Error {
  override readonly name = 'DomainError'
  /** The fields it belongs to: a page posted without JavaScript shows each under its own; none, the form's own error. */
  private fieldsSaid: Array<{ field: string; said: Said }> = []
  /** A refusal that ends: the seconds before trying again (the edge's Retry-After). */
  retryAfterSeconds: number | undefined

  constructor(
    readonly code: ErrorCode,
    private readonly said: Said,
  ) {
    super(say(said, DEFAULT_LANGUAGE))
  }

  /** The error's own sentence, in a language. */
  wordsIn(language: Language): string {
    return say(this.said, language)
  }

  /** Each field's sentence, in a language (the error's own first when it is under a field). */
  fieldsIn(language: Language): FieldError[] {
    return this.fieldsSaid.map(({ field, said }) => ({ field, message: say(said, language) }))
  }

  /** The field of the error's own sentence, when it is under one (the JSON answer names it). */
  get field(): string | undefined {
    return this.fieldsSaid.find(({ said }) => said === this.said)?.field
  }

  /** The same error, under `field`: on the page answered again, and named in the JSON answer. */
  under(field: string): this {
    this.fieldsSaid = [{ field, said: this.said }]
    return this
  }

  /** The same error, to be tried again after `seconds`. */
  retryAfter(seconds: number): this {
    this.retryAfterSeconds = seconds
    return this
  }

  /** True when it says this sentence of this catalogue. */
  says(words: Catalogue<unknown>, key: string): boolean {
    return 'key' in this.said && this.said.words === words && this.said.key === key
  }

  /**
   * A form's failed check (code `validation`): its first message, and each field's. The checks are
   * shared with the islands and answer French words; each is said again from the catalogue whose
   * sentence it is (so in the request's language), or as it is when none is.
   */
  static ofCheck(catalogues: readonly Catalogue<unknown>[], checked: { message: string; errors?: FieldError[] | undefined }): DomainError {
    const error = new DomainError('validation', saidOf(catalogues, checked.message))
    error.fieldsSaid = (checked.errors ?? []).map(({ field, message }) => ({ field, said: message === checked.message ? error.said : saidOf(catalogues, message) }))
    return error
  }
}

/** A refusal of the module: a code, one of its catalogue's sentences, and what the sentence says. */
export interface Refuse<W> {
  <K extends SentenceKey<W>>(code: ErrorCode, key: K, ...params: ParamsOf<W[K]>): DomainError
  /** A form's failed check (400 `validation`), its words found in this catalogue (and the others named). */
  form(checked: { message: string; errors?: FieldError[] | undefined }): DomainError
  /** True when `error` is this catalogue's refusal saying `key`. */
  says(error: unknown, key: SentenceKey<W>): boolean
  /** The catalogue it says its sentences from. */
  readonly words: Catalogue<W>
}

/**
 * The module's way of refusing, bound to its catalogue: `refuse('not_found', 'notFound')`,
 * `refuse('too_large', 'quotaExceeded', left, quota)`. A key that is not a sentence of the catalogue,
 * or parameters it does not take, fail the type check. `also`: other catalogues whose sentences a
 * form's checks use (a rule shared with another module).
 */
export function refusals<W>(words: Catalogue<W>, also: readonly Catalogue<unknown>[] = []): Refuse<W> {
  const refuse = <K extends SentenceKey<W>>(code: ErrorCode, key: K, ...params: ParamsOf<W[K]>) => new DomainError(code, { words, key, params })
  return Object.assign(refuse, {
    form: (checked: { message: string; errors?: FieldError[] | undefined }) => DomainError.ofCheck([words, ...also], checked),
    says: (error: unknown, key: SentenceKey<W>) => error instanceof DomainError && error.says(words, key),
    words,
  })
}
