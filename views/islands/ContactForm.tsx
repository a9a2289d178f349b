import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react'
import { PHONE_HINT, PHONE_HTML_PATTERN } from '../../src/shared/validation.js'
import { checkContact, EMAIL_MAX, MESSAGE_MAX, NAME_MAX } from '../../src/modules/contact/validation.js'
import { api } from '../client/api.js'
import { showToast } from '../client/toast.js'

type Fields = { name: string; email: string; telephone: string; message: string }
const EMPTY: Fields = { name: '', email: '', telephone: '', message: '' }

/** Home page contact form (spec §2, §5): shared checks, then the API; all four fields clear on success. */
// Takes no data; the parameter only gives the island registry a props type of {}.
export default function ContactForm(_props: Record<string, never>) {
  const [fields, setFields] = useState<Fields>(EMPTY)
  const [website, setWebsite] = useState('')
  const [busy, setBusy] = useState(false)
  const [hydrated, setHydrated] = useState(false)
  const form = useRef<HTMLFormElement>(null)
  useEffect(() => {
    // The form hydrates when it comes into view: what was typed before is in the page, not yet in
    // the state, and would be lost (and refused as empty) on the first render.
    const typed = { ...EMPTY }
    for (const key of Object.keys(EMPTY) as (keyof Fields)[]) {
      const field = form.current?.elements.namedItem(key)
      if (field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement) typed[key] = field.value
    }
    setFields(typed)
    setHydrated(true)
  }, [])

  const bind = (key: keyof Fields) => ({
    name: key,
    value: fields[key],
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => setFields((f) => ({ ...f, [key]: event.target.value })),
  })

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (busy) return
    const checked = checkContact(fields)
    if (!checked.ok) return showToast('error', checked.message)
    setBusy(true)
    const result = await api<{ message?: string }>('/api/users/contact', { body: { ...checked.value, website } })
    setBusy(false)
    if (!result.ok) return showToast('error', result.message)
    showToast('success', result.data.message ?? '')
    setFields(EMPTY)
  }

  return (
    // noValidate: the shared checks run first so the §5 toasts show in order.
    <form ref={form} className="contact-form" method="post" noValidate onSubmit={submit} aria-busy={busy}>
      <label className="contact-field">
        <span>Nom</span>
        <input type="text" autoComplete="name" maxLength={NAME_MAX} {...bind('name')} />
      </label>
      <label className="contact-field">
        <span>E-mail</span>
        <input type="email" autoComplete="email" inputMode="email" maxLength={EMAIL_MAX} {...bind('email')} />
      </label>
      <label className="contact-field">
        <span>Téléphone</span>
        <input type="tel" autoComplete="tel" inputMode="tel" pattern={PHONE_HTML_PATTERN} title={PHONE_HINT} maxLength={10} placeholder="0XXXXXXXXX" {...bind('telephone')} />
      </label>
      <label className="contact-field">
        <span>Message</span>
        <textarea rows={6} maxLength={MESSAGE_MAX} {...bind('message')} />
      </label>
      {/* Honeypot: out of sight and out of the tab order; only robots fill it. */}
      <label className="contact-honeypot" aria-hidden="true">
        <span>Site web</span>
        <input type="text" name="website" tabIndex={-1} autoComplete="off" value={website} onChange={(e) => setWebsite(e.target.value)} />
      </label>
      <button type="submit" className="button button-primary contact-submit" disabled={!hydrated || busy}>
        {busy ? 'Envoi…' : 'Envoyer'}
      </button>
    </form>
  )
}
