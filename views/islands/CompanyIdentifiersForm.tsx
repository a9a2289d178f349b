import { useState } from 'react'
import { checkCompanyIdentifiers, companyWords, LEGAL_FORMS, type CompanyIdentifiers } from '../../src/modules/identity/company-validation.js'
import { errorOf, type FormState } from '../../src/shared/form-state.js'
import { api } from '../client/api.js'
import { showToast } from '../client/toast.js'
import { ErrorSummary, FieldError } from '../components/FormErrors.js'
import { refused, useCheckedSubmit } from '../components/useCheckedSubmit.js'
import { companyFormWords } from '../../src/modules/identity/profile-words.js'
import { useWords } from '../runtime/words.js'

export interface CompanyIdentifiersFormProps {
  identifiers: CompanyIdentifiers
  /** PATCH target: the owner's `/api/users/company`, the firm's `/api/users/:id/company`. */
  apiUrl: string
  /** The same form posted without JavaScript (contract §8). */
  action: string
  form?: FormState | undefined
}

function TextField({ name, value, form, inputMode }: { name: 'nif' | 'nis' | 'rc' | 'articleImposition'; value: string | null; form: FormState | undefined; inputMode?: 'numeric' }) {
  const id = `company-${name}`
  const error = errorOf(form, name)
  const labels = useWords(companyFormWords).labels
  return (
    <div className="field">
      <label htmlFor={id}>{labels[name]}</label>
      <input id={id} name={name} defaultValue={form?.values[name] ?? value ?? ''} inputMode={inputMode} maxLength={40} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} />
      <FieldError id={error ? `${id}-error` : undefined} message={error} />
    </div>
  )
}

function Choice({ name, value, options, form }: { name: 'legalForm' | 'taxRegime' | 'employer'; value: string; options: Array<[string, string]>; form: FormState | undefined }) {
  const id = `company-${name}`
  const error = errorOf(form, name)
  const labels = useWords(companyFormWords).labels
  return (
    <div className="field">
      <label htmlFor={id}>{labels[name]}</label>
      <select id={id} name={name} defaultValue={form?.values[name] ?? value} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined}>
        <option value="">—</option>
        {options.map(([v, label]) => (
          <option key={v} value={v}>
            {label}
          </option>
        ))}
      </select>
      <FieldError id={error ? `${id}-error` : undefined} message={error} />
    </div>
  )
}

/** The company's identifiers (contract §11), checked here as the server checks them, then saved through the API. */
export default function CompanyIdentifiersForm({ identifiers, apiUrl, action, form: answered }: CompanyIdentifiersFormProps) {
  const words = useWords(companyFormWords)
  const said = useWords(companyWords)
  const [saved, setSaved] = useState(identifiers)
  const { form, busy, submit, attempt } = useCheckedSubmit(
    answered,
    (values) => checkCompanyIdentifiers(values),
    async (value) => {
      const result = await api<CompanyIdentifiers>(apiUrl, { method: 'PATCH', body: value })
      if (!result.ok) return refused(result)
      setSaved(result.data)
      showToast('success', said.saved)
    },
    companyWords,
  )
  return (
    <form className="company-form" method="post" action={action} onSubmit={submit} noValidate aria-busy={busy || undefined}>
      <ErrorSummary form={form} attempt={attempt} toasted={attempt > 0} />
      <div className="company-fields">
        <TextField name="nif" value={saved.nif} form={form} inputMode="numeric" />
        <TextField name="nis" value={saved.nis} form={form} inputMode="numeric" />
        <TextField name="rc" value={saved.rc} form={form} />
        <TextField name="articleImposition" value={saved.articleImposition} form={form} />
        <Choice name="legalForm" value={saved.legalForm ?? ''} options={LEGAL_FORMS.map((f) => [f, f === 'EI' ? words.personal : f === 'autre' ? words.other : f])} form={form} />
        <Choice name="taxRegime" value={saved.taxRegime ?? ''} options={[['reel', words.reel], ['ifu', words.ifu]]} form={form} />
        <Choice name="employer" value={saved.employer === null ? '' : saved.employer ? 'oui' : 'non'} options={[['oui', words.yes], ['non', words.no]]} form={form} />
      </div>
      <button type="submit" className="button button-primary" disabled={busy}>
        {words.save}
      </button>
    </form>
  )
}
