import { useEffect, type MouseEvent } from 'react'

/** A link of a menu (the navigation bar, the admin sidebar): the page it goes to, marked when it is this one. */
export interface MenuLink {
  href: string
  label: string
  current: boolean
  /** A count beside the label (unread messages), with what a screen reader says instead of the number. */
  badge?: { count: number; label: string }
}

interface MenuLinksProps<Link extends MenuLink> {
  links: Link[]
  /** Where a link goes when not its `href` (the Contact link on the home page: its section). */
  hrefOf?: (link: Link) => string
  onFollow?: (link: Link) => (event: MouseEvent<HTMLAnchorElement>) => void
}

/** A menu's links as list items, the current page marked (aria-current) and each count told in words. */
export function MenuLinks<Link extends MenuLink>({ links, hrefOf, onFollow }: MenuLinksProps<Link>) {
  return links.map((link) => (
    <li key={`${link.href} ${link.label}`}>
      <a href={hrefOf ? hrefOf(link) : link.href} aria-current={link.current ? 'page' : undefined} onClick={onFollow?.(link)}>
        {link.label}
        {link.badge && <Badge {...link.badge} />}
      </a>
    </li>
  ))
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

/** While a folding menu is open, Escape closes it (`setOpen`: its state's setter). */
export function useEscapeCloses(open: boolean, setOpen: (open: boolean) => void) {
  useEffect(() => {
    if (!open) return
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setOpen(false)
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [open, setOpen])
}

/** The three lines of a folding menu's button. */
export function MenuIcon({ className, size = 24 }: { className?: string; size?: number }) {
  return (
    <svg className={className} viewBox="0 0 24 24" width={size} height={size} aria-hidden="true" focusable="false">
      <path d="M4 7h16M4 12h16M4 17h16" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  )
}
