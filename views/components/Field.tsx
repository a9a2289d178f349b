import { useId, type InputHTMLAttributes, type ReactNode } from 'react'
import { describedBy, FieldError } from './FormErrors.js'

/** What a field's control carries: its id, and its hint and error tied to it. */
export interface ControlProps {
  id: string
  'aria-required': 'true'
  'aria-invalid': true | undefined
  'aria-describedby': string | undefined
}

/**
 * A field's frame: its label, its control (given the ids that tie it to them), and the optional
 * hint and error under it, each tied to the control with aria-describedby.
 */
export function FieldFrame({ label, hint, error, children }: { label: string; hint?: string | undefined; error?: string | undefined; children: (control: ControlProps) => ReactNode }) {
  const id = useId()
  const described = describedBy(id, Boolean(hint), error)
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children({ id, 'aria-required': 'true', 'aria-invalid': error ? true : undefined, 'aria-describedby': described.describedBy })}
      {hint && (
        <p id={`${id}-hint`} className="field-hint">
          {hint}
        </p>
      )}
      <FieldError id={described.errorId} message={error} />
    </div>
  )
}

type FieldProps = { label: string; name: string; hint?: string; error?: string } & Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'name'>

/** A labelled text input; the optional hint and error are tied to it with aria-describedby. */
export function Field({ label, name, hint, error, ...input }: FieldProps) {
  return (
    <FieldFrame label={label} hint={hint} error={error}>
      {(control) => <input {...control} name={name} {...input} />}
    </FieldFrame>
  )
}
