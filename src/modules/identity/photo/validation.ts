import type { Checked } from '../../../shared/validation.js'
import { catalogue, type WordsLike } from '../../../shared/words.js'

/** The profile photo's rules and French messages (spec §5, contract §2), shared by the route and the island. */
export const PHOTO_MAX_BYTES = 5 * 1024 * 1024
/** What the file picker offers; the server decides by content, not by this. */
export const PHOTO_ACCEPT = 'image/jpeg,image/png,image/webp'

export const photoMessages = {
  noFile: 'There is no file!',
  tooLarge: 'La photo ne doit pas dépasser 5 Mo.',
  notImage: 'Le fichier n’est pas une image acceptée : choisissez une photo JPEG, PNG ou WebP.',
  notMultipart: 'La photo doit être envoyée comme formulaire multipart (champ « image »).',
  updated: 'Photo de profil mise à jour avec succès.',
  accountGone: 'Compte introuvable.',
  notOwnPhoto: 'Vous ne pouvez changer que votre propre photo.',
} as const

export const photoMessagesAr: WordsLike<typeof photoMessages> = {
  noFile: 'لم يتم اختيار أي ملف!',
  tooLarge: 'يجب ألا يتجاوز حجم الصورة 5 ميغابايت.',
  notImage: 'الملف ليس صورة مقبولة: اختاروا صورة بصيغة JPEG أو PNG أو WebP.',
  notMultipart: 'يجب إرسال الصورة في شكل استمارة multipart (الحقل « image »).',
  updated: 'تم تحديث صورة الملف الشخصي بنجاح.',
  accountGone: 'الحساب غير موجود.',
  notOwnPhoto: 'لا يمكنكم تغيير صورة غير صورتكم.',
}

/** The photo form's words in each language, the island's and the server's alike. */
export const photoWords = /* @__PURE__ */ catalogue({ fr: photoMessages, ar: photoMessagesAr })

/** The browser's check before sending: a file is chosen and within 5 MB (the server checks again, and the content). */
export function checkPhotoFile(file: { size: number } | null | undefined): Checked<{ size: number }> {
  if (!file || file.size === 0) return { ok: false, message: photoMessages.noFile }
  if (file.size > PHOTO_MAX_BYTES) return { ok: false, message: photoMessages.tooLarge }
  return { ok: true, value: { size: file.size } }
}
