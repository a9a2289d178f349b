import { linkPieces } from '../../src/shared/linkify.js'

/**
 * A message as text, never HTML: React escapes every piece, line breaks are kept by the CSS
 * (white-space: pre-wrap), and only http(s) addresses become links, opened apart from the portal
 * (`noopener noreferrer`) and vouched for by nobody (`nofollow`).
 */
export function LinkedText({ text }: { text: string }) {
  return (
    <>
      {linkPieces(text).map((piece, index) =>
        piece.href ? (
          <a key={index} href={piece.href} target="_blank" rel="noopener noreferrer nofollow">
            {piece.text}
          </a>
        ) : (
          piece.text
        ),
      )}
    </>
  )
}
