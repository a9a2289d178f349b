import { messageWords } from './texts.js'

/**
 * The messages module's catalogue (issue 30, 31): the sentences it refuses with, said at the HTTP edge
 * in the request's language. It is ./texts.ts's (with the pages', mails' and island's words).
 */
export const words = messageWords

