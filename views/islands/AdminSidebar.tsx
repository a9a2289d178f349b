import { useId, useState, type FormEvent } from 'react'
import type { Theme } from '../../src/render/context.js'
import { api } from '../client/api.js'
import { showToast } from '../client/toast.js'
import { MenuIcon, MenuLinks, useEscapeCloses, type MenuLink } from '../components/MenuLinks.js'
import { useHydrated } from '../components/useHydrated.js'
import ThemeToggle from './ThemeToggle.js'
import { shellWords } from '../words.js'
import { useWords } from '../runtime/words.js'
import { LanguageLink, type LanguageSwitch } from '../components/LanguageLink.js'

/**
 * The admin sidebar: links, the theme switch (the back-office has no floating button: issue 34) and
 * logout. Below 768px it folds behind a toggle: without JavaScript a checkbox opens it through CSS
 * (like the navigation bar); hydrated, a real button drives it.
 */
export default function AdminSidebar({ links, theme, returnTo, languageSwitch }: { links: MenuLink[]; theme: Theme; returnTo: string; languageSwitch?: LanguageSwitch }) {
  const words = useWords(shellWords)
  const menuId = useId()
  const hydrated = useHydrated()
  const [open, setOpen] = useState(false)
  useEscapeCloses(open, setOpen)

  async function logout(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const result = await api('/api/auth/logout', { method: 'POST' })
    // 401: the session was already gone, which is what the administrator asked for.
    if (!result.ok && result.status !== 401) return showToast('error', result.message)
    window.location.assign('/')
  }

  return (
    <nav className="admin-sidebar" aria-label={words.administration}>
      {hydrated ? (
        <button type="button" className="admin-sidebar-toggle" aria-expanded={open} aria-controls={menuId} onClick={() => setOpen(!open)}>
          <MenuIcon size={20} />{` ${words.adminMenu}`}
        </button>
      ) : (
        <>
          <input type="checkbox" id={`${menuId}-toggle`} className="admin-sidebar-input" aria-controls={menuId} />
          <label htmlFor={`${menuId}-toggle`} className="admin-sidebar-toggle">
            <MenuIcon size={20} />{` ${words.adminMenu}`}
          </label>
        </>
      )}
      <div id={menuId} className="admin-sidebar-menu" data-open={open ? 'true' : 'false'}>
        <ul className="admin-sidebar-links">
          <MenuLinks links={links} />
        </ul>
        <ThemeToggle theme={theme} returnTo={returnTo} place="sidebar" />
        {languageSwitch && (
          <p className="admin-sidebar-language">
            <LanguageLink {...languageSwitch} />
          </p>
        )}
        <form className="admin-sidebar-logout" method="post" action="/api/auth/logout" onSubmit={logout}>
          <button type="submit">{words.adminLogout}</button>
        </form>
      </div>
    </nav>
  )
}
