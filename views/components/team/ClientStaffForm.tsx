import type { FirmChoice } from '../../../src/modules/team/assignment-types.js'
import { clientStaffPage, staffLabelWords } from '../../../src/modules/team/staff-validation.js'
import { staffPageWords } from '../../../src/modules/team/staff-page-words.js'
import { useLanguage } from '../../runtime/words.js'
import { wordsOf } from '../../../src/shared/words.js'
import type { FormState } from '../../../src/shared/form-state.js'
import { ErrorSummary } from '../FormErrors.js'

export interface ClientStaffFormProps {
  clientId: number
  /** The firm's people to choose from, by name (an invited one is marked when `status` says so). */
  people: Array<Pick<FirmChoice, 'id' | 'username' | 'role'> & { status?: FirmChoice['status'] }>
  /** Who serves the client now: their boxes are ticked. */
  assigned: number[]
  /** The heading's level in its page (2 on its own page, 3 under a section of the client's). */
  level?: 2 | 3
  /** Posted and refused: the error in place (contract §8). */
  answered?: FormState | undefined
}

/**
 * A client's « Suivi par » (contract §9): a box per person of the firm, posted as it is, with or
 * without JavaScript, to /admin-dashboard/clients/:id/staff (administrators), which answers with a
 * 303 back to the client's page and its message. The client's page renders it in a section of its own.
 */
export function ClientStaffForm({ clientId, people, assigned, level = 3, answered }: ClientStaffFormProps) {
  const language = useLanguage()
  const clientStaffTexts = wordsOf(staffPageWords, language).clientStaff
  const { roles } = wordsOf(staffLabelWords, language)
  const Heading = level === 2 ? 'h2' : 'h3'
  const headingId = `client-staff-${clientId}-title`
  const ticked = new Set(assigned)
  return (
    <form className="client-staff-form" method="post" action={clientStaffPage(clientId)} aria-labelledby={headingId}>
      <Heading id={headingId} className="request-form-title">
        {clientStaffTexts.title}
      </Heading>
      <p className="field-hint">{clientStaffTexts.lead}</p>
      <ErrorSummary form={answered} />
      {people.length === 0 ? (
        <p className="field-hint">{clientStaffTexts.nobody}</p>
      ) : (
        <fieldset className="client-staff-people">
          <legend className="visually-hidden">{clientStaffTexts.title}</legend>
          {people.map((person) => (
            <div key={person.id} className="field-check">
              <input type="checkbox" id={`client-staff-${clientId}-${person.id}`} name="staffIds" value={person.id} defaultChecked={ticked.has(person.id)} />
              <label htmlFor={`client-staff-${clientId}-${person.id}`}>
                {person.username} — {roles[person.role]}
                {person.status === 'invited' ? ` (${clientStaffTexts.invited})` : ''}
              </label>
            </div>
          ))}
        </fieldset>
      )}
      <button type="submit" className="button button-primary">
        {clientStaffTexts.submit}
      </button>
    </form>
  )
}
