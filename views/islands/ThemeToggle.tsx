import { useEffect, useState } from 'react'
import type { Theme } from '../../src/render/context.js'
import { shellWords } from '../words.js'
import { useWords } from '../runtime/words.js'

export interface ThemeToggleProps {
  theme: Theme
  returnTo: string
  /**
   * `floating`: bottom-left, on the public pages' wide screens (spec §2); `nav`: an item of the
   * navigation bar (its phones' menu on public pages, always in the portal); `sidebar`: the
   * back-office's (issue 34: a floating button there covered the page's own controls).
   */
  place?: 'floating' | 'nav' | 'sidebar'
}

const FORM_CLASS = { floating: 'theme-toggle', nav: 'nav-theme-toggle', sidebar: 'admin-sidebar-theme' } as const

/**
 * Without JavaScript it is a form the server answers by setting the theme cookie; hydrated, it
 * switches at once and keeps the same cookie.
 */
export default function ThemeToggle({ theme: initial, returnTo, place = 'floating' }: ThemeToggleProps) {
  const words = useWords(shellWords).theme
  const inMenu = place !== 'floating'
  const theme = useDocumentTheme(initial)
  const next: Theme = theme === 'dark' ? 'light' : 'dark'
  return (
    <form
      method="post"
      action="/theme"
      className={FORM_CLASS[place]}
      onSubmit={(event) => {
        event.preventDefault()
        document.documentElement.dataset.theme = next
        document.cookie = `theme=${next}; path=/; max-age=31536000; samesite=lax`
      }}
    >
      <input type="hidden" name="theme" value={next} />
      <input type="hidden" name="returnTo" value={returnTo} />
      {inMenu ? (
        <button type="submit">{words.menu[theme]}</button>
      ) : (
        <button type="submit" aria-label={words.floatingName[theme]}>
          {words.floating[theme]}
        </button>
      )}
    </form>
  )
}

/** The page's theme, followed as it changes: the two toggles (menu and floating) stay in step. */
function useDocumentTheme(initial: Theme): Theme {
  const [theme, setTheme] = useState(initial)
  useEffect(() => {
    const root = document.documentElement
    const read = () => setTheme(root.dataset.theme === 'dark' ? 'dark' : 'light')
    read()
    const observer = new MutationObserver(read)
    observer.observe(root, { attributes: true, attributeFilter: ['data-theme'] })
    return () => observer.disconnect()
  }, [])
  return theme
}
