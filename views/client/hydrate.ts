/** Dispatched on an island's marker, it makes the islands runtime hydrate that island now. */
export const HYDRATE_EVENT = 'portal:hydrate'

/** Hydrates the page's islands named `name` that are still waiting (data-hydrate="demand" ones, say). */
export function hydrateIsland(name: string): void {
  for (const marker of document.querySelectorAll(`portal-island[data-name="${name}"]`)) marker.dispatchEvent(new Event(HYDRATE_EVENT))
}
