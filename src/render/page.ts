import type { ReactNode } from 'react'
import type { Language } from '../shared/words.js'

/**
 * Which part of the site a page belongs to (issue 34: floating buttons covered the portal's and the
 * back-office's controls): `public`, the pages a visitor reads, with the floating WhatsApp and theme
 * buttons; `guest`, the visitors' forms (login, registration…), with them on wide screens only, where
 * they sit beside the form, not over its fields; absent (`portal`), a logged-in person's pages, the
 * theme in the navigation bar; `back-office`, the firm's pages (AdminLayout), the theme in its sidebar.
 */
export type PageArea = 'public' | 'guest' | 'portal' | 'back-office'

export interface PageMeta {
  title: string
  description: string
  /** Structured data for search engines (JSON-LD), given PUBLIC_URL. */
  jsonLd?: (publicUrl: string) => object
  /**
   * The same for every visitor of a theme when nobody is logged in: rendered once per theme and path
   * and served from memory (a session or a flash toast still renders per request).
   */
  shared?: boolean
  /** Absent: `portal`. */
  area?: PageArea
}

/**
 * A server-rendered page: a function component with its title and description. A page that takes
 * more than a module gives (a wider union of list kinds) still fits what the module asks for.
 */
export type Page<P extends object> = ((props: P) => ReactNode) & { meta: PageMeta | ((props: P, language: Language) => PageMeta) }

export function page<P extends object>(meta: Page<P>['meta'], component: (props: P) => ReactNode): Page<P> {
  return Object.assign(component, { meta })
}

/** A page's meta for these props, in the render's language (contract §10: a page's title and description are in it too). */
export function metaOf<P extends object>(target: Page<P>, props: P, language: Language = 'fr'): PageMeta {
  return typeof target.meta === 'function' ? target.meta(props, language) : target.meta
}
