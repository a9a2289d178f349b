import { catalogue } from '../../shared/words.js'
import { memberTexts } from './member-texts.js'
import { assignmentTexts, staffTexts } from './staff-validation.js'

/**
 * The team module's catalogues (issue 30): the sentences its services refuse with, said at the HTTP
 * edge in the request's language, one catalogue for each of its parts (their keys overlap: each has
 * its `notFound`). Their French is staff-validation.ts's and member-texts.ts's (shared with the
 * islands); another language is typed after it.
 */
export const staffWords = /* @__PURE__ */ catalogue({ fr: staffTexts })
export const assignmentWords = /* @__PURE__ */ catalogue({ fr: assignmentTexts })
export const memberWords = /* @__PURE__ */ catalogue({ fr: memberTexts })
