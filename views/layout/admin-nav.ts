import type { Role } from '../../src/shared/session-user.js'
import type { ExtraLink } from '../../src/render/context.js'
import { pageWords as requestWords } from '../../src/modules/requests/texts.js'
import type { Language } from '../../src/shared/words.js'
import { adminNavWords } from '../words.js'
import type { MenuLink } from '../components/MenuLinks.js'

/** One entry of the admin sidebar. */
export type AdminLink = MenuLink

/** A page of the sidebar; `adminOnly`: what a staff member may not open (contract §9), so not offered to them. */
type AdminPage = Omit<AdminLink, 'current'> & { adminOnly?: true }

/** Every admin page (spec §2, Admin sidebar), plus the firm's inbox of contact messages, in a language. */
function adminPages(language: Language): ReadonlyArray<AdminPage> {
  const words = adminNavWords[language]
  return [
    { href: '/admin-dashboard', label: words.dashboard },
    { href: '/admin-dashboard/new-users', label: words.newUsers, adminOnly: true },
    { href: '/admin-dashboard/clients', label: words.clients },
    { href: '/admin-dashboard/new-documents', label: words.newDocuments },
    { href: '/admin-dashboard/documents', label: words.documents },
    { href: '/admin-dashboard/arch-documents', label: words.archived },
    { href: '/admin-dashboard/documents/types', label: words.types, adminOnly: true },
    { href: '/admin-dashboard/requests', label: requestWords[language].sidebar },
    { href: '/admin-dashboard/sub-admins', label: words.subAdmins, adminOnly: true },
    { href: '/admin-dashboard/messages', label: words.messages, adminOnly: true },
    { href: '/admin-dashboard/journal', label: words.journal },
  ]
}
const ADMIN_PAGES = { fr: adminPages('fr'), ar: adminPages('ar') }

/** The sidebar's links, those modules add last, with the page at `path` marked current (exact match: documents ≠ documents/types). */
export function adminLinksFor(path: string, extra: ExtraLink[] = [], role: Role = 'admin', language: Language = 'fr'): AdminLink[] {
  const here = path.length > 1 ? path.replace(/\/+$/, '') : path
  const pages = ADMIN_PAGES[language].filter((page) => role === 'admin' || !page.adminOnly).map(({ adminOnly: _, ...page }) => page)
  return [...pages, ...extra].map((link) => ({ ...link, current: link.href === here }))
}
