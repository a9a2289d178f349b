import { useEffect, useId, useRef, useState, type MouseEvent } from 'react'
import type { Theme } from '../../src/render/context.js'
import { CONTACT_SCROLL_DELAY_MS, scrollToContact } from '../client/contact-scroll.js'
import { MenuIcon, MenuLinks, useEscapeCloses, type MenuLink } from '../components/MenuLinks.js'
import ThemeToggle from './ThemeToggle.js'
import { shellWords } from '../words.js'
import { useWords } from '../runtime/words.js'
import { LanguageLink, type LanguageSwitch } from '../components/LanguageLink.js'

export interface NavLink extends MenuLink {
  /** The Contact link: scrolls to the home page's #contact section. */
  contact?: boolean
}

/**
 * Where the bar holds the theme switch: `phones`, in the phones' menu (public pages, where it floats
 * on wider screens); `always`, at every width (the portal, which has no floating button: issue 34);
 * `none`, not at all (the back-office, whose sidebar holds it).
 */
export type NavTheme = 'phones' | 'always' | 'none'

/**
 * The main links and, below ~768px, their collapsible menu, opened by a visually hidden checkbox
 * (the burger is its label) through CSS, with or without JavaScript. The island hydrates on the
 * visitor's first intent (Shell), possibly during the very press that ticks the checkbox: the same
 * checkbox and label stay in place once hydrated (an element replaced under the pointer would
 * swallow the click) and the island takes over their state, adding Escape and closing after a link.
 */
export default function NavBar({ links, onHome, theme, returnTo, themeItem = 'phones', languageSwitch }: { links: NavLink[]; onHome: boolean; theme: Theme; returnTo: string; themeItem?: NavTheme; languageSwitch?: LanguageSwitch }) {
  const words = useWords(shellWords)
  const menuId = useId()
  const checkbox = useRef<HTMLInputElement>(null)
  const [open, setOpen] = useState(false)
  // Ticked before the island hydrated: it stays open.
  useEffect(() => setOpen(checkbox.current!.checked), [])
  useEscapeCloses(open, setOpen)

  const follow = (link: NavLink) => (event: MouseEvent<HTMLAnchorElement>) => {
    setOpen(false)
    if (link.contact && onHome) {
      event.preventDefault()
      window.setTimeout(scrollToContact, CONTACT_SCROLL_DELAY_MS)
    }
  }

  return (
    <nav className="nav" aria-label={words.mainNavigation}>
      <input ref={checkbox} type="checkbox" id={`${menuId}-toggle`} className="nav-toggle-input" aria-label={words.menu} aria-controls={menuId} checked={open} onChange={(event) => setOpen(event.target.checked)} />
      <label htmlFor={`${menuId}-toggle`} className="nav-toggle" data-testid="nav-toggle" aria-hidden="true">
        <MenuIcon className="nav-toggle-icon" />
      </label>
      <ul id={menuId} className="nav-menu" data-testid="nav-menu" data-open={open ? 'true' : 'false'}>
        <MenuLinks links={links} hrefOf={(link) => (link.contact && onHome ? '#contact' : link.href)} onFollow={follow} />
        {languageSwitch && (
          <li className="nav-language">
            <LanguageLink {...languageSwitch} />
          </li>
        )}
        {themeItem !== 'none' && (
          <li className={themeItem === 'always' ? 'nav-theme nav-theme-always' : 'nav-theme'}>
            <ThemeToggle theme={theme} returnTo={returnTo} place="nav" />
          </li>
        )}
      </ul>
    </nav>
  )
}

