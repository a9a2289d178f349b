import type { ComponentProps, ComponentType } from 'react'
import { useRenderContext } from '../../src/render/context.js'
import { renderIsland } from '../../src/render/island-html.js'
import { encodeProps } from '../../src/render/props.js'
import { islands, type IslandName } from '../islands/index.js'

/**
 * When an island hydrates. Its chunk is imported by the URL on its marker (data-src).
 * - 'load': makes the page ship the islands runtime; its chunks are modulepreloaded.
 * - 'with-page': hydrates on load, preloaded, but only when the page ships the runtime anyway.
 * - 'visible' (below the fold): ships the runtime, but loads and hydrates the island only when it
 *   comes within 200px of the viewport; not preloaded.
 * - 'intent' (shell controls that work without JavaScript): hydrates on the first pointerover,
 *   pointerdown, touchstart or focusin inside it, when the page ships the runtime; not preloaded.
 * - 'demand': hydrates only when the page asks for it (hydrateIsland() of views/client/hydrate.ts,
 *   the Toaster on the first showToast()), when the page ships the runtime; not preloaded.
 */
export type Hydrate = 'load' | 'with-page' | 'visible' | 'intent' | 'demand'

/** An island that takes no props is given `{}`. */
type PropsOf<N extends IslandName> = unknown extends ComponentProps<(typeof islands)[N]> ? Record<string, never> : ComponentProps<(typeof islands)[N]>

interface IslandProps<N extends IslandName> {
  name: N
  props: PropsOf<N>
  hydrate?: Hydrate
}

/**
 * Server side of an island: renders the component as its own React root with its own
 * identifierPrefix (so useId matches on hydration) inside a marker carrying name, props and the URL of its chunk.
 */
export function Island<N extends IslandName>({ name, props, hydrate = 'load' }: IslandProps<N>) {
  const ctx = useRenderContext()
  const prefix = `i${ctx.islands.next++}-`
  if (hydrate === 'load' || hydrate === 'visible') ctx.islands.eager++
  if (hydrate === 'load' || hydrate === 'with-page') ctx.islands.names.add(name)
  const component = islands[name] as unknown as ComponentType<object>
  const encodedProps = encodeProps(props)
  const html = renderIsland(ctx.kept?.islands ?? null, name, component, props, encodedProps, prefix, ctx.language)
  return (
    <portal-island
      data-name={name}
      data-prefix={prefix}
      data-props={encodedProps}
      data-hydrate={hydrate === 'load' || hydrate === 'with-page' ? undefined : hydrate}
      data-src={ctx.assets.islandSrc(name)}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  )
}

/** Placed last in <body>: the runtime and island chunks, only when an eager island was rendered. */
export function IslandScripts() {
  const { assets, islands: used, nonce } = useRenderContext()
  const scripts: React.ReactNode[] = []
  if (assets.dev) {
    scripts.push(<script key="vite" type="module" nonce={nonce || undefined} src="/@vite/client" />)
    if (used.eager > 0) scripts.push(<script key="refresh" type="module" nonce={nonce} dangerouslySetInnerHTML={{ __html: REFRESH_PREAMBLE }} />)
  }
  if (used.eager === 0) return scripts
  const preloads = new Set([...used.names].flatMap((name) => assets.islandChunks(name)))
  for (const href of preloads) scripts.push(<link key={href} rel="modulepreload" href={href} />)
  // External, so 'self' allows it: a stored page (empty nonce) needs none.
  scripts.push(<script key="entry" type="module" nonce={nonce || undefined} src={assets.entry} />)
  return scripts
}

// What @vitejs/plugin-react expects before any component module loads, in development only.
const REFRESH_PREAMBLE = `import R from '/@react-refresh';R.injectIntoGlobalHook(window);window.$RefreshReg$=()=>{};window.$RefreshSig$=()=>(t)=>t;window.__vite_plugin_react_preamble_installed__=true;`
