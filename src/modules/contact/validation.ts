import { checkedBy, EMAIL_INVALID, EMAIL_INVALID_AR, hasControlChars, hasControlCharsInText, isEmail, multilineText, nameText, PHONE_HINT, PHONE_HINT_AR, PHONE_PATTERN, text, type Checked } from '../../shared/validation.js'
import { arabicCharacters, catalogue, type WordsLike } from '../../shared/words.js'

/** The contact form's rules and French messages (spec §5), shared by the API route and the island. */
export const NAME_MAX = 100
export const EMAIL_MAX = 254
export const MESSAGE_MAX = 5000

export const messages = {
  nameRequired: 'Le nom est requis',
  emailRequired: "L' email est requis",
  messageRequired: 'Le message est requis',
  telephoneRequired: 'Le Num de télé requis',
  emailInvalid: EMAIL_INVALID,
  phoneInvalid: PHONE_HINT,
  nameTooLong: `Le nom ne doit pas dépasser ${NAME_MAX} caractères.`,
  nameInvalid: 'Le nom contient des caractères non autorisés.',
  messageTooLong: `Le message ne doit pas dépasser ${MESSAGE_MAX} caractères.`,
  messageInvalid: 'Le message contient des caractères non autorisés.',
  sent: 'Votre message a été envoyé avec succès.',
  deleted: 'Message supprimé avec succès.',
  notFound: 'Message introuvable.',
} as const

export const messagesAr: WordsLike<typeof messages> = {
  nameRequired: 'الاسم مطلوب',
  emailRequired: 'البريد الإلكتروني مطلوب',
  messageRequired: 'الرسالة مطلوبة',
  telephoneRequired: 'رقم الهاتف مطلوب',
  emailInvalid: EMAIL_INVALID_AR,
  phoneInvalid: PHONE_HINT_AR,
  nameTooLong: `يجب ألا يتجاوز الاسم ${arabicCharacters(NAME_MAX)}.`,
  nameInvalid: 'يحتوي الاسم على أحرف غير مسموح بها.',
  messageTooLong: `يجب ألا تتجاوز الرسالة ${arabicCharacters(MESSAGE_MAX)}.`,
  messageInvalid: 'تحتوي الرسالة على أحرف غير مسموح بها.',
  sent: 'تم إرسال رسالتكم بنجاح.',
  deleted: 'تم حذف الرسالة بنجاح.',
  notFound: 'الرسالة غير موجودة.',
}

/** The contact form's catalogue, the island's and the server's alike (./words.ts). */
export const contactWords = /* @__PURE__ */ catalogue({ fr: messages, ar: messagesAr })

export interface ContactMessage {
  name: string
  email: string
  telephone: string
  message: string
}

export function checkContact(input: Record<string, unknown>): Checked<ContactMessage> {
  const name = nameText(input.name)
  const email = text(input.email).toLowerCase()
  const message = multilineText(input.message)
  const telephone = text(input.telephone)
  return checkedBy(
    [
      [!name, messages.nameRequired, 'name'],
      [!email, messages.emailRequired, 'email'],
      [!message, messages.messageRequired, 'message'],
      [!telephone, messages.telephoneRequired, 'telephone'],
      [!isEmail(email), messages.emailInvalid, 'email'],
      [!PHONE_PATTERN.test(telephone), messages.phoneInvalid, 'telephone'],
      [name.length > NAME_MAX, messages.nameTooLong, 'name'],
      [hasControlChars(name), messages.nameInvalid, 'name'],
      [message.length > MESSAGE_MAX, messages.messageTooLong, 'message'],
      [hasControlCharsInText(message), messages.messageInvalid, 'message'],
    ],
    () => ({ name, email, telephone, message }),
  )
}

/** The hidden field only robots fill (the form's honeypot): such a message is answered as any other, never stored. */
export function fromRobot(input: Record<string, unknown>): boolean {
  return text(input.website) !== ''
}
