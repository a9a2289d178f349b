import type { ReactNode } from 'react'
import { useRenderContext } from '../../src/render/context.js'
import { Island } from '../runtime/Island.js'
import { adminLinksFor } from './admin-nav.js'
import { languageSwitchFor } from './nav.js'

/**
 * Every admin page: the sidebar beside the page's title and content. Its page says `area:
 * 'back-office'`, which takes the floating buttons away and the navigation bar's theme switch (the
 * sidebar holds it): a page that forgets is an error at its first render, in any test that opens it.
 */
export function AdminLayout({ title, lead, children }: { title: string; lead?: string; children: ReactNode }) {
  const { path, links, user, theme, area, language } = useRenderContext()
  if (area !== 'back-office') throw new Error(`${path}: a page with AdminLayout says area: 'back-office' in its meta`)
  return (
    <div className="admin-layout">
      {/* Works as HTML; hydrated whenever the page ships JavaScript (always, for a logged-in admin). */}
      <Island name="AdminSidebar" hydrate="with-page" props={{ links: adminLinksFor(path, links.admin, user?.role, language), theme, returnTo: path, languageSwitch: languageSwitchFor(path, language) }} />
      <div className="admin-content">
        <h1 className="admin-title">{title}</h1>
        {lead && <p className="admin-lead">{lead}</p>}
        {children}
      </div>
    </div>
  )
}
