import type { ReactNode } from 'react'
import { renderToString } from 'react-dom/server'
import { useRenderContext, type RenderContextValue } from '../../src/render/context.js'
import type { PageMeta } from '../../src/render/page.js'
import { site } from '../../src/modules/catalog/content.js'
import { jsonLdScript } from '../content/structured-data.js'
import { IslandScripts } from '../runtime/Island.js'
import { Shell } from './Shell.js'
import { twinsOf } from '../../src/http/language.js'

/** The whole HTML document: head from the page's meta, the shell, then the islands runtime. */
export function Document({ meta, children }: { meta: PageMeta; children: ReactNode }) {
  const context = useRenderContext()
  return (
    <html lang={context.language} dir={context.language === 'ar' ? 'rtl' : undefined} data-theme={context.theme}>
      {/* React adds what it hoists (preloads of the islands' chunks and of the first image) after it. */}
      <head dangerouslySetInnerHTML={{ __html: headOf(meta, context) }} />
      <body>
        <Shell>{children}</Shell>
        <IslandScripts />
      </body>
    </html>
  )
}

/**
 * The head depends on the page, its meta and path alone (not on the visitor, the theme or the nonce:
 * its structured data is not a script that runs), so it is rendered once per page and path and kept
 * in the app's bounded `kept` (a request's own spelling of a path, a 404 say, is rendered each time):
 * React spends more on the tags it hoists into a head than on the rest of a logged-in page's shell
 * (issue 8).
 */
function headOf(meta: PageMeta, context: RenderContextValue): string {
  const heads = context.routed ? context.kept?.heads : undefined
  const key = `${context.page}\n${context.language}\n${context.path}\n${meta.title}\n${meta.description}`
  let head = heads?.get(key)
  if (head === undefined) {
    const jsonLd = meta.jsonLd ? jsonLdScript(meta.jsonLd, context.publicUrl) : ''
    const html = renderToString(
      <html>
        <head>
          <HeadContent meta={meta} context={context} jsonLd={jsonLd} />
        </head>
      </html>,
    )
    head = html.slice(html.indexOf('<head>') + '<head>'.length, html.lastIndexOf('</head>'))
    heads?.set(key, head)
  }
  return head
}

function HeadContent({ meta, context, jsonLd }: { meta: PageMeta; context: RenderContextValue; jsonLd: string }) {
  const { assets, path, publicUrl } = context
  const title = `${meta.title} | ${site.shortName}`
  const url = `${publicUrl}${path}`
  const twins = context.routed ? twinsOf(path) : undefined
  return (
    <>
      <meta charSet="utf-8" />
      <meta name="viewport" content="width=device-width, initial-scale=1" />
      {assets.stylesheets.map((href) => (
        <link key={href} rel="stylesheet" href={href} />
      ))}
      {/* The Arabic font, wanted by the first paint of an Arabic page only (docs/decisions/150-the-arabic-font.md). */}
      {context.language === 'ar' && (assets.fonts ?? []).map((href) => <link key={href} rel="preload" href={href} as="font" type="font/woff2" crossOrigin="anonymous" />)}
      <title>{title}</title>
      <meta name="description" content={meta.description} />
      <link rel="canonical" href={url} />
      {twins && (
        // Each public page names its twin in the other language, and the French one as the default (contract §10).
        <>
          <link rel="alternate" hrefLang="fr" href={`${publicUrl}${twins.fr}`} />
          <link rel="alternate" hrefLang="ar" href={`${publicUrl}${twins.ar}`} />
          <link rel="alternate" hrefLang="x-default" href={`${publicUrl}${twins.fr}`} />
        </>
      )}
      <meta property="og:type" content="website" />
      <meta property="og:site_name" content={site.shortName} />
      <meta property="og:locale" content={context.language === 'ar' ? 'ar_DZ' : 'fr_FR'} />
      <meta property="og:title" content={title} />
      <meta property="og:description" content={meta.description} />
      <meta property="og:url" content={url} />
      <meta name="color-scheme" content="light dark" />
      <link rel="icon" href={assets.url('/static/favicon.svg')} type="image/svg+xml" />
      {jsonLd && <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLd }} />}
    </>
  )
}
