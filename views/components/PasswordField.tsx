import { useState } from 'react'
import { formWords } from '../../src/modules/identity/validation.js'
import { errorOf, type FormState } from '../../src/shared/form-state.js'
import { FieldFrame } from './Field.js'
import { formPartsWords } from '../words.js'
import { useWords } from '../runtime/words.js'

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
  const words = useWords(formPartsWords)
  const [visible, setVisible] = useState(false)
  return (
    <FieldFrame label={label} hint={hint} error={error}>
      {(control) => (
        <div className="password-field">
          <input {...control} name={name} type={visible ? 'text' : 'password'} autoComplete={autoComplete} maxLength={128} spellCheck={false} />
          <button
            type="button"
            className="password-toggle"
            aria-pressed={visible}
            aria-label={visible ? words.hide(label) : words.show(label)}
            onClick={() => setVisible((shown) => !shown)}
          >
            <EyeIcon crossed={visible} />
          </button>
        </div>
      )}
    </FieldFrame>
  )
}

/** A new password (the policy under it) and its confirmation: registration, an invitation, a reset. */
export function NewPasswordFields({ label, name, form }: { label: string; name: string; form: FormState | undefined }) {
  const words = useWords(formPartsWords)
  const policy = useWords(formWords).passwordPolicy
  return (
    <>
      <PasswordField label={label} name={name} autoComplete="new-password" hint={policy} error={errorOf(form, name)} />
      <PasswordField label={words.confirmPassword} name="confirmPassword" autoComplete="new-password" error={errorOf(form, 'confirmPassword')} />
    </>
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
