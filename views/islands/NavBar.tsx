import { useEffect, useId, useRef, useState, type MouseEvent } from 'react'
import type { Theme } from '../../src/render/context.js'
import { CONTACT_SCROLL_DELAY_MS, scrollToContact } from '../client/contact-scroll.js'
import ThemeToggle from './ThemeToggle.js'

export interface NavLink {
  href: string
  label: string
  current: boolean
  /** The Contact link: scrolls to the home page's #contact section. */
  contact?: boolean
  /** A count beside the label (unread messages), with what a screen reader says instead of the number. */
  badge?: { count: number; label: string }
}

/**
 * The main links and, below ~768px, their collapsible menu, opened by a visually hidden checkbox
 * (the burger is its label) through CSS, with or without JavaScript. The island hydrates on the
 * visitor's first intent (Shell), possibly during the very press that ticks the checkbox: the same
 * checkbox and label stay in place once hydrated (an element replaced under the pointer would
 * swallow the click) and the island takes over their state, adding Escape and closing after a link.
 * On phones the menu's last item is the theme toggle, which floats on wider screens only: a floating
 * button there would cover the page's own controls (issue 17).
 */
export default function NavBar({ links, onHome, theme, returnTo }: { links: NavLink[]; onHome: boolean; theme: Theme; returnTo: string }) {
  const menuId = useId()
  const checkbox = useRef<HTMLInputElement>(null)
  const [open, setOpen] = useState(false)
  // Ticked before the island hydrated: it stays open.
  useEffect(() => setOpen(checkbox.current!.checked), [])
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
      <input ref={checkbox} type="checkbox" id={`${menuId}-toggle`} className="nav-toggle-input" aria-label="Menu" aria-controls={menuId} checked={open} onChange={(event) => setOpen(event.target.checked)} />
      <label htmlFor={`${menuId}-toggle`} className="nav-toggle" data-testid="nav-toggle" aria-hidden="true">
        <Burger />
      </label>
      <ul id={menuId} className="nav-menu" data-testid="nav-menu" data-open={open ? 'true' : 'false'}>
        {links.map((link) => (
          <li key={link.label}>
            <a href={link.contact && onHome ? '#contact' : link.href} aria-current={link.current ? 'page' : undefined} onClick={follow(link)}>
              {link.label}
              {link.badge && <Badge {...link.badge} />}
            </a>
          </li>
        ))}
        <li className="nav-theme">
          <ThemeToggle theme={theme} returnTo={returnTo} inMenu />
        </li>
      </ul>
    </nav>
  )
}

/** The number, shown; its words, read (a bare "3" after "Messages" says nothing). */
export function Badge({ count, label }: { count: number; label: string }) {
  return (
    <>
      <span className="nav-badge" aria-hidden="true">
        {count > 99 ? '99+' : count}
      </span>
      <span className="sr-only">{` (${label})`}</span>
    </>
  )
}

function Burger() {
  return (
    <svg className="nav-toggle-icon" viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
      <path d="M4 7h16M4 12h16M4 17h16" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  )
}
