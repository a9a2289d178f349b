import type { ReactNode } from 'react'

/** The end state of a link page: an icon, a heading, a text and one link onward. */
export function AuthNotice({ tone, title, children, href, action }: { tone: 'success' | 'error'; title: string; children: ReactNode; href: string; action: string }) {
  return (
    <div className={`auth-notice auth-notice-${tone}`}>
      <span className="auth-notice-icon" aria-hidden="true">
        {tone === 'success' ? '✓' : '!'}
      </span>
      <h2 className="auth-notice-title">{title}</h2>
      <p>{children}</p>
      <a className="button button-primary" href={href}>
        {action}
      </a>
    </div>
  )
}
