import { useId, type InputHTMLAttributes } from 'react'
import { describedBy, FieldError } from './FormErrors.js'

type FieldProps = { label: string; name: string; hint?: string; error?: string } & Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'name'>

/** A labelled text input; the optional hint and error are tied to it with aria-describedby. */
export function Field({ label, name, hint, error, ...input }: FieldProps) {
  const id = useId()
  const described = describedBy(id, Boolean(hint), error)
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input id={id} name={name} aria-required="true" aria-invalid={error ? true : undefined} aria-describedby={described.describedBy} {...input} />
      {hint && (
        <p id={`${id}-hint`} className="field-hint">
          {hint}
        </p>
      )}
      <FieldError id={described.errorId} message={error} />
    </div>
  )
}
