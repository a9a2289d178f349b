import { page } from '../../../src/render/page.js'
import type { FormState } from '../../../src/shared/form-state.js'
import { listKindsIn, type ListKindName } from '../../components/admin-lists/index.js'
import type { Language } from '../../../src/shared/words.js'
import { useLanguage, useWords } from '../../runtime/words.js'
import { adminListWords } from '../../components/admin-lists/words.js'
import { searchOf, type ListState } from '../../components/admin-lists/query.js'
import type { AdminRow } from '../../components/admin-lists/types.js'
import type { ConfirmRequest } from '../../components/ConfirmDialog.js'
import { Confirmation } from '../../components/Confirmation.js'
import { ErrorSummary } from '../../components/FormErrors.js'
import { AdminLayout } from '../../layout/AdminLayout.js'

export interface ConfirmActionPageProps {
  kind: ListKindName
  /** The row action's `form`: the page's address is `${path}/${id}/${action}`. */
  action: string
  row: AdminRow
  /** The list's query, kept to go back to it. */
  query: ListState
  /** The page answered again: the server refused (already accepted, not viewed yet…). */
  form?: FormState
}

/** What the dialog of that action asks (views/components/admin-lists), the same words. */
function confirmOf({ kind, action, row }: ConfirmActionPageProps, language: Language): ConfirmRequest {
  const ask = listKindsIn(language)[kind].actions.find((candidate) => candidate.form === action)?.confirm
  if (!ask) throw new Error(`${kind}: no confirmation for « ${action} »`)
  return ask(row)
}

/**
 * An admin list's confirmation dialog as a page (contract §8, without JavaScript): what the action
 * is about, the dialog's question, « Confirmer » posting the form to this very address and
 * « Annuler » back to the list where it was.
 */
export const ConfirmActionPage = page<ConfirmActionPageProps>(
  (props, language) => ({ title: confirmOf(props, language).title, description: confirmOf(props, language).text, area: 'back-office' }),
  function ConfirmActionPage(props) {
    const { kind: name, action, row, query, form } = props
    const language = useLanguage()
    const kind = listKindsIn(language)[name]
    const question = confirmOf(props, language)
    const words = useWords(adminListWords)
    const search = searchOf(query)
    return (
      <AdminLayout title={question.title} lead={question.text}>
        <ErrorSummary form={form} several={false} />
        <Confirmation
          facts={kind.columns.filter((column) => column.standalone !== false).map((column) => ({ label: column.header, value: column.cell(row), className: column.className }))}
          action={`${kind.path}/${encodeURIComponent(row.id)}/${action}${search}`}
          confirmLabel={words.confirm}
          tone={question.tone === 'primary' ? 'primary' : 'danger'}
          back={`${kind.path}${search}`}
        />
      </AdminLayout>
    )
  },
)
