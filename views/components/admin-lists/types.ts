import type { ReactNode } from 'react'
import { api } from '../../client/api.js'
import type { ConfirmRequest } from '../ConfirmDialog.js'

/** Every row of an admin list has an id; the rest belongs to its kind. */
export interface AdminRow {
  id: number | string
}

export interface Column<T> {
  header: string
  cell: (row: T) => ReactNode
  className?: string
  /** False: it means something only among the list's rows (a position); a confirmation page leaves it out. */
  standalone?: false
}

/** What the list does once an action succeeded: fetch the page again, drop the row here, or nothing. */
export type ActionOutcome = { ok: true; message?: string; effect: 'refresh' | 'remove' | 'none' } | { ok: false; message: string }

export interface RowAction<T> {
  label: string
  tone?: 'primary' | 'danger' | 'neutral'
  /** A link rather than a button: it changes nothing, so no confirmation. */
  href?: (row: T) => string
  /** Asked first, for every destructive or irreversible action (spec §5). */
  confirm?: (row: T) => ConfirmRequest
  run?: (row: T) => Promise<ActionOutcome>
  /**
   * Without JavaScript (contract §8) the action is `${path}/${id}/${form}`: a link to its confirmation
   * page when it asks first, else a form the row posts there. Absent: the button waits for JavaScript.
   */
  form?: string
  /** Offered only on the rows it applies to (a request can be cancelled while it is open). */
  shown?: (row: T) => boolean
}

/** A list's own filter beyond search and dates (requests' state): a select in the toolbar, kept in the URL. */
export interface ListChoice {
  name: string
  label: string
  /** The first is the default ('' = no filter). */
  options: Array<{ value: string; label: string }>
}

/** One kind of admin list: its page, its API and how its rows look. The generic island does the rest. */
export interface ListKind<T extends AdminRow> {
  /** The page's path: the toolbar GETs it and pager links point at it. */
  path: string
  /** The JSON API answering the same query with X-Total-Count; null for a list that lives in the page. */
  endpoint: string | null
  caption: string
  /** Placeholder of the search box; null: no toolbar. */
  search: string | null
  /** From/to filter on the creation date. */
  dates: boolean
  /** Selects of the list's own filters (ListState.filters). */
  choices?: ListChoice[]
  empty: string
  /** Names the row in the accessible name of its buttons ("Supprimer Amina"). */
  rowName: (row: T) => string
  columns: Column<T>[]
  actions: RowAction<T>[]
}

/** Erases a kind's row type so kinds can sit in one registry; each kind's own code stays typed. */
export function defineKind<T extends AdminRow>(kind: ListKind<T>): ListKind<AdminRow> {
  return kind as unknown as ListKind<AdminRow>
}

/** An action that is one API call; its French message becomes the toast, then the list is fetched again. */
export async function callApi(method: 'POST' | 'DELETE', path: string): Promise<ActionOutcome> {
  const result = await api<{ message?: string }>(path, { method })
  return result.ok ? { ok: true, message: result.data.message, effect: 'refresh' } : { ok: false, message: result.message }
}
