import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { IncomingMessage } from 'node:http'
import { faultAnswer, storageFullMessage, unavailableMessage } from './faults.js'
import { closeWithoutReading } from './lingering-close.js'
import { languageOf } from './language.js'
import { rememberReturn } from './return-to.js'
import { DomainError, ERROR_CODES, type ErrorCode } from '../shared/domain-error.js'
import type { FieldError } from '../shared/validation.js'
import type { Language } from '../shared/words.js'

export { ERROR_CODES, type ErrorCode }

/**
 * An error of HTTP itself (a guard, a body refused before it is read, a route's own check), with its
 * status and its words for the user. The domain's refusals are DomainError (src/shared/domain-error.ts),
 * turned into one of these at the edge (`httpErrorOf`).
 */
export class HttpError extends Error {
  /**
   * The fields it belongs to: a page posted without JavaScript shows each error under its own (contract
   * §8), and the JSON answer names the field of its `message` (`field`), where an island shows it.
   * None: the form's own error.
   */
  fields: FieldError[] = []

  constructor(
    readonly statusCode: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message)
  }

  /** The same error, under `field`: on the page answered again, and named in the JSON answer. */
  under(field: string): this {
    this.fields = [{ field, message: this.message }]
    return this
  }
}

/** A form's failed check (400): the API answers its first message and that one's field, a page answered again shows each field's. */
export function refusedForm(checked: { message: string; errors?: FieldError[] | undefined }): HttpError {
  const error = new HttpError(400, checked.message)
  error.fields = checked.errors ?? []
  return error
}

const GENERIC: Record<number, string> = {
  400: 'Requête invalide.',
  401: 'Veuillez vous connecter.',
  403: 'Accès refusé.',
  404: 'Ressource introuvable.',
  405: 'Méthode non autorisée.',
  406: 'Format de réponse non disponible.',
  409: 'Conflit avec l’état actuel.',
  413: 'Fichier ou requête trop volumineux.',
  415: 'Type de contenu non accepté.',
  429: 'Trop de requêtes, veuillez réessayer plus tard.',
  500: 'Une erreur interne est survenue. Veuillez réessayer plus tard.',
  503: unavailableMessage,
  507: storageFullMessage,
}

/** A status's French message when nothing more precise is said (also the OpenAPI document's examples). */
export const genericMessage = (status: number): string => GENERIC[status] ?? GENERIC[status >= 500 ? 500 : 400]!

const CODE_OF: Record<number, ErrorCode> = {
  401: 'unauthenticated',
  403: 'forbidden',
  404: 'not_found',
  405: 'not_found',
  409: 'conflict',
  413: 'too_large',
  415: 'unsupported_type',
  429: 'rate_limited',
  503: 'unavailable',
  507: 'insufficient_storage',
}

/** A status's code: its own, else `validation` for the other 4xx (a request to change) and `internal` for 5xx. */
export function errorCodeOf(status: number): ErrorCode {
  return CODE_OF[status] ?? (status >= 500 ? 'internal' : 'validation')
}

/** The status each code of the domain's errors is answered with (contract §2 and §8). */
export const STATUS_OF_CODE: Record<ErrorCode, number> = {
  validation: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_large: 413,
  unsupported_type: 415,
  rate_limited: 429,
  internal: 500,
  unavailable: 503,
  insufficient_storage: 507,
}

/**
 * A domain error as HTTP answers it (issue 30): its code's status, its sentence and its fields'
 * in `language` (the request's: `languageOf`), and a Retry-After when it says when to try again.
 */
export function httpErrorOf(error: DomainError, language: Language): HttpError {
  const headers: Record<string, string> = error.retryAfterSeconds === undefined ? {} : { 'retry-after': String(error.retryAfterSeconds) }
  const answer = new HttpError(STATUS_OF_CODE[error.code], error.wordsIn(language), headers)
  answer.fields = error.fieldsIn(language)
  return answer
}

/** What the edge answers for what a route, a guard or a service threw: a domain error in the request's language, anything else as it is. */
export function atTheEdge<E>(request: FastifyRequest, error: E): Exclude<E, DomainError> | HttpError {
  return error instanceof DomainError ? httpErrorOf(error, languageOf(request)) : (error as Exclude<E, DomainError>)
}

/**
 * An error answer's body (contract §8): `{message, code}`, and `field` when the error belongs to one
 * (additive, docs/decisions/036-error-answers.md): a client places the error by its field, never by its words.
 */
