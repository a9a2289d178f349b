import { checkedBy, hasControlCharsInText, multilineText, type Checked } from '../../shared/validation.js'
import { TEXT_MAX, texts } from './texts.js'

export { TEXT_MAX }

/**
 * A message's text as it is stored: line breaks as `\n`, trimmed, NFC (multilineText), and without
 * Unicode format characters (nameText's rule, issue 15: they reverse or hide what follows, so a
 * link could pose as another), except the zero-width non-joiner and joiner, which Persian or Urdu
 * words and emoji sequences need and which move nothing.
 */
export function messageText(value: unknown): string {
  return multilineText(typeof value === 'string' ? value.replace(/(?![\u200C\u200D])\p{Cf}/gu, '') : value)
}

/** The rules of a new message (1 to 5,000 characters once cleaned), shared by the API and the island. */
export function checkMessage(input: { text?: unknown }): Checked<{ text: string }> {
  const text = messageText(input.text)
  return checkedBy(
    [
      [!text, texts.textRequired, 'text'],
      // Characters (code points), as contract §7 counts them: an emoji is two UTF-16 units.
      [Array.from(text).length > TEXT_MAX, texts.textTooLong, 'text'],
      [hasControlCharsInText(text), texts.textInvalid, 'text'],
    ],
    () => ({ text }),
  )
}
