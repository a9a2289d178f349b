import { useId, useState } from 'react'
import { describedBy, FieldError } from './FormErrors.js'

interface PasswordFieldProps {
  name: string
  label: string
  autoComplete: 'new-password' | 'current-password'
  /** Shown under the field and tied to it with aria-describedby. */
  hint?: string
  /** The server's error for this field (the form was posted without JavaScript). */
  error?: string
}

/** A password input with a show/hide toggle (aria-pressed tells its state). */
export function PasswordField({ name, label, autoComplete, hint, error }: PasswordFieldProps) {
  const id = useId()
  const [visible, setVisible] = useState(false)
  const described = describedBy(id, Boolean(hint), error)
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <div className="password-field">
        <input id={id} name={name} type={visible ? 'text' : 'password'} autoComplete={autoComplete} aria-required="true" aria-invalid={error ? true : undefined} aria-describedby={described.describedBy} maxLength={128} spellCheck={false} />
        <button
          type="button"
          className="password-toggle"
          aria-pressed={visible}
          aria-label={visible ? `Masquer ${label.toLowerCase()}` : `Afficher ${label.toLowerCase()}`}
          onClick={() => setVisible((shown) => !shown)}
        >
          <EyeIcon crossed={visible} />
        </button>
      </div>
      {hint && (
        <p id={`${id}-hint`} className="field-hint">
          {hint}
        </p>
      )}
      <FieldError id={described.errorId} message={error} />
    </div>
  )
}

function EyeIcon({ crossed }: { crossed: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
      <path d="M1 12s4-8 11-8 11 8 11 8-4 8-11 8S1 12 1 12z" />
      <circle cx="12" cy="12" r="3" />
      {crossed && <line x1="3" y1="3" x2="21" y2="21" />}
    </svg>
  )
}
