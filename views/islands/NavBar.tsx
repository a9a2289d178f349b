import { useEffect, useId, useState, type MouseEvent } from 'react'

export interface NavLink {
  href: string
  label: string
  current: boolean
  /** The Contact link: scrolls to the home page's #contact section. */
  contact?: boolean
}

/** Delay before scrolling to #contact once the home page is shown (spec §9). */
export const CONTACT_SCROLL_DELAY_MS = 100

export function scrollToContact(): void {
  document.getElementById('contact')?.scrollIntoView({ behavior: 'smooth', block: 'start' })
}

/**
 * The main links and, below ~768px, their collapsible menu. Without JavaScript a hidden
 * checkbox opens the menu through CSS; hydrated, a real button drives it.
 */
export default function NavBar({ links, onHome }: { links: NavLink[]; onHome: boolean }) {
  const menuId = useId()
  const [hydrated, setHydrated] = useState(false)
  const [open, setOpen] = useState(false)
  useEffect(() => setHydrated(true), [])
  useEffect(() => {
    if (!open) return
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setOpen(false)
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [open])

  const follow = (link: NavLink) => (event: MouseEvent<HTMLAnchorElement>) => {
    setOpen(false)
    if (link.contact && onHome) {
      event.preventDefault()
      window.setTimeout(scrollToContact, CONTACT_SCROLL_DELAY_MS)
    }
  }

  return (
    <nav className="nav" aria-label="Navigation principale">
      {hydrated ? (
        <button type="button" className="nav-toggle" data-testid="nav-toggle" aria-expanded={open} aria-controls={menuId} aria-label="Menu" onClick={() => setOpen(!open)}>
          <Burger />
        </button>
      ) : (
        <>
          <input type="checkbox" id={`${menuId}-toggle`} className="nav-toggle-input" aria-label="Menu" aria-controls={menuId} />
          <label htmlFor={`${menuId}-toggle`} className="nav-toggle" data-testid="nav-toggle" aria-expanded="false" aria-hidden="true">
            <Burger />
          </label>
        </>
      )}
      <ul id={menuId} className="nav-menu" data-testid="nav-menu" data-open={open ? 'true' : 'false'}>
        {links.map((link) => (
          <li key={link.label}>
            <a href={link.contact && onHome ? '#contact' : link.href} aria-current={link.current ? 'page' : undefined} onClick={follow(link)}>
              {link.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  )
}

function Burger() {
  return (
    <svg className="nav-toggle-icon" viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
      <path d="M4 7h16M4 12h16M4 17h16" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  )
}
