/** A failed rule: its French message and the form field it is shown under (contract §8, forms without JavaScript). */
export interface FieldError {
  field: string
  message: string
}

/**
 * Result of a form check: the normalised values, or the first French message in spec order (what
 * the API answers) and, for the forms that show them in place, each field's first failure.
 */
export type Checked<T> = { ok: true; value: T } | { ok: false; message: string; errors?: FieldError[] }

/** A rule of a form: failed or not, its message, and the field it belongs to. */
export type Rule = [failed: boolean, message: string, field: string]

/**
 * Runs every rule: each field's first failing message, in rule order. The first of them is the
 * message `firstFailure` would answer, so the API's message and its order stay those of spec §5.
 */
export function checkedBy<T>(rules: Rule[], value: () => T): Checked<T> {
  const errors: FieldError[] = []
  for (const [failed, message, field] of rules) if (failed && !errors.some((error) => error.field === field)) errors.push({ field, message })
  return errors.length > 0 ? { ok: false, message: errors[0]!.message, errors } : { ok: true, value: value() }
}

/**
 * Every text a person types (contract §2: a missing field counts as an empty one), one rule for all
 * (issue 34): Unicode format characters removed (category Cf: U+061C, U+200B–U+200F, U+202A–U+202E,
 * U+2060–U+206F, U+FEFF…), which show nothing themselves but can reverse, hide or join what follows, so
 * that no name, title, description or note poses as another in a list, a page or a mail (issue 15);
 * then in Unicode NFC, so the same visible text is stored and compared the same way on every database;
 * then trimmed (what they hid at either end goes too). Passwords are `secret`'s, as typed.
 */
export function text(value: unknown): string {
  return typeof value === 'string' ? withoutFormatChars(value).normalize('NFC').trim() : ''
}

/** A name people read in lists and mails (username, company, a contact's name): `text`, whose rule is every typed text's. */
export function nameText(value: unknown): string {
  return text(value)
}

/** The string without Unicode format characters (category Cf). */
export function withoutFormatChars(value: string): string {
  return value.replace(/\p{Cf}/gu, '')
}

/** Control characters (line breaks included) in a one-line field, e.g. text slipped into mails. */
export function hasControlChars(value: string): boolean {
  return /[\u0000-\u001F\u007F-\u009F\u2028\u2029]/.test(value)
}

/**
 * A multi-line free text that is mailed (a message, a note, a description): every line break becomes
 * `\n` (a bare CR never reaches the SMTP data, issue 9 finding 7), then `text`'s rule, except that the
 * zero-width joiners (U+200C, U+200D) stay: in a sentence they join emoji (👨‍👩‍👧) and letters of some
 * scripts, and hide nothing (issue 34: one rule for every text typed, one-line or not).
 */
export function multilineText(value: unknown): string {
  if (typeof value !== 'string') return ''
  return value
    .replace(/\r\n?|[\u2028\u2029\u0085]/g, '\n')
    .replace(/(?![\u200C\u200D])\p{Cf}/gu, '')
    .normalize('NFC')
    .trim()
}

/** Control characters other than line feeds and tabs, in a multi-line text. */
export function hasControlCharsInText(value: string): boolean {
  return /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/.test(value)
}

/** Passwords are kept as typed (no trimming). */
export function secret(value: unknown): string {
  return typeof value === 'string' ? value : ''
}

/** Spec §5: 0, then 5, 6 or 7, then 8 digits. */
export const PHONE_PATTERN = /^0[567][0-9]{8}$/
export const PHONE_HTML_PATTERN = '0[567][0-9]{8}'
export const PHONE_HINT = 'Veuillez entrer un numéro de téléphone valide commençant par 0 (5/6/7) suivi de 8 chiffres.'
export const PHONE_HINT_AR = 'يرجى إدخال رقم هاتف صالح يبدأ بـ 0 (5/6/7) متبوعًا بـ 8 أرقام.'

/**
 * One plain address, nothing a mailer could read as a list, a display name or a comment: no
 * spaces, controls or `<>()[],;:"\`, one @, and a domain of dot-separated labels (issue 9,
 * finding 6). Letters of any script stay allowed (ätlas@…).
 */
const FORBIDDEN = String.raw`\s<>()[\],;:"\\@\p{Cc}\p{Cf}`
const EMAIL_PATTERN = new RegExp(String.raw`^[^${FORBIDDEN}]+@(?:[^.${FORBIDDEN}]+\.)+[^.${FORBIDDEN}]+$`, 'u')
export const EMAIL_INVALID = 'Adresse e-mail invalide.'
export const EMAIL_INVALID_AR = 'عنوان البريد الإلكتروني غير صالح.'

export function isEmail(value: string): boolean {
  return value.length <= 254 && EMAIL_PATTERN.test(value) && !/^\.|\.\.|\.@/.test(value)
}

/** Runs checks in order and answers the first failing message. */
export function firstFailure(checks: Array<[failed: boolean, message: string]>): string | null {
  for (const [failed, message] of checks) if (failed) return message
  return null
}

/** A check's single failure, under its field. */
export function failedAt(field: string, message: string): { ok: false; message: string; errors: FieldError[] } {
  return { ok: false, message, errors: [{ field, message }] }
}
