import type { SessionUser } from '../../src/shared/session-user.js'
import { parsePhoto } from '../../src/modules/identity/photo/value.js'
import type { NavLink } from '../islands/NavBar.js'
import type { ExtraLink } from '../../src/render/context.js'
import type { Language } from '../../src/shared/words.js'
import { shellWords } from '../words.js'
import { publicPath, twinsOf } from '../../src/http/language.js'
import type { LanguageSwitch } from '../components/LanguageLink.js'

/** Each language by its own name (an autonym, in its own language and direction), as language switches show it. */
const LANGUAGE_NAMES: Record<Language, string> = { fr: 'Français', ar: 'العربية' }

/**
 * The switch to the other language from `path`: `GET /lang/:lang?next=`, back to the public page's
 * twin (/ → /ar, /ar/services → /services), else to the same page, which the cookie then speaks.
 */
export function languageSwitchFor(path: string, language: Language): LanguageSwitch {
  const other: Language = language === 'ar' ? 'fr' : 'ar'
  const next = twinsOf(path)?.[other] ?? path
  return { href: `/lang/${other}?next=${encodeURIComponent(next)}`, label: LANGUAGE_NAMES[other], lang: other }
}

/** The photo URL of a user's profilePhoto; null when there is none (the shell then shows the blank avatar). */
export function photoUrlOf(photo: unknown): string | null {
  return parsePhoto(photo)?.url ?? null
}

/** The navigation links this user may follow (spec §2, Shell), with those modules add after Documents. */
export function navLinksFor(user: SessionUser | null, path: string, extra: ExtraLink[] = [], language: Language = 'fr'): NavLink[] {
  const words = shellWords[language].nav
  // The public pages in the page's language: an Arabic reader's links go to the Arabic site.
  const home = publicPath('/', language)
  const links: Omit<NavLink, 'current'>[] = [{ href: home, label: words.home }]
  if (user?.isAccepted) links.push({ href: '/files', label: words.documents })
  links.push(...extra)
  if (user?.isAdmin) links.push({ href: '/admin-dashboard', label: words.dashboard })
  links.push({ href: publicPath('/services', language), label: words.services }, language === 'ar' ? { href: publicPath('/#contact', language), label: words.contact } : { href: '/#contact', label: words.contact, contact: true })
  if (!user) links.push({ href: '/login', label: words.login }, { href: '/registration', label: words.register })
  return links.map((link) => ({ ...link, current: !link.contact && (link.href === home ? path === home : path.startsWith(link.href)) }))
}
