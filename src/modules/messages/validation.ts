import { checkedBy, hasControlCharsInText, multilineText, type Checked } from '../../shared/validation.js'
import { TEXT_MAX, texts } from './texts.js'

export { TEXT_MAX }

/** A message's text as it is stored: every multi-line text's rule (multilineText: line breaks as `\n`, no format character but the joiners, NFC, trimmed). */
export function messageText(value: unknown): string {
  return multilineText(value)
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
