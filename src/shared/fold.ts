/** Text as searches compare it: lower case, accents removed (é → e), NFC first. Same on both dialects. */
export function fold(value: string): string {
  return value.normalize('NFD').replace(/\p{M}+/gu, '').toLowerCase()
}
