import type { FastifyReply } from 'fastify'
import { Type, type Static, type TSchema } from 'typebox'
import type { ListFilter } from '../db/lists.js'

export const DEFAULT_PAGE_SIZE = 50
export const MAX_PAGE_SIZE = 200

/** A real calendar day `YYYY-MM-DD` (TypeBox's `date` format: 2026-02-31 is refused, not read as 3 March). */
const Day = Type.String({ format: 'date', pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' })

/**
 * The query every admin list takes (contract §2): `q` searched case- and accent-insensitively,
 * `from`/`to` inclusive days of the creation date, `page` from 1, `pageSize` default 50.
 * An empty `q`, `from` or `to` (a plain GET form sends them blank) means no filter.
 */
export const ListQuerySchema = Type.Object({
  q: Type.Optional(Type.String({ maxLength: 200 })),
  from: Type.Optional(Type.Union([Day, Type.Literal('')])),
  to: Type.Optional(Type.Union([Day, Type.Literal('')])),
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1 })),
})
export type ListQuery = Static<typeof ListQuerySchema>

/** The query with its defaults: a pageSize above 200 is read as 200. */
export function listFilter(query: ListQuery): ListFilter {
  return {
    q: (query.q ?? '').normalize('NFC').trim(),
    from: query.from || undefined,
    to: query.to || undefined,
    page: query.page ?? 1,
    pageSize: Math.min(query.pageSize ?? DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE),
  }
}

/** The `X-Total-Count` header of a list's answer, as the OpenAPI document shows it. */
const TOTAL_COUNT_HEADER = { 'X-Total-Count': { type: 'integer', minimum: 0, description: 'Le nombre d’éléments de la liste entière, toutes pages comprises', example: 137 } }

/** A list's answer (sendList): a JSON array of `item`, with its `X-Total-Count` header documented. */
export const listOf = <T extends TSchema>(item: T) => Type.Array(item, { headers: TOTAL_COUNT_HEADER })

/** A list stays a JSON array (spec §7); its total travels in `X-Total-Count`. */
export function sendList<T>(reply: FastifyReply, page: { total: number; items: T[] }): T[] {
  reply.header('x-total-count', String(page.total))
  return page.items
}
