import { catalogue, type WordsLike } from '../../../shared/words.js'
import { photoMessages, photoMessagesAr } from './validation.js'

/** The server's alone (no island shows them): a body that is no form, a photo file that is not there. */
const serverWords = {
  multipartBroken: 'Requête invalide : formulaire multipart mal formé.',
  photoNotFound: 'Photo introuvable.',
} as const

const serverWordsAr: WordsLike<typeof serverWords> = {
  multipartBroken: 'طلب غير صالح: استمارة multipart غير سليمة.',
  photoNotFound: 'الصورة غير موجودة.',
}

/**
 * The profile photo's catalogue (issue 30): the sentences its service and its upload refuse with,
 * said at the HTTP edge in the request's language. Their French is ./validation.ts's (spec §5,
 * contract §2, shared with the island) and the server's own above; another language is typed after it.
 */
export const words = /* @__PURE__ */ catalogue({ fr: { ...photoMessages, ...serverWords }, ar: { ...photoMessagesAr, ...serverWordsAr } })
