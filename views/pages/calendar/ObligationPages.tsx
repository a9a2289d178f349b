import { calendarWords, obligationPage, OBLIGATIONS_PAGE, type ObligationDeleteProps, type ObligationFormProps } from '../../../src/modules/calendar/index.js'
import { page } from '../../../src/render/page.js'
import { errorOf } from '../../../src/shared/form-state.js'
import { wordsOf } from '../../../src/shared/words.js'
import { Confirmation } from '../../components/Confirmation.js'
import { Field, FieldFrame } from '../../components/Field.js'
import { describedBy, ErrorSummary, FieldError } from '../../components/FormErrors.js'
import { useFormats } from '../../components/When.js'
import { AdminLayout } from '../../layout/AdminLayout.js'
import { useWords } from '../../runtime/words.js'

const CALENDAR_PAGE = '/admin-dashboard/calendar'
const MONTHS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]

/**
 * An obligation's form (contract §11: label, due day and months, to whom it applies, the document
 * asked for, lead days, active), plain HTML posted to its own address (contract §8): the page again
 * with the errors in place, or a 303 to the calendar. `frequency` follows from the months (§11).
 */
export const ObligationFormPage = page<ObligationFormProps>(
  ({ obligation }, language) => {
    const texts = wordsOf(calendarWords, language).form
    return { title: obligation ? texts.editTitle(obligation.code) : texts.newTitle, description: obligation ? texts.editLead : texts.newLead, area: 'back-office' }
  },
  function ObligationFormPage({ obligation, types, form }) {
    const words = useWords(calendarWords)
    const texts = words.form
    const formats = useFormats()
    const posted = form !== undefined
    // What was typed when answered again, else the obligation's own (an unticked box posts nothing).
    const text = (field: string, current: string | number | undefined) => (posted ? (form.values[field] ?? '') : current === undefined ? '' : String(current))
    const ticked = (field: string, current: boolean) => (posted ? form.values[field] !== undefined : current)
    const months = new Set(posted ? (form.values.dueMonths ?? '').split(',').filter(Boolean).map(Number) : (obligation?.dueMonths ?? []))
    const monthsError = errorOf(form, 'dueMonths')
    const monthsAria = describedBy('obligation-months', false, monthsError)
    const action = obligation ? obligationPage(obligation.id) : `${OBLIGATIONS_PAGE}/new`
    return (
      <AdminLayout title={obligation ? texts.editTitle(obligation.code) : texts.newTitle} lead={obligation ? texts.editLead : texts.newLead}>
        <form className="obligation-form" method="post" action={action} noValidate>
          <ErrorSummary form={form} />
          <Field label={texts.code} name="code" hint={texts.codeHint} error={errorOf(form, 'code')} defaultValue={text('code', obligation?.code)} maxLength={20} autoCapitalize="characters" />
          <Field label={texts.label} name="label" error={errorOf(form, 'label')} defaultValue={text('label', obligation?.label)} maxLength={120} />
          <Field label={texts.dueDay} name="dueDay" hint={texts.dueDayHint} error={errorOf(form, 'dueDay')} defaultValue={text('dueDay', obligation?.dueDay)} inputMode="numeric" pattern="[0-9]*" />
          <fieldset className="obligation-months" aria-describedby={monthsAria.describedBy} aria-invalid={monthsError ? true : undefined}>
            <legend>{texts.dueMonths}</legend>
            {MONTHS.map((month) => (
              <div key={month} className="field-check">
                <input type="checkbox" id={`obligation-month-${month}`} name="dueMonths" value={month} defaultChecked={months.has(month)} />
                <label htmlFor={`obligation-month-${month}`}>{formats.monthName(month)}</label>
              </div>
            ))}
            <FieldError id={monthsAria.errorId} message={monthsError} />
          </fieldset>
          <fieldset className="obligation-applies">
            <legend>{texts.appliesTo}</legend>
            <FieldFrame label={texts.taxRegime} error={errorOf(form, 'appliesTo')}>
              {(control) => (
                <select {...control} aria-required={undefined} name="taxRegime" defaultValue={posted ? (form.values.taxRegime ?? '') : (obligation?.appliesTo.taxRegime ?? '')}>
                  <option value="">{texts.anyRegime}</option>
                  <option value="reel">{words.regimeReel}</option>
                  <option value="ifu">{words.regimeIfu}</option>
                </select>
              )}
            </FieldFrame>
            <div className="field-check">
              <input type="checkbox" id="obligation-employer" name="employer" defaultChecked={ticked('employer', obligation?.appliesTo.employer === true)} />
              <label htmlFor="obligation-employer">{texts.employer}</label>
            </div>
          </fieldset>
          <FieldFrame label={texts.type} error={errorOf(form, 'typeId')}>
            {(control) => (
              <select {...control} aria-required={undefined} name="typeId" defaultValue={posted ? (form.values.typeId ?? '') : String(obligation?.typeId ?? '')}>
                <option value="">{texts.noType}</option>
                {types.map((type) => (
                  <option key={type.id} value={type.id}>
                    {type.typeName}
                  </option>
                ))}
              </select>
            )}
          </FieldFrame>
          <Field label={texts.leadDays} name="leadDays" error={errorOf(form, 'leadDays')} defaultValue={text('leadDays', obligation?.leadDays ?? 15)} inputMode="numeric" pattern="[0-9]*" />
          <div className="field-check">
            <input type="checkbox" id="obligation-active" name="active" defaultChecked={ticked('active', obligation?.active ?? true)} />
            <label htmlFor="obligation-active">{texts.active}</label>
          </div>
          <div className="form-actions">
            <button type="submit" className="button button-primary">
              {obligation ? texts.save : texts.create}
            </button>
            <a className="button button-secondary" href={CALENDAR_PAGE}>
              {texts.cancel}
            </a>
          </div>
        </form>
        {obligation && (
          <p className="obligation-delete">
            <a className="button button-danger" href={`${obligationPage(obligation.id)}/delete`}>
              {texts.remove}
            </a>
          </p>
        )}
      </AdminLayout>
    )
  },
)

/** The deletion's confirmation (contract §8: what asks first with JavaScript asks first without it). */
export const ObligationDeletePage = page<ObligationDeleteProps>(
  ({ obligation }, language) => ({ title: wordsOf(calendarWords, language).form.removeTitle(obligation.code), description: wordsOf(calendarWords, language).form.removeLead, area: 'back-office' }),
  function ObligationDeletePage({ obligation, form }) {
    const words = useWords(calendarWords)
    return (
      <AdminLayout title={words.form.removeTitle(obligation.code)} lead={words.form.removeLead}>
        <ErrorSummary form={form} several={false} />
        <Confirmation
          facts={[
            { label: words.form.code, value: obligation.code },
            { label: words.form.label, value: obligation.label },
            { label: words.columns.frequency, value: words.frequencies[obligation.frequency] },
          ]}
          action={`${obligationPage(obligation.id)}/delete`}
          confirmLabel={words.form.confirm}
          tone="danger"
          back={obligationPage(obligation.id)}
        />
      </AdminLayout>
    )
  },
)
