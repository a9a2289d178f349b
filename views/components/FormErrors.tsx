import type { FormState } from '../../src/shared/form-state.js'

/** The ids tying a field to its hint and its error (aria-describedby), and the error's own id. */
export function describedBy(id: string, hint: boolean, error: string | undefined) {
  const errorId = error ? `${id}-error` : undefined
  const ids = [hint ? `${id}-hint` : undefined, errorId].filter(Boolean).join(' ')
  return { errorId, describedBy: ids || undefined }
}

/** A field's error, under it, as the server answered it (the form was posted without JavaScript). */
export function FieldError({ id, message }: { id: string | undefined; message: string | undefined }) {
  if (!id || !message) return null
  return (
    <p id={id} className="field-error">
      {message}
    </p>
  )
}

/**
 * The errors of a form answered again (contract §8), at its top: every error for a form of several
 * fields (each also under its field), else only what belongs to no field (a wrong password, too many tries).
 */
export function ErrorSummary({ form, several = true }: { form: FormState | undefined; several?: boolean }) {
  const shown = form?.errors.filter((error) => several || !error.field) ?? []
  if (shown.length === 0) return null
  return (
    <div className="error-summary" role="alert">
      <p className="error-summary-title">{shown.length > 1 ? 'Le formulaire contient des erreurs :' : 'Le formulaire contient une erreur :'}</p>
      <ul>
        {shown.map((error) => (
          <li key={`${error.field ?? ''}${error.message}`}>{error.message}</li>
        ))}
      </ul>
    </div>
  )
}
