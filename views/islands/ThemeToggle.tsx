import { useState } from 'react'
import type { Theme } from '../../src/render/context.js'

/**
 * Fixed bottom-left. Without JavaScript it is a form the server answers by setting the theme
 * cookie; hydrated, it switches at once and keeps the same cookie.
 */
export default function ThemeToggle({ theme: initial, returnTo }: { theme: Theme; returnTo: string }) {
  const [theme, setTheme] = useState(initial)
  const next: Theme = theme === 'dark' ? 'light' : 'dark'
  return (
    <form
      method="post"
      action="/theme"
      className="theme-toggle"
      onSubmit={(event) => {
        event.preventDefault()
        document.documentElement.dataset.theme = next
        document.cookie = `theme=${next}; path=/; max-age=31536000; samesite=lax`
        setTheme(next)
      }}
    >
      <input type="hidden" name="theme" value={next} />
      <input type="hidden" name="returnTo" value={returnTo} />
      {/* The name starts with the visible text, so voice control finds it by what it shows (WCAG 2.5.3). */}
      <button type="submit" aria-label={theme === 'dark' ? 'LTH : passer au thème clair' : 'DRK : passer au thème sombre'}>
        {theme === 'dark' ? 'LTH' : 'DRK'}
      </button>
    </form>
  )
}
