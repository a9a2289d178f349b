import { useEffect, useState } from 'react'

/**
 * False on the server and during hydration, true afterwards: island forms keep their submit
 * button disabled until their handler is attached, so a password is never sent by a native submit.
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
