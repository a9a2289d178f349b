import type { ReactNode } from 'react'
import { useRenderContext } from '../../src/render/context.js'
import type { PageMeta } from '../../src/render/page.js'
import { site } from '../content/site.js'
import { jsonForScript } from '../content/structured-data.js'
import { IslandScripts } from '../runtime/Island.js'
import { Shell } from './Shell.js'

/** The whole HTML document: head from the page's meta, the shell, then the islands runtime. */
export function Document({ meta, children }: { meta: PageMeta; children: ReactNode }) {
  const { assets, theme, nonce, path, publicUrl } = useRenderContext()
  const title = `${meta.title} | ${site.shortName}`
  const url = `${publicUrl}${path}`
  return (
    <html lang="fr" data-theme={theme}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {assets.stylesheets.map((href) => (
          // A precedence makes React emit the stylesheet before the scripts' modulepreload links it hoists.
          <link key={href} rel="stylesheet" href={href} precedence="default" />
        ))}
        <title>{title}</title>
        <meta name="description" content={meta.description} />
        <link rel="canonical" href={url} />
        <meta property="og:type" content="website" />
        <meta property="og:site_name" content={site.shortName} />
        <meta property="og:locale" content="fr_FR" />
        <meta property="og:title" content={title} />
        <meta property="og:description" content={meta.description} />
        <meta property="og:url" content={url} />
        <meta name="color-scheme" content="light dark" />
        <link rel="icon" href={assets.url('/static/favicon.svg')} type="image/svg+xml" />
        {meta.jsonLd && <script type="application/ld+json" nonce={nonce || undefined} dangerouslySetInnerHTML={{ __html: jsonForScript(meta.jsonLd(publicUrl)) }} />}
      </head>
      <body>
        <Shell>{children}</Shell>
        <IslandScripts />
      </body>
    </html>
  )
}
