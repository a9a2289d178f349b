/**
 * Which constraint a write broke, by the driver's code, on both dialects: the one place a repository
 * or a service learns that a unique key (a name taken, a row made meanwhile by another instance) or a
 * foreign key (a row gone meanwhile, a row still referenced) refused it.
 */
const codeOf = (error: unknown): string => String((error as { code?: unknown } | null)?.code ?? '')

/** A unique key or a primary key already held. */
export function isUniqueViolation(error: unknown): boolean {
  const code = codeOf(error)
  return code === 'ER_DUP_ENTRY' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY'
}

/** A foreign key: a row referring to one that is not there, or a row deleted while another refers to it. */
export function isForeignKeyViolation(error: unknown): boolean {
  const code = codeOf(error)
  return code === 'SQLITE_CONSTRAINT_FOREIGNKEY' || code === 'ER_NO_REFERENCED_ROW_2' || code === 'ER_NO_REFERENCED_ROW' || code === 'ER_ROW_IS_REFERENCED_2' || code === 'ER_ROW_IS_REFERENCED'
}
