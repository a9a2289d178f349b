import type { Language } from '../shared/words.js'

/** What a mail's layout says, each language (contract §10): the link's joint and the direction. */
const LAYOUT: Record<Language, { dir: 'ltr' | 'rtl'; link: (action: string, url: string) => string }> = {
  fr: { dir: 'ltr', link: (action, url) => `${action} : ${url}` },
  ar: { dir: 'rtl', link: (action, url) => `${action}: ${url}` },
}

/**
 * A mail with one call to action, as HTML and text, in its recipient's language (contract §10: the
 * words are the caller's, from its module's catalogue; `language` sets the document's language and
 * direction). Inputs are escaped here.
 */
export function actionMail(opts: { greeting: string; lines: string[]; action: string; url: string; footer: string }, language: Language = 'fr'): { text: string; html: string; language: Language } {
  const { dir, link } = LAYOUT[language]
  const text = [opts.greeting, '', ...opts.lines, '', link(opts.action, opts.url), '', opts.footer].join('\n')
  const html = `<!DOCTYPE html><html lang="${language}" dir="${dir}"><body style="font-family:Arial,sans-serif;color:#1f2937">
<p>${escapeHtml(opts.greeting)}</p>
${opts.lines.map((line) => `<p>${escapeHtml(line).replace(/\n/g, '<br>')}</p>`).join('\n')}
<p><a href="${escapeHtml(opts.url)}" dir="ltr" style="display:inline-block;padding:10px 18px;background:#0f4c81;color:#fff;text-decoration:none;border-radius:4px"><span dir="${dir}">${escapeHtml(opts.action)}</span></a></p>
<p style="font-size:12px;color:#6b7280">${escapeHtml(opts.footer)}</p>
</body></html>`
  return { text, html, language }
}

/** A mail to the firm's own inbox: facts, one per line (blank lines kept), and a link to the back-office. Always French (contract §10). */
export function firmMail(opts: { lines: string[]; action: string; url: string }): { text: string; html: string; language: 'fr' } {
  return { ...actionMail({ greeting: 'Bonjour,', lines: opts.lines, action: opts.action, url: opts.url, footer: 'Message automatique du portail client.' }, 'fr'), language: 'fr' }
}

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)
}
