import type { SessionUser } from '../../src/shared/session-user.js'
import { parsePhoto } from '../../src/modules/identity/photo/value.js'
import type { NavLink } from '../islands/NavBar.js'
import type { ExtraLink } from '../../src/render/context.js'
import type { Language } from '../../src/shared/words.js'
import { shellWords } from '../words.js'

/** The photo URL of a user's profilePhoto; null when there is none (the shell then shows the blank avatar). */
export function photoUrlOf(photo: unknown): string | null {
  return parsePhoto(photo)?.url ?? null
}

/** The navigation links this user may follow (spec §2, Shell), with those modules add after Documents. */
export function navLinksFor(user: SessionUser | null, path: string, extra: ExtraLink[] = [], language: Language = 'fr'): NavLink[] {
  const words = shellWords[language].nav
  const links: Omit<NavLink, 'current'>[] = [{ href: '/', label: words.home }]
  if (user?.isAccepted) links.push({ href: '/files', label: words.documents })
  links.push(...extra)
  if (user?.isAdmin) links.push({ href: '/admin-dashboard', label: words.dashboard })
  links.push({ href: '/services', label: words.services }, { href: '/#contact', label: words.contact, contact: true })
  if (!user) links.push({ href: '/login', label: words.login }, { href: '/registration', label: words.register })
  return links.map((link) => ({ ...link, current: !link.contact && (link.href === '/' ? path === '/' : path.startsWith(link.href)) }))
}
