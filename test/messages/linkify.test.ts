// The thread shows text as text: only http(s) addresses become links (src/shared/linkify.ts, linkify-it).
import t from 'tap'
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { linkPieces } from '../../src/shared/linkify.js'
import { LinkedText } from '../../views/components/LinkedText.js'

const links = (text: string) => linkPieces(text).filter((p) => p.href).map((p) => [p.text, p.href])
const html = (text: string) => renderToStaticMarkup(createElement(LinkedText, { text }))

t.test('http and https addresses only, ending where a reader expects', async (t) => {
  t.same(links('Voir https://impots.gov.dz/g50?annee=2026. Merci'), [['https://impots.gov.dz/g50?annee=2026', 'https://impots.gov.dz/g50?annee=2026']], 'a final period stays text')
  t.same(links('(lien : http://exemple.dz/a)'), [['http://exemple.dz/a', 'http://exemple.dz/a']], 'a closing parenthesis stays text')
  t.same(links('HTTPS://EXEMPLE.DZ'), [['HTTPS://EXEMPLE.DZ', 'https://exemple.dz/']])
  t.same(links('https://a.dz et https://b.dz'), [['https://a.dz', 'https://a.dz/'], ['https://b.dz', 'https://b.dz/']])
  for (const text of ['javascript:alert(1)', 'JaVaScRiPt:alert(1)//https://x.dz', 'data:text/html,<script>alert(1)</script>', 'vbscript:msgbox', 'mailto:a@b.dz', 'ftp://x.dz', '//evil.example', 'bilan.pdf', 'exemple.dz', 'a@b.dz']) {
    t.ok(linkPieces(text).every((p) => !p.href || /^https?:\/\//.test(p.href)), `${text}: nothing but http(s)`)
  }
  t.same(links('javascript:alert(1)'), [])
  t.same(links('bilan.pdf ou exemple.dz'), [], 'no bare names: file names are not links')
  t.equal(linkPieces('a\nb https://x.dz\nc').map((p) => p.text).join(''), 'a\nb https://x.dz\nc', 'the pieces are the whole text')
})

t.test('rendered as escaped text with safe links', async (t) => {
  const out = html('<img src=x onerror=alert(1)> https://x.dz/"onmouseover="alert(1)\nligne 2')
  t.notMatch(out, /<img/, 'HTML is text')
  t.match(out, /&lt;img src=x onerror=alert\(1\)&gt;/)
  t.match(out, /<a href="https:\/\/x\.dz\/%22onmouseover=%22alert\(1\)" target="_blank" rel="noopener noreferrer nofollow">/, 'the address is encoded: its quote never closes the attribute')
  t.notMatch(out, /<a [^>]*\sonmouseover=/, 'no attribute slipped in')
  t.match(out, /\nligne 2/, 'line breaks kept (shown by white-space: pre-wrap)')
  t.notMatch(html('javascript:alert(1)'), /<a/)
})
