import { catalogue } from '../src/shared/words.js'

/**
 * The words of views/ that belong to no module (issue 31): the islands runtime's calls, the shell.
 * Plain data: islands and server components import the catalogue they show (`useWords`).
 */

/** What a call that failed without the server's own words says (spec §8). */
export const clientWords = /* @__PURE__ */ catalogue({
  fr: { unexpected: 'An unexpected error occurred' },
  ar: { unexpected: 'حدث خطأ غير متوقع' },
})
