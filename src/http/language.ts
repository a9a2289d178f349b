import type { FastifyRequest } from 'fastify'
import { DEFAULT_LANGUAGE, type Language } from '../shared/words.js'

/**
 * The language a request is answered in (contract §10): the one place it is chosen, so that the
 * error handler, the pages answered again with their errors and whatever else speaks to the person
 * say the same. Today always French; issue 31 reads here the `/ar` address, the `lang` cookie, the
 * account's language and `Accept-Language`, in §10's order.
 */
export function languageOf(_request: FastifyRequest): Language {
  return DEFAULT_LANGUAGE
}
