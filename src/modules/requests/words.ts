import { formWords } from './texts.js'

/**
 * The requests module's catalogue (issue 30, 31): the sentences its service refuses with, said at the
 * HTTP edge in the request's language. It is ./texts.ts's `formWords` (the form's messages, shared
 * with the islands); the pages' and islands' words are ./texts.ts's `pageWords`.
 */
export const words = formWords
