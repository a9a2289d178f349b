import { checkedBy, hasControlChars, nameText, text, type Checked } from '../../shared/validation.js'
import { texts } from './words.js'

/** An obligation's fields (contract §11), as stored and answered. */
export interface ObligationFields {
  code: string
  label: string
  dueDay: number
  dueMonths: number[]
  appliesTo: { taxRegime?: 'reel' | 'ifu'; employer?: true }
  typeId: number | null
  leadDays: number
  active: boolean
}

export const LEAD_DAYS_DEFAULT = 15
const LABEL_MAX = 120

const isInt = (value: unknown, min: number, max: number): value is number => typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max

function appliesToOf(value: unknown): ObligationFields['appliesTo'] | undefined {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined
  const { taxRegime, employer, ...rest } = value as Record<string, unknown>
  if (Object.keys(rest).length > 0) return undefined
  if (taxRegime !== undefined && taxRegime !== null && taxRegime !== 'reel' && taxRegime !== 'ifu') return undefined
  if (employer !== undefined && employer !== null && typeof employer !== 'boolean') return undefined
  return { ...(taxRegime ? { taxRegime: taxRegime as 'reel' | 'ifu' } : {}), ...(employer === true ? { employer: true as const } : {}) }
}

/**
 * An obligation created (`current` undefined: every field but `typeId`, `leadDays` and `active`
 * required) or changed (the fields given over `current`), shared by the API and the page. Each rule
 * names its field.
 */
export function checkObligation(input: Record<string, unknown>, current?: ObligationFields): Checked<ObligationFields> {
  const has = (field: string) => Object.hasOwn(input, field) && input[field] !== undefined
  const code = has('code') ? text(input.code) : (current?.code ?? '')
  const label = has('label') ? nameText(input.label) : (current?.label ?? '')
  const dueDay = has('dueDay') ? input.dueDay : current?.dueDay
  const dueMonths = has('dueMonths') ? input.dueMonths : current?.dueMonths
  const appliesTo = has('appliesTo') ? appliesToOf(input.appliesTo) : (current?.appliesTo ?? {})
  const typeId = has('typeId') ? input.typeId : (current?.typeId ?? null)
  const leadDays = has('leadDays') ? input.leadDays : (current?.leadDays ?? LEAD_DAYS_DEFAULT)
  const active = has('active') ? input.active : (current?.active ?? true)
  const months = Array.isArray(dueMonths) && dueMonths.length > 0 && dueMonths.length <= 12 && dueMonths.every((m) => isInt(m, 1, 12)) ? [...new Set(dueMonths as number[])].sort((a, b) => a - b) : undefined
  return checkedBy(
    [
      [!code, texts.codeRequired, 'code'],
      [!/^[A-Z0-9_]{2,20}$/.test(code), texts.codeInvalid, 'code'],
      [!label, texts.labelRequired, 'label'],
      [label.length > LABEL_MAX, texts.labelTooLong, 'label'],
      [hasControlChars(label), texts.labelInvalid, 'label'],
      [!isInt(dueDay, 1, 31), texts.dueDayInvalid, 'dueDay'],
      [!months, texts.dueMonthsInvalid, 'dueMonths'],
      [!appliesTo, texts.appliesToInvalid, 'appliesTo'],
      [typeId !== null && !isInt(typeId, 1, Number.MAX_SAFE_INTEGER), texts.typeInvalid, 'typeId'],
      [!isInt(leadDays, 0, 365), texts.leadDaysInvalid, 'leadDays'],
      [typeof active !== 'boolean', texts.activeInvalid, 'active'],
    ],
    () => ({ code, label, dueDay: dueDay as number, dueMonths: months!, appliesTo: appliesTo!, typeId: typeId as number | null, leadDays: leadDays as number, active: active as boolean }),
  )
}

/** The page's addresses of the obligations (administrators; contract §8: each form works without JavaScript). */
export const OBLIGATIONS_PAGE = '/admin-dashboard/calendar/obligations'
export const obligationPage = (id: number) => `${OBLIGATIONS_PAGE}/${id}`

/** The form's fields, as the page posts them (text, a box per month, the regime's choice, boxes for yes). */
export const OBLIGATION_FIELDS = ['code', 'label', 'dueDay', 'dueMonths', 'taxRegime', 'employer', 'typeId', 'leadDays', 'active'] as const

const numberOf = (value: unknown): unknown => (typeof value === 'string' && /^\s*-?\d+\s*$/.test(value) ? Number(value) : value === '' ? undefined : value)

/**
 * The page's form as the API's body (for `checkObligation`): numbers from their digits, the months'
 * boxes as a list, no regime for « — », an unticked box as false. Every field is sent by the form,
 * so what is missing is what was cleared.
 */
export function obligationFromForm(body: Record<string, unknown>): Record<string, unknown> {
  const months = body.dueMonths === undefined ? [] : Array.isArray(body.dueMonths) ? body.dueMonths : [body.dueMonths]
  const regime = body.taxRegime === '' || body.taxRegime === undefined ? undefined : body.taxRegime
  return {
    code: typeof body.code === 'string' ? body.code.trim().toUpperCase() : body.code,
    label: body.label ?? '',
    dueDay: numberOf(body.dueDay) ?? null,
    dueMonths: months.map(numberOf),
    appliesTo: { ...(regime === undefined ? {} : { taxRegime: regime }), ...(body.employer === undefined ? {} : { employer: body.employer === 'on' || body.employer === 'true' ? true : body.employer }) },
    typeId: body.typeId === '' || body.typeId === undefined ? null : numberOf(body.typeId),
    leadDays: numberOf(body.leadDays) ?? null,
    active: body.active === undefined ? false : body.active === 'on' || body.active === 'true' ? true : body.active,
  }
}
