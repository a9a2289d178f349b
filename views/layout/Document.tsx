import type { ReactNode } from 'react'
import { useRenderContext } from '../../src/render/context.js'
import type { PageMeta } from '../../src/render/page.js'
import { site } from '../content/site.js'
import { IslandScripts } from '../runtime/Island.js'
import { Shell } from './Shell.js'

/** The whole HTML document: head from the page's meta, the shell, then the islands runtime. */
export function Document({ meta, children }: { meta: PageMeta; children: ReactNode }) {
  const { assets, theme } = useRenderContext()
  return (
    <html lang="fr" data-theme={theme}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{`${meta.title} | ${site.shortName}`}</title>
        <meta name="description" content={meta.description} />
        <meta name="color-scheme" content="light dark" />
        <link rel="icon" href="/static/favicon.svg" type="image/svg+xml" />
        {assets.stylesheets.map((href) => (
          <link key={href} rel="stylesheet" href={href} />
        ))}
      </head>
      <body>
        <Shell>{children}</Shell>
        <IslandScripts />
      </body>
    </html>
  )
}
