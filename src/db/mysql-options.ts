/** The mysql2 options of every connection to a DATABASE_URL (the pools of db/database.ts and the read workers'). */
export function mysqlOptions(url: string) {
  return {
    uri: url,
    connectTimeout: 10_000,
    // Times travel as the same UTC strings SQLite stores; no driver-side Date conversion.
    dateStrings: true,
    timezone: 'Z',
    charset: 'utf8mb4',
    supportBigNumbers: true,
  } as const
}
