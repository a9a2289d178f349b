import { createElement, type ComponentType } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { decodeProps } from '../../src/render/props.js'
import { documentLanguage, LanguageContext } from '../../src/render/language.js'
import { HYDRATE_EVENT } from './hydrate.js'

const started = new WeakSet<Element>()
/** The page's language, as the server rendered the islands in it (`<html lang>`). */
const language = documentLanguage()

/** Imports the island's chunk by the URL the server put on its marker (data-src), then hydrates it, once. */
function start(marker: HTMLElement): void {
  if (started.has(marker)) return
  started.add(marker)
  const { src = '', prefix = '', props = '{}' } = marker.dataset
  import(/* @vite-ignore */ src)
    .then(({ default: component }: { default: ComponentType }) => hydrateRoot(marker, createElement(LanguageContext.Provider, { value: language }, createElement(component, decodeProps(props))), { identifierPrefix: prefix }))
    .catch(console.error)
}

// data-hydrate="visible": once its first element comes within 200px of the viewport.
const observer = new IntersectionObserver(
  (entries) => {
    for (const entry of entries) {
      if (!entry.isIntersecting) continue
      observer.unobserve(entry.target)
      start(entry.target.closest('portal-island')!)
    }
  },
  { rootMargin: '200px' },
)

for (const marker of document.querySelectorAll<HTMLElement>('portal-island')) {
  const mode = marker.dataset.hydrate
  const go = () => start(marker)
  if (!mode) go()
  // The marker is display: contents, which has no box to intersect: its first element is watched.
  else if (mode === 'visible') observer.observe(marker.firstElementChild!)
  else {
    // 'demand' waits for hydrateIsland(); 'intent' also for the visitor's first move towards it.
    marker.addEventListener(HYDRATE_EVENT, go)
    if (mode === 'intent') for (const type of ['pointerover', 'pointerdown', 'touchstart', 'focusin']) marker.addEventListener(type, go, { passive: true })
  }
}
