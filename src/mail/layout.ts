/** A French mail with one call to action, as HTML and text. Inputs are escaped here. */
export function actionMail(opts: { greeting: string; lines: string[]; action: string; url: string; footer: string }): { text: string; html: string } {
  const text = [opts.greeting, '', ...opts.lines, '', `${opts.action} : ${opts.url}`, '', opts.footer].join('\n')
  const html = `<!DOCTYPE html><html lang="fr"><body style="font-family:Arial,sans-serif;color:#1f2937">
<p>${escapeHtml(opts.greeting)}</p>
${opts.lines.map((line) => `<p>${escapeHtml(line).replace(/\n/g, '<br>')}</p>`).join('\n')}
<p><a href="${escapeHtml(opts.url)}" style="display:inline-block;padding:10px 18px;background:#0f4c81;color:#fff;text-decoration:none;border-radius:4px">${escapeHtml(opts.action)}</a></p>
<p style="font-size:12px;color:#6b7280">${escapeHtml(opts.footer)}</p>
</body></html>`
  return { text, html }
}

/** A mail to the firm's own inbox: facts, one per line (blank lines kept), and a link to the back-office. */
export function firmMail(opts: { lines: string[]; action: string; url: string }): { text: string; html: string } {
  return actionMail({ greeting: 'Bonjour,', lines: opts.lines, action: opts.action, url: opts.url, footer: 'Message automatique du portail client.' })
}

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)
}
