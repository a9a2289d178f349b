import type { Role } from '../../src/shared/session-user.js'
import type { ExtraLink } from '../../src/render/context.js'
import { pageTexts as requestTexts } from '../../src/modules/requests/texts.js'
import type { MenuLink } from '../components/MenuLinks.js'

/** One entry of the admin sidebar. */
export type AdminLink = MenuLink

/** A page of the sidebar; `adminOnly`: what a staff member may not open (contract §9), so not offered to them. */
type AdminPage = Omit<AdminLink, 'current'> & { adminOnly?: true }

/** Every admin page (spec §2, Admin sidebar), plus the firm's inbox of contact messages. */
export const ADMIN_PAGES: ReadonlyArray<AdminPage> = [
  { href: '/admin-dashboard', label: 'Tableau de bord' },
  { href: '/admin-dashboard/new-users', label: 'Nouveaux utilisateurs', adminOnly: true },
  { href: '/admin-dashboard/clients', label: 'Clients' },
  { href: '/admin-dashboard/new-documents', label: 'Nouveaux documents' },
  { href: '/admin-dashboard/documents', label: 'Documents consultés' },
  { href: '/admin-dashboard/arch-documents', label: 'Documents archivés' },
  { href: '/admin-dashboard/documents/types', label: 'Types de documents', adminOnly: true },
  { href: '/admin-dashboard/requests', label: requestTexts.sidebar },
  { href: '/admin-dashboard/sub-admins', label: 'Sous-admins', adminOnly: true },
  { href: '/admin-dashboard/messages', label: 'Messages', adminOnly: true },
  { href: '/admin-dashboard/journal', label: 'Journal' },
]

/** The sidebar's links, those modules add last, with the page at `path` marked current (exact match: documents ≠ documents/types). */
export function adminLinksFor(path: string, extra: ExtraLink[] = [], role: Role = 'admin'): AdminLink[] {
  const here = path.length > 1 ? path.replace(/\/+$/, '') : path
  const pages = ADMIN_PAGES.filter((page) => role === 'admin' || !page.adminOnly).map(({ adminOnly: _, ...page }) => page)
  return [...pages, ...extra].map((link) => ({ ...link, current: link.href === here }))
}
