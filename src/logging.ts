import { stdSerializers } from 'pino'

/** Path segments that look like tokens (verification and reset links) never reach a log line. */
export function maskTokens(url: string): string {
  return url.replace(/[A-Za-z0-9_-]{32,}/g, '[caché]')
}

/** mysql2 puts the statement with its values (password hashes, addresses) on errors: never logged. */
export function serializeError(error: Error): ReturnType<typeof stdSerializers.err> {
  const serialized = { ...stdSerializers.err(error) }
  delete serialized.sql
  delete serialized.sqlMessage
  return serialized
}

/** An error as it may be logged: its type, code and message with anything token-like masked. */
export function loggableError(error: unknown): { type: string; code?: string; message: string } {
  const err = error instanceof Error ? error : new Error(String(error))
  const code = (err as { code?: unknown }).code
  return { type: err.name, ...(typeof code === 'string' ? { code } : {}), message: maskTokens(err.message) }
}

/** The password of any `scheme://user:password@host` (or `?password=`) in a line: start-up errors name URLs. */
export function maskCredentials(text: string): string {
  return text
    .replace(/([a-z][a-z0-9+.-]*:\/\/[^\s:/@]*):[^\s/]*@/gi, '$1:***@')
    .replace(/([?&;](?:password|pass|pwd)=)[^&;\s]*/gi, '$1***')
}
