import { createElement, type ComponentType } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { decodeProps } from '../../src/render/props.js'

// One lazily loaded chunk per island file; the server names the file in data-name.
const loaders = import.meta.glob<{ default: ComponentType<Record<string, unknown>> }>('../islands/*.tsx')

async function hydrate(marker: HTMLElement): Promise<void> {
  const { name = '', prefix = '', props = '{}' } = marker.dataset
  const load = loaders[`../islands/${name}.tsx`]
  if (!load) throw new Error(`Unknown island ${name}`)
  const { default: component } = await load()
  hydrateRoot(marker, createElement(component, decodeProps(props)), { identifierPrefix: prefix })
}

for (const marker of document.querySelectorAll<HTMLElement>('portal-island')) {
  hydrate(marker).catch((error) => console.error(error))
}
