/** Island props travel as JSON; dates survive as {"$date": iso}. Shared by server and browser. */
export function encodeProps(props: unknown): string {
  // A replacer is called for every value: only props that hold a date pay for it.
  return holdsDate(props) ? JSON.stringify(props, datesTagged) : JSON.stringify(props)
}

function datesTagged(this: Record<string, unknown>, key: string, value: unknown): unknown {
  const raw = this[key]
  return raw instanceof Date ? { $date: raw.toISOString() } : value
}

function holdsDate(value: unknown): boolean {
  if (value instanceof Date) return true
  if (value === null || typeof value !== 'object') return false
  if (Array.isArray(value)) return value.some(holdsDate)
  for (const key in value) if (holdsDate((value as Record<string, unknown>)[key])) return true
  return false
}

export function decodeProps(text: string): Record<string, unknown> {
  return JSON.parse(text, (_key, value) =>
    value && typeof value === 'object' && typeof value.$date === 'string' && Object.keys(value).length === 1
      ? new Date(value.$date)
      : value,
  )
}
