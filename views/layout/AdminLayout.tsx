import type { ReactNode } from 'react'
import { useRenderContext } from '../../src/render/context.js'
import { Island } from '../runtime/Island.js'
import { adminLinksFor } from './admin-nav.js'

/** Every admin page: the sidebar beside the page's title and content. */
export function AdminLayout({ title, lead, children }: { title: string; lead?: string; children: ReactNode }) {
  const { path, links, user } = useRenderContext()
  return (
    <div className="admin-layout">
      {/* Works as HTML; hydrated whenever the page ships JavaScript (always, for a logged-in admin). */}
      <Island name="AdminSidebar" hydrate="with-page" props={{ links: adminLinksFor(path, links.admin, user?.role) }} />
      <div className="admin-content">
        <h1 className="admin-title">{title}</h1>
        {lead && <p className="admin-lead">{lead}</p>}
        {children}
      </div>
    </div>
  )
}
