/** A size in megabytes as the French read it: "12,5 Mo", "2 048 Mo", "0 Mo" (never negative). */
export function formatMegabytes(bytes: number): string {
  const mb = Math.max(0, bytes) / (1024 * 1024)
  return `${new Intl.NumberFormat('fr-FR', { maximumFractionDigits: mb < 10 ? 1 : 0 }).format(mb)} Mo`
}

/** A file's size: "820 octets", "512 Ko", then megabytes as above. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${Math.max(0, bytes)} octets`
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} Ko`
  return formatMegabytes(bytes)
}

/** Room for the text fields and multipart boundaries around a file of the largest accepted size (an upload's body holds its file and this). */
export const MULTIPART_ALLOWANCE = 64 * 1024
