import { formatsFor } from './formats.js'

/** A size in megabytes as the French read it: "2,5 Mo", "2 048 Mo", "0 Mo" (never negative); formatsFor(language).megabytes in another. */
export function formatMegabytes(bytes: number): string {
  return formatsFor('fr').megabytes(bytes)
}

/** A file's size: "820 octets", "512 Ko", then megabytes as above. */
export function formatFileSize(bytes: number): string {
  return formatsFor('fr').fileSize(bytes)
}

/** Room for the text fields and multipart boundaries around a file of the largest accepted size (an upload's body holds its file and this). */
export const MULTIPART_ALLOWANCE = 64 * 1024
