import { useState, type FormEvent } from 'react'
import type { FormError, FormState } from '../../src/shared/form-state.js'
import type { Checked } from '../../src/shared/validation.js'
import { formErrorOf } from '../client/api.js'
import { refusalOf, useToastedFormErrors } from './FormErrors.js'
import { formValues } from './useHydrated.js'
import type { Catalogue } from '../../src/shared/words.js'
import { useSaid } from '../runtime/words.js'

/**
 * What a form's call answered: the errors to show (a refusal), `'leaving'` when the page is about to
 * be replaced (the form stays busy until it is), or nothing once it has done what it does.
 */
export type SubmitOutcome = FormError[] | 'leaving' | void

/** A refused call as the errors its form shows (under the field the server names, else the form's). */
export const refused = (failed: { message: string; field?: string }): FormError[] => [formErrorOf(failed)]

/**
 * The skeleton every form island shares: its fields read as strings, the module's shared check (its
 * refusal shown in place and toasted), then `send` with the checked value while the form is busy,
 * and the server's refusal shown as the check's is. `answered`: the page answered again without
 * JavaScript (contract §8), shown until the first submit. `words`: the catalogue whose French the
 * check answers, so that its refusal is said in the page's language.
 */
export function useCheckedSubmit<T>(
  answered: FormState | undefined,
  check: (values: Record<string, string>) => Checked<T>,
  send: (value: T, values: Record<string, string>, form: HTMLFormElement) => Promise<SubmitOutcome>,
  ...words: Catalogue<unknown>[]
) {
  const errors = useToastedFormErrors(answered)
  const said = useSaid(...words)
  const [busy, setBusy] = useState(false)

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = event.currentTarget
    const values = formValues(form)
    const checked = check(values)
    if (!checked.ok) return errors.fail(refusalOf(checked).map((error) => ({ ...error, message: said(error.message) })))
    errors.clear()
    setBusy(true)
    const outcome = await send(checked.value, values, form)
    if (outcome === 'leaving') return
    setBusy(false)
    if (outcome) errors.fail(outcome)
  }

  return { ...errors, busy, submit }
}
