import type { ReactNode } from 'react'
import { useLanguage } from '../runtime/words.js'

/**
 * A fact kept as the firm writes it (an address, a telephone: contract §10), on an Arabic page set
 * left to right on its own, so that its numbers stay where they are written (« 12 rue… », « +213 21… »).
 * A French page is left as it was.
 */
export function AsWritten({ children }: { children: ReactNode }) {
  return useLanguage() === 'ar' ? <bdi dir="ltr">{children}</bdi> : <>{children}</>
}
