import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger'
import type { RouteOptions } from 'fastify'
import type { TSchema } from 'typebox'
import { errorBody, errorCodeOf, genericMessage } from './errors.js'
import { ErrorSchema } from './schemas.js'

declare module 'fastify' {
  interface FastifySchema {
    /**
     * A multipart route's form, for the OpenAPI document only: @fastify/multipart reads the parts
     * (never Fastify's validation), so it is not a `body`; the document shows it as the request body.
     */
    multipartBody?: TSchema
  }
}

/**
 * Who may call an operation (contract §8): anyone; a logged-in user, by the session cookie or a
 * personal access token (`Authorization: Bearer`); or the session only (the account itself:
 * password, two-factor, sessions, logging out — a token is refused there).
 */
export type Access = 'public' | 'user' | 'session'

const SECURITY: Record<Access, Array<Record<string, string[]>>> = {
  public: [],
  user: [{ cookieAuth: [] }, { bearerAuth: [] }],
  session: [{ cookieAuth: [] }],
}

/**
 * An operation's name in the OpenAPI document: its stable `operationId` (a generated client's
 * method), its summary, and who may call it (its `security`; 401 follows from it).
 */
export function operation(operationId: string, summary: string, access: Access) {
  return { operationId, summary, security: SECURITY[access] }
}

const BINARY = { type: 'string', format: 'binary' } as const

/**
 * A file answered as it is stored (its own MIME type among `types`), to download: OpenAPI's binary
 * answer and its headers. Fastify never serializes a stream, so the schema only documents it.
 */
export function fileResponse(description: string, types: readonly string[]) {
  return {
    description,
    headers: {
      'Content-Disposition': { type: 'string', description: 'attachment, avec le nom d’origine du fichier (RFC 6266)', example: 'attachment; filename="bilan-2025.pdf"; filename*=UTF-8\'\'bilan-2025.pdf' },
      'Content-Length': { type: 'integer', description: 'Taille du fichier en octets' },
    },
    content: Object.fromEntries(types.map((type) => [type, { schema: BINARY }])),
  }
}

/** What each status means, as the document says it; an error's stable code is added (contract §8). */
const STATUS_TEXTS: Record<number, string> = {
  200: 'Succès',
  201: 'Créé',
  400: 'Requête invalide',
  401: 'Non connecté, session expirée, ou jeton (Bearer) invalide, expiré ou révoqué',
  403: 'Refusé : droits insuffisants, origine d’un autre site, ou double authentification exigée des administrateurs (REQUIRE_ADMIN_2FA)',
  404: 'Introuvable',
  409: 'En conflit avec l’état actuel',
  413: 'Fichier ou requête trop volumineux',
  414: 'Adresse trop longue',
  415: 'Type de contenu non accepté',
  429: 'Trop de requêtes',
  503: 'Service momentanément indisponible, base de données injoignable',
  507: 'Espace de stockage insuffisant',
}

const statusDescription = (status: number) => {
  const text = STATUS_TEXTS[status] ?? 'Réponse'
  return status >= 400 ? `${text} (code \`${errorCodeOf(status)}\`)` : text
}

const RETRY_AFTER = { 'Retry-After': { type: 'integer', description: 'Secondes à attendre avant de réessayer' } }

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

/**
 * What an administrator's session not proven with a second factor still reaches under
 * REQUIRE_ADMIN_2FA: the gate (identity/access.ts) and this document read the same list; every
 * other call answers 403 for them, public ones included.
 */
export const OPEN_BEFORE_SECOND_FACTOR: ReadonlySet<string> = new Set(['/api/auth/status', '/api/auth/login', '/api/auth/login/2fa', '/api/auth/logout'])

/**
 * The error statuses every route of its kind answers, beside those its own `response` names: a
 * multipart body sent anywhere else (415) and the database out of reach (503) everywhere; invalid
 * input (400) where there is input (any unsafe method reads a body); 401 everywhere (no session
 * where one is needed, and on every route a `Bearer` token that opens nothing); 403 on every unsafe
 * method (another site's origin), where only the session is taken (a token), and everywhere but
 * signing in and out for an administrator REQUIRE_ADMIN_2FA stops; too large (413) with a body; a
 * path parameter over the router's 100 characters (414); the rate limit (429) where set; a full
 * store (507) for uploads.
 */
