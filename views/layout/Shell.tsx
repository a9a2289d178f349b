import type { ReactNode } from 'react'
import { useRenderContext } from '../../src/render/context.js'
import { Island } from '../runtime/Island.js'

/** Navigation, footer and floating controls around every page (spec §2, Shell). */
export function Shell({ children }: { children: ReactNode }) {
  const { theme, path } = useRenderContext()
  return (
    <>
      <header className="navbar">
        <a href="/">Accueil</a>
      </header>
      <main id="main">{children}</main>
      <footer className="footer" />
      <Island name="ThemeToggle" hydrate="with-page" props={{ theme, returnTo: path }} />
    </>
  )
}
