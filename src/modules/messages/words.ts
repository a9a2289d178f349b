import { catalogue } from '../../shared/words.js'
import { texts } from './texts.js'

/**
 * The messages module's catalogue (issue 30): the sentences it refuses with, said at the HTTP edge
 * in the request's language. Their French is ./texts.ts's (with the pages', mails' and island's
 * words); another language is typed after it.
 */
export const words = /* @__PURE__ */ catalogue({ fr: texts })
