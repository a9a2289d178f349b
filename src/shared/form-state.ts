/**
 * A form posted without JavaScript and answered again (contract §8): what was typed (never a
 * password) and the errors, each under its field, or the form's own when `field` is absent (a wrong
 * password, an address already used, too many tries). The page hands it to its form island.
 */
export interface FormState {
  values: Record<string, string>
  errors: FormError[]
}

export interface FormError {
  field?: string
  message: string
}

/** The props of a form island (and of its page): nothing, or the state of a form answered again. */
export interface FormProps {
  form?: FormState
}

/** The page of the change of password, where the profile's dialog button leads without JavaScript. */
export const CHANGE_PASSWORD_PAGE = '/users/profile/password'

/** The message shown under `field`, if any. */
export function errorOf(form: FormState | undefined, field: string): string | undefined {
  return form?.errors.find((error) => error.field === field)?.message
}
