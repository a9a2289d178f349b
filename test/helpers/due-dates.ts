/** A due date always ahead of today: next year, on `monthDay` (MM-DD). */
export const nextYear = (monthDay: string) => `${new Date().getUTCFullYear() + 1}-${monthDay}`
