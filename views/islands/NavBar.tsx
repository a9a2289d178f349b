import { useEffect, useId, useRef, useState, type MouseEvent } from 'react'
import { CONTACT_SCROLL_DELAY_MS, scrollToContact } from '../client/contact-scroll.js'

export interface NavLink {
  href: string
  label: string
  current: boolean
  /** The Contact link: scrolls to the home page's #contact section. */
  contact?: boolean
}

/**
 * The main links and, below ~768px, their collapsible menu. Without JavaScript a hidden
 * checkbox opens the menu through CSS; hydrated, a real button drives it. It hydrates on the
 * visitor's first intent (Shell), so the checkbox may already be ticked or focused by then: the
 * button takes over both.
 */
export default function NavBar({ links, onHome }: { links: NavLink[]; onHome: boolean }) {
  const menuId = useId()
  const [hydrated, setHydrated] = useState(false)
  const [open, setOpen] = useState(false)
  const button = useRef<HTMLButtonElement>(null)
  const focusButton = useRef(false)
  useEffect(() => {
    const checkbox = document.getElementById(`${menuId}-toggle`) as HTMLInputElement | null
    if (checkbox?.checked) setOpen(true)
    focusButton.current = checkbox !== null && document.activeElement === checkbox
    setHydrated(true)
  }, [menuId])
  useEffect(() => {
    if (hydrated && focusButton.current) button.current?.focus()
  }, [hydrated])
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
        <button ref={button} type="button" className="nav-toggle" data-testid="nav-toggle" aria-expanded={open} aria-controls={menuId} aria-label="Menu" onClick={() => setOpen(!open)}>
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
