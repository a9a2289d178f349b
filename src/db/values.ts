/** The one place that turns JavaScript values into stored ones and back, for both dialects. */

/** A Date as stored: UTC, millisecond precision, lexically ordered. */
export function toDbTime(date: Date): string {
  return date.toISOString().replace('T', ' ').replace('Z', '')
}

export function fromDbTime(value: string | Date): Date {
  if (value instanceof Date) return value
  return new Date(value.replace(' ', 'T') + 'Z')
}

export function nowDb(): string {
  return toDbTime(new Date())
}

export function toDbBool(value: boolean): number {
  return value ? 1 : 0
}

export function fromDbBool(value: number | boolean | bigint | null | undefined): boolean {
  return Boolean(Number(value ?? 0))
}

export function fromDbId(value: number | bigint | string | undefined): number {
  const id = Number(value)
  if (!Number.isSafeInteger(id)) throw new Error(`Invalid database id: ${String(value)}`)
  return id
}
