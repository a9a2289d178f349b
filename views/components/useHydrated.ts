import { useEffect, useState } from 'react'

/**
 * False on the server and during hydration, true afterwards. Island forms work before it (a plain
 * post to their page, contract §8) and say when their own handler has taken over with
 * `data-hydrated` (what the browser tests of the JavaScript path wait for).
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false)
  useEffect(() => setHydrated(true), [])
  return hydrated
}

/** The form's fields as plain strings, for the shared validation module. */
export function formValues(form: HTMLFormElement): Record<string, string> {
  const values: Record<string, string> = {}
  for (const [key, value] of new FormData(form)) if (typeof value === 'string') values[key] = value
  return values
}