function impliedStatuses(schema: Record<string, unknown>, route: Pick<RouteOptions, 'method' | 'config' | 'url'>): number[] {
  // Fastify reads a body sent with any unsafe method, declared or not: malformed (400) or too large (413).
  const unsafe = [route.method].flat().some((method) => !SAFE_METHODS.has(method))
  const readsBody = unsafe || schema.body !== undefined || schema.multipartBody !== undefined
  const statuses = [415, 503]
  if (readsBody || schema.params !== undefined || schema.querystring !== undefined) statuses.push(400)
  statuses.push(401)
  const security = (schema.security ?? []) as Array<Record<string, unknown>>
  const sessionOnly = security.length > 0 && !security.some((requirement) => 'bearerAuth' in requirement)
  if (sessionOnly || unsafe || !OPEN_BEFORE_SECOND_FACTOR.has(route.url)) statuses.push(403)
  if (readsBody) statuses.push(413)
  if (route.url.includes(':')) statuses.push(414)
  if ((route.config as { rateLimit?: unknown } | undefined)?.rateLimit) statuses.push(429)
  if (schema.multipartBody !== undefined) statuses.push(507)
  return statuses
}

/** A route's responses as the document shows them: every status it answers, each described. */
function documentedResponses(schema: Record<string, unknown>, route: Pick<RouteOptions, 'method' | 'config' | 'url'>) {
  const declared: Record<string, object> = { ...(schema.response as Record<string, object> | undefined) }
  for (const status of impliedStatuses(schema, route)) declared[status] ??= ErrorSchema
  return Object.fromEntries(
    Object.entries(declared).map(([status, response]) => {
      const code = Number(status)
      const described = 'description' in response ? response : { ...response, 'x-response-description': statusDescription(code) }
      // An error's example is its status's own answer (@fastify/swagger moves a one-item `examples` to the media's `example`).
      const exemplified = response === ErrorSchema ? { ...described, examples: [errorBody(code, genericMessage(code))] } : described
      return [status, code === 429 || code === 503 ? { ...exemplified, headers: RETRY_AFTER } : exemplified]
    }),
  )
}

type Transform = NonNullable<FastifyDynamicSwaggerOptions['transform']>

/**
 * @fastify/swagger's `transform`: what the document adds to a route's schema (never used to
 * validate). Only /api/ is described: pages, files and form posts are the site's, not the API's.
 */
const transform: Transform = ({ schema, url, route }) => {
  if (!url.startsWith('/api/')) return { schema: { ...schema, hide: true }, url }
  if (!schema || schema.hide) return { schema, url }
  const { multipartBody, ...rest } = schema as Record<string, unknown>
  const documented: Record<string, unknown> = { ...rest, response: documentedResponses(schema as Record<string, unknown>, route) }
  if (multipartBody) documented.body = multipartBody
  return { schema: documented, url }
}

type OpenApiDocument = { paths?: Record<string, Record<string, Operation>>; components?: { schemas?: Record<string, unknown> } } & Record<string, unknown>
type Operation = { requestBody?: { content: Record<string, Media> }; responses: Record<string, { content?: Record<string, Media> }> } & Record<string, unknown>
type Media = { schema?: unknown } & Record<string, unknown>

const mapValues = <T, U>(record: Record<string, T>, map: (value: T) => U): Record<string, U> => Object.fromEntries(Object.entries(record).map(([key, value]) => [key, map(value)]))

/** Every request and response schema of the document, through `map`. */
function mapMediaSchemas(document: OpenApiDocument, map: (schema: unknown) => unknown): OpenApiDocument {
  const media = (content: Record<string, Media>) => mapValues(content, (value) => ({ ...value, schema: map(value.schema) }))
  const operation = ({ requestBody, responses, ...rest }: Operation): Operation => ({
    ...rest,
    ...(requestBody ? { requestBody: { ...requestBody, content: media(requestBody.content) } } : {}),
    responses: mapValues(responses, (response) => (response.content ? { ...response, content: media(response.content) } : response)),
  })
  return { ...document, paths: mapValues(document.paths ?? {}, (item) => mapValues(item, operation)) }
}

