import { useEffect, useId, useState, type RefObject } from 'react'
import type { FormError, FormState } from '../../src/shared/form-state.js'
import { dismissFormErrors, showToast } from '../client/toast.js'
import { formPartsWords } from '../words.js'
import { useWords } from '../runtime/words.js'

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
 * An island's submit that fails again gives it a new `attempt`: a new alert, read out again, unless
 * the island's error toast announces it (`toasted`: one alert, not two, for one refusal).
 */
export function ErrorSummary({ form, several = true, fields, attempt = 0, toasted = false }: { form: FormState | undefined; several?: boolean; fields?: string[]; attempt?: number; toasted?: boolean }) {
  // With `several` false, what belongs to no field here: none, or one the form does not have (`fields`, its own).
  const words = useWords(formPartsWords)
  const shown = form?.errors.filter((error) => several || !error.field || (fields !== undefined && !fields.includes(error.field))) ?? []
  if (shown.length === 0) return null
  return (
    <div className="error-summary" role={toasted ? undefined : 'alert'} key={attempt}>
      <p className="error-summary-title">{shown.length > 1 ? words.severalErrors : words.oneError}</p>
      <ul>
        {shown.map((error) => (
          <li key={`${error.field ?? ''}${error.message}`}>{error.message}</li>
        ))}
      </ul>
    </div>
  )
}

/**
 * A form island's errors, shown as the page answered again shows them (issue 17): the server's
 * until the first submit, then each submit's own, under their fields and in the summary, until the
 * next submit. `fail` shows a refusal (the shared check's errors, or the server's answer), `clear`
 * removes them when a submit passes the check.
 */
export function useFormErrors(initial: FormState | undefined) {
  const [state, setState] = useState({ form: initial, attempt: 0 })
  return {
    form: state.form,
    attempt: state.attempt,
    fail: (errors: FormError[]) => setState(({ attempt }) => ({ form: { values: initial?.values ?? {}, errors }, attempt: attempt + 1 })),
    clear: () => setState(({ attempt }) => ({ form: undefined, attempt })),
  }
}

/** A shared check's refusal as the errors a form shows: each field's first, else its one message. */
export function refusalOf(checked: { message: string; errors?: FormError[] | undefined }): FormError[] {
  return checked.errors ?? [{ message: checked.message }]
}

/**
 * `useFormErrors` for the forms of spec §5, whose refusals are error toasts (they stay until
 * dismissed): `fail` shows the errors in place and toasts the first (or its `toast`). Pass `toasted={attempt > 0}`
 * to the summary, so that one refusal is one alert. The toast is the form's own, like its summary
 * (issue 34): the next refusal replaces it and a submit that passes the check (`clear`) takes it
 * back, so no stale error stays beside the success that follows.
 */
export function useToastedFormErrors(initial: FormState | undefined) {
  const errors = useFormErrors(initial)
  const form = useId()
  return {
    ...errors,
    /** `toast`: the toast's own words, when they are not the first error's. */
    fail: (list: FormError[], toast = list[0]?.message ?? '') => {
      errors.fail(list)
      dismissFormErrors(form)
      showToast('error', toast, { form })
    },
    clear: () => {
      errors.clear()
      dismissFormErrors(form)
    },
  }
}

/**
 * After each refused submit (`attempt`), the first field marked invalid in `form` takes the focus: a
 * screen reader reads it with its error. For the small forms of a dialog, whose summary shows only
 * what belongs to no field.
 */
export function useFocusOnRefusal(form: RefObject<HTMLFormElement | null>, attempt: number) {
  useEffect(() => {
    if (attempt > 0) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus()
  }, [form, attempt])
}
