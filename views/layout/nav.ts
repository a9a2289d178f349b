import type { SessionUser } from '../../src/shared/session-user.js'
import { parsePhoto } from '../../src/modules/identity/photo/value.js'
import type { NavLink } from '../islands/NavBar.js'
import type { ExtraLink } from '../../src/render/context.js'

/** The photo URL of a user's profilePhoto; null when there is none (the shell then shows the blank avatar). */
export function photoUrlOf(photo: unknown): string | null {
  return parsePhoto(photo)?.url ?? null
}

/** The navigation links this user may follow (spec §2, Shell), with those modules add after Documents. */
export function navLinksFor(user: SessionUser | null, path: string, extra: ExtraLink[] = []): NavLink[] {
  const links: Omit<NavLink, 'current'>[] = [{ href: '/', label: 'Accueil' }]
  if (user?.isAccepted) links.push({ href: '/files', label: 'Documents' })
  links.push(...extra)
  if (user?.isAdmin) links.push({ href: '/admin-dashboard', label: 'Tableau_Bord' })
  links.push({ href: '/services', label: 'Services' }, { href: '/#contact', label: 'Contact', contact: true })
  if (!user) links.push({ href: '/login', label: 'Se connecte' }, { href: '/registration', label: "S'inscrire" })
  return links.map((link) => ({ ...link, current: !link.contact && (link.href === '/' ? path === '/' : path.startsWith(link.href)) }))
}