const SCHEMA_LISTS = ['anyOf', 'oneOf', 'allOf', 'prefixItems']
const SCHEMA_SINGLES = ['items', 'not', 'additionalProperties']

/**
 * Shared component schemas: every schema with a `title` (a TypeBox option on the module's schema)
 * becomes `#/components/schemas/<title>` and is referenced wherever it appears. Two different
 * schemas under one title are a mistake, refused here (and so by the tests).
 */
function hoistTitledSchemas(document: OpenApiDocument): OpenApiDocument {
  const components: Record<string, unknown> = { ...document.components?.schemas }
  const texts = new Map<string, string>()
  const hoist = (node: unknown): unknown => {
    if (!node || typeof node !== 'object' || Array.isArray(node)) return node
    const copy: Record<string, unknown> = { ...node }
    if (copy.properties && typeof copy.properties === 'object') copy.properties = mapValues(copy.properties as Record<string, unknown>, hoist)
    for (const key of SCHEMA_LISTS) if (Array.isArray(copy[key])) copy[key] = (copy[key] as unknown[]).map(hoist)
    for (const key of SCHEMA_SINGLES) if (copy[key] && typeof copy[key] === 'object') copy[key] = hoist(copy[key])
    if (typeof copy.title !== 'string') return copy
    const text = JSON.stringify(copy)
    const known = texts.get(copy.title)
    if (known !== undefined && known !== text) throw new Error(`OpenAPI: two different schemas are titled ${copy.title}:\n${known}\n${text}`)
    texts.set(copy.title, text)
    components[copy.title] = copy
    return { $ref: `#/components/schemas/${copy.title}` }
  }
  const hoisted = mapMediaSchemas(document, hoist)
  const sorted = Object.fromEntries(Object.entries(components).sort(([a], [b]) => a.localeCompare(b)))
  return { ...hoisted, components: { ...document.components, schemas: sorted } }
}

const TAGS = [
  { name: 'auth', description: 'Inscription, connexion, sessions, double authentification' },
  { name: 'password', description: 'Mot de passe oublié, réinitialisation, changement' },
  { name: 'users', description: 'Profils, listes du cabinet, acceptation, activité' },
  { name: 'documents', description: 'Dépôts, types, listes, téléchargement, envois du cabinet' },
  { name: 'requests', description: 'Demandes de documents du cabinet à un client' },
  { name: 'messages', description: 'Conversation entre un client et le cabinet' },
  { name: 'contact', description: 'Messages du formulaire de contact' },
  { name: 'journal', description: 'Journal des actions' },
]

/**
 * @fastify/swagger's options for `/api/openapi.json` (contract §8): the two ways in (the session
 * cookie, named as this instance names it, and a personal access token), the server, the tags, the
 * statuses every route answers, multipart bodies, and the shared component schemas.
 */
export function openapiOptions({ publicUrl, sessionCookie }: { publicUrl: string; sessionCookie: string }): FastifyDynamicSwaggerOptions {
  return {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Portail client — API',
        version: '1.0.0',
        description: 'API JSON du portail (contrat §2, §8). Chaque erreur est `{message, code}` : le message en français, le code stable.',
        license: { name: 'Propriétaire — usage réservé au cabinet et à ses clients', url: `${publicUrl}/` },
      },
      servers: [{ url: publicUrl }],
      tags: TAGS,
      components: {
        securitySchemes: {
          cookieAuth: { type: 'apiKey', in: 'cookie', name: sessionCookie, description: 'La session ouverte par POST /api/auth/login' },
          bearerAuth: { type: 'http', scheme: 'bearer', description: 'Un jeton d’accès personnel (POST /api/auth/tokens), envoyé en `Authorization: Bearer <jeton>`' },
        },
      },
    },
    transform,
    transformObject: (document) => ('openapiObject' in document ? (hoistTitledSchemas(document.openapiObject as OpenApiDocument) as typeof document.openapiObject) : document.swaggerObject),
  }
}
