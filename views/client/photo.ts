/** Tells every island on the page that the user's photo changed (the navigation bar swaps its picture). */
export const PHOTO_EVENT = 'portal:photo'

export function announcePhoto(url: string): void {
  window.dispatchEvent(new CustomEvent<{ url: string }>(PHOTO_EVENT, { detail: { url } }))
}

/** Calls `listener` with each new photo URL; answers the function that stops listening. */
export function onPhotoChange(listener: (url: string) => void): () => void {
  const handle = (event: Event) => {
    const url = (event as CustomEvent<{ url?: unknown }>).detail?.url
    if (typeof url === 'string' && url) listener(url)
  }
  window.addEventListener(PHOTO_EVENT, handle)
  return () => window.removeEventListener(PHOTO_EVENT, handle)
}
