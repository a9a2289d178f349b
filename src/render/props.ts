/** Island props travel as JSON; dates survive as {"$date": iso}. Shared by server and browser. */
export function encodeProps(props: unknown): string {
  return JSON.stringify(props, function (this: Record<string, unknown>, key, value) {
    const raw = this[key]
    return raw instanceof Date ? { $date: raw.toISOString() } : value
  })
}

export function decodeProps(text: string): Record<string, unknown> {
  return JSON.parse(text, (_key, value) =>
    value && typeof value === 'object' && typeof value.$date === 'string' && Object.keys(value).length === 1
      ? new Date(value.$date)
      : value,
  )
}
