import type { ExtraLink } from '../../src/render/context.js'
import { pageTexts as requestTexts } from '../../src/modules/requests/texts.js'

/** One entry of the admin sidebar. */
export interface AdminLink {
  href: string
  label: string
  current: boolean
  /** A count beside it (unread messages), with what a screen reader says for it. */
  badge?: { count: number; label: string }
}

/** Every admin page (spec §2, Admin sidebar), plus the firm's inbox of contact messages. */
export const ADMIN_PAGES: ReadonlyArray<Omit<AdminLink, 'current'>> = [
  { href: '/admin-dashboard', label: 'Tableau de bord' },
  { href: '/admin-dashboard/new-users', label: 'Nouveaux utilisateurs' },
  { href: '/admin-dashboard/clients', label: 'Clients' },
  { href: '/admin-dashboard/new-documents', label: 'Nouveaux documents' },
  { href: '/admin-dashboard/documents', label: 'Documents consultés' },
  { href: '/admin-dashboard/arch-documents', label: 'Documents archivés' },
  { href: '/admin-dashboard/documents/types', label: 'Types de documents' },
  { href: '/admin-dashboard/requests', label: requestTexts.sidebar },
  { href: '/admin-dashboard/sub-admins', label: 'Sous-admins' },
  { href: '/admin-dashboard/messages', label: 'Messages' },
  { href: '/admin-dashboard/journal', label: 'Journal' },
]

/** The sidebar's links, those modules add last, with the page at `path` marked current (exact match: documents ≠ documents/types). */
export function adminLinksFor(path: string, extra: ExtraLink[] = []): AdminLink[] {
  const here = path.length > 1 ? path.replace(/\/+$/, '') : path
  return [...ADMIN_PAGES, ...extra].map((link) => ({ ...link, current: link.href === here }))
}
