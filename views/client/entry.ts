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

const start = (marker: HTMLElement) => hydrate(marker).catch((error) => console.error(error))

// Islands marked data-hydrate="visible" load their chunk once they come within 200px of the viewport.
const observer =
  'IntersectionObserver' in window
    ? new IntersectionObserver(
        (entries) => {
          for (const entry of entries) {
            if (!entry.isIntersecting) continue
            observer!.unobserve(entry.target)
            start(entry.target.closest('portal-island') as HTMLElement)
          }
        },
        { rootMargin: '200px' },
      )
    : null

for (const marker of document.querySelectorAll<HTMLElement>('portal-island')) {
  // The marker is display: contents, which has no box to intersect: its first element is watched.
  if (marker.dataset.hydrate === 'visible' && observer && marker.firstElementChild) observer.observe(marker.firstElementChild)
  else start(marker)
}
