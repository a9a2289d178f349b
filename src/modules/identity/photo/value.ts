import type { ProfilePhoto } from '../../../shared/session-user.js'

export type { ProfilePhoto }

/**
 * The one reader of a profile photo, wherever it comes from: the stored JSON text, an older
 * plain URL, or an API answer that may carry the object or its JSON text (spec §3). Null when none.
 */
export function parsePhoto(value: unknown): ProfilePhoto | null {
  let parsed = value
  if (typeof value === 'string') {
    if (!value) return null
    try {
      parsed = JSON.parse(value)
    } catch {
      return value.startsWith('/') || /^https?:\/\//.test(value) ? { url: value } : null
    }
    if (typeof parsed === 'string') return parsed ? { url: parsed } : null
  }
  if (parsed && typeof parsed === 'object' && typeof (parsed as { url?: unknown }).url === 'string' && (parsed as { url: string }).url) {
    return { url: (parsed as { url: string }).url }
  }
  return null
}

/** The stored form of a photo: JSON text, or null. */
export function storedPhoto(photo: ProfilePhoto | null): string | null {
  return photo ? JSON.stringify({ url: photo.url }) : null
}

/** Where a stored photo is served (public, contract §3): `/uploads/photos/<name>` for key `photos/<name>`. */
export const PHOTO_URL_PREFIX = '/uploads/photos/'

export function photoUrlFor(storageKey: string): string {
  return `${PHOTO_URL_PREFIX}${storageKey.slice('photos/'.length)}`
}

/** The storage key of a photo this portal stored, or null (none, or a URL from elsewhere). */
export function photoKeyOf(photo: ProfilePhoto | null): string | null {
  return photo?.url.startsWith(PHOTO_URL_PREFIX) ? `photos/${photo.url.slice(PHOTO_URL_PREFIX.length)}` : null
}
