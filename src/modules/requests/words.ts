import { catalogue } from '../../shared/words.js'
import { messages } from './texts.js'

/**
 * The requests module's catalogue (issue 30): the sentences its service refuses with, said at the
 * HTTP edge in the request's language. Their French is ./texts.ts's `messages` (the pages', mails' and
 * islands' words are there too); another language is typed after it.
 */
export const words = /* @__PURE__ */ catalogue({ fr: messages })
