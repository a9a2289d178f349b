import { catalogue } from '../../shared/words.js'
import { messages } from './validation.js'

/**
 * The contact module's catalogue (issue 30): the sentences it refuses with, said at the HTTP edge in
 * the request's language. Their French is ./validation.ts's `messages` (spec §5, shared with the
 * island); another language is typed after it.
 */
export const words = /* @__PURE__ */ catalogue({ fr: messages })
