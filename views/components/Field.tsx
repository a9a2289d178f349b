import { useId, type InputHTMLAttributes } from 'react'

type FieldProps = { label: string; name: string; hint?: string } & Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'name'>

/** A labelled text input; the optional hint is tied to it with aria-describedby. */
export function Field({ label, name, hint, ...input }: FieldProps) {
  const id = useId()
  const hintId = hint ? `${id}-hint` : undefined
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input id={id} name={name} aria-required="true" aria-describedby={hintId} {...input} />
      {hint && (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      )}
    </div>
  )
}
