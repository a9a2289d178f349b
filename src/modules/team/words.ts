import { memberWords } from './member-texts.js'
import { assignmentWords, staffWords } from './staff-validation.js'

/**
 * The team module's catalogues (issue 30, 31): the sentences its services refuse with, said at the
 * HTTP edge in the request's language, one catalogue for each of its parts (their keys overlap: each
 * has its `notFound`). They are staff-validation.ts's and member-texts.ts's (shared with the islands).
 */
export { assignmentWords, memberWords, staffWords }