export const errorBody = (status: number, message: string, field?: string): { message: string; code: ErrorCode; field?: string } =>
  field === undefined ? { message, code: errorCodeOf(status) } : { message, code: errorCodeOf(status), field }

/** The field of the error's own message (the API's `message`), when the error names one. */
const fieldOf = (error: HttpError): string | undefined => error.fields.find((fieldError) => fieldError.message === error.message)?.field

export const isApi = (request: FastifyRequest) => request.url.startsWith('/api/') || request.url === '/api'

function statusOf(error: FastifyError | HttpError): number {
  const status = error.statusCode ?? 500
  return status >= 400 && status < 600 ? status : 500
}

/** The French message the client sees; never a stack trace or an internal detail. */
function messageOf(error: FastifyError | HttpError, status: number): string {
  if (error instanceof HttpError) return error.message
  if ((error as FastifyError).validation) return 'Requête invalide : champ manquant ou au mauvais format.'
  if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') return 'Requête invalide : JSON mal formé.'
  if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return GENERIC[415]!
  return genericMessage(status)
}

/** True while part of a request's announced body has not arrived yet. */
export function bodyPending(raw: IncomingMessage): boolean {
  const announced = Number(raw.headers['content-length'] ?? 0) > 0 || raw.headers['transfer-encoding'] !== undefined
  return announced && raw.complete !== true
}

/**
 * The answer to a refusal: JSON under /api/, the error page anywhere else, a browser's form post
 * included (its page, when it has one to show again, is formPost's). `message` absent: the status's
 * generic words (the JSON) and, for a 404, the not-found page's own (an address that names nothing).
 */
export function sendError(request: FastifyRequest, reply: FastifyReply, status: number, message?: string, field?: string) {
  // A browser opening a document's address (a link in a mail, a bookmark) without a session logs in first, then gets it.
  if (status === 401 && request.method === 'GET' && request.headers['sec-fetch-mode'] === 'navigate') {
    rememberReturn(request, reply)
    return reply.redirect('/login', 303)
  }
  reply.code(status)
  // A refusal before the body was read closes the connection: the rest of the body is never read.
  if (bodyPending(request.raw)) closeWithoutReading(request, reply)
  if (isApi(request)) return reply.send(errorBody(status, message ?? genericMessage(status), field))
  return status === 404 ? reply.renderError(404, message) : reply.renderError(status, message ?? genericMessage(status))
}

/**
 * Errors Fastify raises before routing (an over-long parameter, a malformed URL): the same French
 * message as any other error. Fastify answers these outside the app's plugins (no render, no
 * cookies), so a page gets a minimal static document.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const status = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 414 : 400
  const message = status === 414 ? 'Adresse trop longue.' : 'Adresse invalide.'
  reply.code(status)
  if (isApi(request)) return reply.send(errorBody(status, message))
  return reply
    .type('text/html; charset=utf-8')
    .send(`<!DOCTYPE html><html lang="fr"><head><meta charset="utf-8"><title>Erreur ${status}</title></head><body><h1>${status}</h1><p>${message}</p><a href="/">Allez à l'accueil</a></body></html>`)
}

/** One error handler and one 404 handler for the whole app. */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((raised: FastifyError | HttpError | DomainError, request, reply) => {
    // The domain's refusals: their code's status, their words in the request's language.
    const thrown = atTheEdge(request, raised)
    // A database out of reach or a full disk is told as such (503 + Retry-After, 507), never as a bug.
    const fault = thrown instanceof HttpError ? undefined : faultAnswer(thrown)
    const error = fault ? new HttpError(fault.status, fault.message, fault.headers) : thrown
    // A client that went away (or whose slow body was cut) is not a server failure.
    const status = request.raw.socket?.destroyed && statusOf(error) >= 500 ? 400 : statusOf(error)
    if (status >= 500) request.log.error({ err: raised }, 'request failed')
    else request.log.info({ status, code: raised instanceof DomainError ? raised.code : (error as FastifyError).code }, 'request refused')
    if (error instanceof HttpError) reply.headers(error.headers)
    return sendError(request, reply, status, messageOf(error, status), error instanceof HttpError ? fieldOf(error) : undefined)
  })
  app.setNotFoundHandler((request, reply) => sendError(request, reply, 404))
}
