import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react'
import { PHONE_HTML_PATTERN } from '../../src/shared/validation.js'
import { checkContact, contactWords, EMAIL_MAX, MESSAGE_MAX, NAME_MAX } from '../../src/modules/contact/validation.js'
import { contactFormWords } from '../../src/modules/contact/form-words.js'
import { privacyLineWords } from '../words.js'
import { useLanguage, useSaid, useWords } from '../runtime/words.js'
import { errorOf, type FormProps } from '../../src/shared/form-state.js'
import { api, formErrorOf } from '../client/api.js'
import { showToast } from '../client/toast.js'
import { describedBy, ErrorSummary, FieldError, refusalOf, useToastedFormErrors } from '../components/FormErrors.js'

type Fields = { name: string; email: string; telephone: string; message: string }
/**
 * The fields' ids: fixed, not useId's, whose prefix depends on the islands rendered before this one.
 * The home page's main is rendered once and shared by visitors and users (catalog page store), so
 * what it holds must not change with the navigation bar; there is one contact form on the page.
 */
const id = 'contact-'
const EMPTY: Fields = { name: '', email: '', telephone: '', message: '' }

/**
 * Home page contact form (spec §2, §5): shared checks, then the API; all four fields clear on success.
 * Before hydration, or without JavaScript, it posts to the home page itself (contract §8), which
 * answers it again with `answered`: the values typed and the errors in place. Once hydrated, a
 * refusal (the check's or the server's) is a toast (§5) and stays under its field and in the
 * summary until the next submit.
 */
export default function ContactForm({ form: answered }: FormProps) {
  const words = useWords(contactFormWords)
  const privacyLine = useWords(privacyLineWords)
  const language = useLanguage()
  // The shared check answers French: said in the page's language, the page answered again included.
  const said = useSaid(contactWords)
  const [fields, setFields] = useState<Fields>({ ...EMPTY, ...answered?.values })
  const { form: shown, attempt, fail, clear } = useToastedFormErrors(answered && { ...answered, errors: answered.errors.map((error) => ({ ...error, message: said(error.message) })) })
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

  const errors = (key: keyof Fields) => describedBy(`${id}${key}`, false, errorOf(shown, key))
  const bind = (key: keyof Fields) => ({
    id: `${id}${key}`,
    name: key,
    value: fields[key],
    'aria-invalid': errorOf(shown, key) ? true : undefined,
    'aria-describedby': errors(key).describedBy,
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => setFields((f) => ({ ...f, [key]: event.target.value })),
  })
  const error = (key: keyof Fields) => <FieldError id={errors(key).errorId} message={errorOf(shown, key)} />

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (busy) return
    const checked = checkContact(fields)
    if (!checked.ok) return fail(refusalOf(checked).map((error) => ({ ...error, message: said(error.message) })))
    clear()
    setBusy(true)
    const result = await api<{ message?: string }>('/api/users/contact', { body: { ...checked.value, website } })
    setBusy(false)
    if (!result.ok) return fail([formErrorOf(result)])
    showToast('success', result.data.message ?? '')
    setFields(EMPTY)
  }

  return (
    // noValidate: the shared checks run first so the §5 toasts show in order.
    <form ref={form} className="contact-form" data-hydrated={hydrated || undefined} method="post" action={language === 'ar' ? '/ar/contact' : '/#contact'} noValidate onSubmit={submit} aria-busy={busy}>
      <ErrorSummary form={shown} attempt={attempt} toasted={attempt > 0} />
      <div className="contact-field">
        <label htmlFor={`${id}name`}>{words.name}</label>
        <input type="text" autoComplete="name" maxLength={NAME_MAX} {...bind('name')} />
        {error('name')}
      </div>
      <div className="contact-field">
        <label htmlFor={`${id}email`}>{words.email}</label>
        <input type="email" autoComplete="email" inputMode="email" maxLength={EMAIL_MAX} {...bind('email')} />
        {error('email')}
      </div>
      <div className="contact-field">
        <label htmlFor={`${id}telephone`}>{words.telephone}</label>
        <input type="tel" autoComplete="tel" inputMode="tel" pattern={PHONE_HTML_PATTERN} title={words.phoneHint} maxLength={10} placeholder="0XXXXXXXXX" {...bind('telephone')} />
        {error('telephone')}
      </div>
      <div className="contact-field">
        <label htmlFor={`${id}message`}>{words.message}</label>
        <textarea rows={6} maxLength={MESSAGE_MAX} {...bind('message')} />
        {error('message')}
      </div>
      {/* Honeypot: out of sight and out of the tab order; only robots fill it. */}
      <label className="contact-honeypot" aria-hidden="true">
        <span>{words.website}</span>
        <input type="text" name="website" tabIndex={-1} autoComplete="off" value={website} onChange={(e) => setWebsite(e.target.value)} />
      </label>
      <button type="submit" className="button button-primary contact-submit" disabled={busy}>
        {busy ? words.sending : words.send}
      </button>
      <p className="form-privacy">
        {privacyLine.line} <a href={language === 'ar' ? '/ar/confidentialite' : '/confidentialite'}>{privacyLine.link}</a>.
      </p>
    </form>
  )
}
