import type { ListState } from '../../http/list-pages.js'
import type { Page } from '../../render/page.js'
import type { FormState } from '../../shared/form-state.js'
import type { OwnedDocument, ReceivedDocument } from '../documents/index.js'
import type { RequestView } from './schemas.js'

/** The client's space (/files): what the firm asks for first, then the upload form. */
export interface SpacePageProps {
  /** The company's id (contract §9: a member's company is the owner's): the upload form's `userId`. */
  userId: number
  /** « Tous mes documents »: the company's profile, for its owner; absent for a member. */
  profileUrl?: string | undefined
  accepted: boolean
  /** The type names of the upload form. */
  types: string[]
  maxBytes: number
  /** Open requests, soonest due first (overdue ones marked). */
  pending: RequestView[]
  /** The latest answered requests. */
  answered: RequestView[]
  /** The open request the upload form answers (`?request=ID`), if any. */
  answering: RequestView | null
  /** « Mes documents »: the newest of what the client sent (the profile lists them all). */
  owned?: { items: OwnedDocument[]; total: number } | undefined
  /** « Reçus du cabinet »: the newest of what the firm sent (contract §7); absent for an account not accepted. */
  received?: { items: ReceivedDocument[]; total: number } | undefined
  /** The upload form posted without JavaScript and answered again: what was typed, and the errors (contract §8). */
  form?: FormState | undefined
}

/** The firm's list: the shared admin list, and « Demander un document » with a client chooser. */
export interface RequestsPageProps {
  items: RequestView[]
  total: number
  query: ListState
  /** Accepted clients by name; null when there are too many to list (ask from the client's page). */
  clients: Array<{ id: number; username: string; entreprise: string }> | null
  types: Array<{ id: number; typeName: string }>
  today: string
  /** « Demander un document » posted without JavaScript and answered again (contract §8). */
  form?: FormState | undefined
}

/**
 * « Demander un document » to one client as a page (contract §8): where the form of the client's page
 * posts without JavaScript, and comes again with the errors in place; the client's latest requests under it.
 */
export interface AskPageProps {
  client: { id: number; username: string; entreprise: string }
  items: RequestView[]
  total: number
  types: Array<{ id: number; typeName: string }>
  today: string
  form?: FormState | undefined
}

/** The pages requests renders, handed to it by app.ts (src/ never imports views/). */
export interface RequestsViews {
  SpacePage: Page<SpacePageProps>
  RequestsPage: Page<RequestsPageProps>
  AskPage: Page<AskPageProps>
  /** « Annuler la demande »'s confirmation dialog as a page, without JavaScript (contract §8). */
  ConfirmActionPage: Page<{ kind: 'requests'; action: 'cancel'; row: RequestView; query: ListState; form?: FormState }>
}
