/** A due date always ahead of today, and within the 5 years a request may be due in: next year, on `monthDay` (MM-DD). */
export const nextYear = (monthDay: string) => `${new Date().getUTCFullYear() + 1}-${monthDay}`
