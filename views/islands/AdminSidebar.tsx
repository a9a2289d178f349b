import { useEffect, useId, useState, type FormEvent } from 'react'
import { api } from '../client/api.js'
import { showToast } from '../client/toast.js'
import { useHydrated } from '../components/useHydrated.js'
import type { AdminLink } from '../layout/admin-nav.js'
import { Badge } from './NavBar.js'

/**
 * The admin sidebar: links and logout. Below 768px it folds behind a toggle: without JavaScript a
 * checkbox opens it through CSS (like the navigation bar); hydrated, a real button drives it.
 */
export default function AdminSidebar({ links }: { links: AdminLink[] }) {
  const menuId = useId()
  const hydrated = useHydrated()
  const [open, setOpen] = useState(false)
  useEffect(() => {
    if (!open) return
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setOpen(false)
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [open])

  async function logout(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const result = await api('/api/auth/logout', { method: 'POST' })
    // 401: the session was already gone, which is what the administrator asked for.
    if (!result.ok && result.status !== 401) return showToast('error', result.message)
    window.location.assign('/')
  }

  return (
    <nav className="admin-sidebar" aria-label="Administration">
      {hydrated ? (
        <button type="button" className="admin-sidebar-toggle" aria-expanded={open} aria-controls={menuId} onClick={() => setOpen(!open)}>
          <ToggleIcon /> Menu d’administration
        </button>
      ) : (
        <>
          <input type="checkbox" id={`${menuId}-toggle`} className="admin-sidebar-input" aria-controls={menuId} />
          <label htmlFor={`${menuId}-toggle`} className="admin-sidebar-toggle">
            <ToggleIcon /> Menu d’administration
          </label>
        </>
      )}
      <div id={menuId} className="admin-sidebar-menu" data-open={open ? 'true' : 'false'}>
        <ul className="admin-sidebar-links">
          {links.map((link) => (
            <li key={link.href}>
              <a href={link.href} aria-current={link.current ? 'page' : undefined}>
                {link.label}
                {link.badge && <Badge {...link.badge} />}
              </a>
            </li>
          ))}
        </ul>
        <form className="admin-sidebar-logout" method="post" action="/api/auth/logout" onSubmit={logout}>
          <button type="submit">Déconnexion</button>
        </form>
      </div>
    </nav>
  )
}

function ToggleIcon() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path d="M4 7h16M4 12h16M4 17h16" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  )
}
