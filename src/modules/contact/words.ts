import { contactWords } from './validation.js'

/**
 * The contact module's catalogue (issue 30, 31): the sentences it refuses with, said at the HTTP edge
 * in the request's language. It is ./validation.ts's (spec §5, shared with the island).
 */
export const words = contactWords
