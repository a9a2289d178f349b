import type { ReactNode } from 'react'
import { useRenderContext } from '../../src/render/context.js'
import type { PageArea } from '../../src/render/page.js'
import type { NavTheme } from '../islands/NavBar.js'
import { site } from '../../src/modules/catalog/content.js'
import { DEFAULT_AVATAR } from '../../src/shared/avatar.js'
import { Island } from '../runtime/Island.js'
import { RenderedOnce } from '../runtime/RenderedOnce.js'
import { Footer, FOOTER, WhatsAppButton } from './Footer.js'
import { languageSwitchFor, navLinksFor, photoUrlOf } from './nav.js'
import { shellWords } from '../words.js'
import { useWords } from '../runtime/words.js'
import { publicPath } from '../../src/http/language.js'

const MAIN = { id: 'main', tabIndex: -1 }

/** Where the navigation bar holds the theme switch, by the page's part of the site. */
const NAV_THEME: Record<PageArea, NavTheme> = { public: 'phones', guest: 'phones', portal: 'always', 'back-office': 'none' }

/**
 * Navigation, footer and, on the public pages, the floating controls around every page (spec §2,
 * Shell; issue 34: in the portal and the back-office they covered the page's own controls). The
 * parts that depend on the theme, page, path and user alone are rendered once for each of those and
 * reused (views/runtime/RenderedOnce.tsx); what depends on the request (toasts) is rendered every time.
 */
export function Shell({ children }: { children: ReactNode }) {
  const { user, toasts, shared, area = 'portal', language } = useRenderContext()
  const words = useWords(shellWords)
  return (
    <>
      <a className="skip-link" href="#main">
        {words.skipLink}
      </a>
      <RenderedOnce as="header" attributes={HEADER} part="header" byPath byUser>
        <Header />
      </RenderedOnce>
      <Island name="Toaster" hydrate={toasts.length > 0 ? 'load' : 'demand'} props={{ initial: toasts }} />
      {user && !user.isAccepted && !user.isAdmin && (
        // Without it a client who logs in before acceptance sees no Documents link and no reason why.
        <p className="pending-notice" role="status">
          {words.pendingNotice}
        </p>
      )}
      {shared ? (
        // The same for every request of this theme: rendered once, a logged-in visitor's page included.
        <RenderedOnce as="main" attributes={MAIN} part="main" byPath>
          {children}
        </RenderedOnce>
      ) : (
        <main {...MAIN}>{children}</main>
      )}
      <RenderedOnce as="footer" attributes={FOOTER} part="footer">
        <Footer />
      </RenderedOnce>
      {(area === 'public' || area === 'guest') && (
        // A landmark, so that every control of the page sits in one (axe: region).
        <RenderedOnce as="aside" attributes={(area === 'guest' ? FLOATING_WIDE : FLOATING)[language]} part="floating" byPath>
          <WhatsAppButton />
          <FloatingThemeToggle />
        </RenderedOnce>
      )}
    </>
  )
}

const HEADER = { className: 'navbar' }
/** One object per language: a kept part's element is reused while its attributes are the same object. */
const FLOATING = { fr: { className: 'floating-controls', 'aria-label': shellWords.fr.shortcuts }, ar: { className: 'floating-controls', 'aria-label': shellWords.ar.shortcuts } }
/** Over a form's fields on phones (the registration's password toggles): shown on wide screens only. */
const FLOATING_WIDE = { fr: { className: 'floating-controls floating-wide', 'aria-label': shellWords.fr.shortcuts }, ar: { className: 'floating-controls floating-wide', 'aria-label': shellWords.ar.shortcuts } }

/** Logo, main links and, for a logged-in user, their menu. */
function Header() {
  const { path, user, links, assets, theme, area = 'portal', language } = useRenderContext()
  return (
    <div className="container navbar-inner">
      <a className="brand" href={publicPath('/', language)}>
        <img src={assets.url(site.logo)} alt="" width={40} height={40} />
        <span className="brand-name">{site.shortName}</span>
      </a>
      <Island name="NavBar" hydrate="intent" props={{ links: navLinksFor(user, path, links.main, language), onHome: path === '/', theme, returnTo: path, themeItem: NAV_THEME[area], languageSwitch: languageSwitchFor(path, language) }} />
      {user && (
        // The outside click that closes its dropdown needs JavaScript.
        <Island
          name="UserMenu"
          hydrate="load"
          props={{ id: user.id, username: user.username, photoUrl: photoUrlOf(user.profilePhoto) ?? DEFAULT_AVATAR, defaultPhotoUrl: DEFAULT_AVATAR }}
        />
      )}
    </div>
  )
}

function FloatingThemeToggle() {
  const { theme, path } = useRenderContext()
  return <Island name="ThemeToggle" hydrate="intent" props={{ theme, returnTo: path }} />
}
