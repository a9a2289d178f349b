import type { DocumentType } from '../../../src/modules/documents/types.js'
import { NEW_TYPE_PAGE, renameTypePage, TYPE_NAME_MAX } from '../../../src/modules/documents/validation.js'
import { page } from '../../../src/render/page.js'
import { errorOf, type FormProps } from '../../../src/shared/form-state.js'
import { DOCUMENT_TYPES_PAGE } from '../../components/admin-lists/documents.js'
import { Field } from '../../components/Field.js'
import { ErrorSummary } from '../../components/FormErrors.js'
import { AdminLayout } from '../../layout/AdminLayout.js'
import { adminListWords } from '../../components/admin-lists/words.js'
import { wordsOf } from '../../../src/shared/words.js'
import { useWords } from '../../runtime/words.js'

/**
 * The 'Créer Nouveau Type' dialog as a page, where 'Ajouter un type' leads without JavaScript
 * (contract §8): the form posts here and goes back to the types, or comes again with the error under the name.
 */
export const NewTypePage = page<FormProps>((_props, language) => ({ title: wordsOf(adminListWords, language).types.newTitle, description: wordsOf(adminListWords, language).types.newDescription, area: 'back-office' }), function NewTypePage({ form }) {
  const words = useWords(adminListWords).types
  return (
    <AdminLayout title={words.newTitle} lead={words.newLead}>
      <TypeNameForm action={NEW_TYPE_PAGE} submit={words.create} form={form} />
    </AdminLayout>
  )
})

/** A type renamed (contract §8: editable), with or without JavaScript: its documents and requests keep it. */
export const RenameTypePage = page<FormProps & { type: DocumentType }>((_props, language) => ({ title: wordsOf(adminListWords, language).types.renameTitle, description: wordsOf(adminListWords, language).types.renameDescription, area: 'back-office' }), function RenameTypePage({ form, type }) {
  const words = useWords(adminListWords).types
  return (
    <AdminLayout title={words.renameHeading(type.typeName)} lead={words.renameLead}>
      <TypeNameForm action={renameTypePage(type.id)} submit={words.rename} form={form} value={type.typeName} />
    </AdminLayout>
  )
})

function TypeNameForm({ action, submit, form, value }: FormProps & { action: string; submit: string; value?: string }) {
  const words = useWords(adminListWords).types
  return (
    <form className="admin-page-form" method="post" action={action}>
      <ErrorSummary form={form} several={false} />
      <Field label={words.typeName} name="typeName" type="text" maxLength={TYPE_NAME_MAX} autoComplete="off" defaultValue={form?.values.typeName ?? value} error={errorOf(form, 'typeName')} />
      <div className="admin-confirm-form">
        <button type="submit" className="button button-primary">
          {submit}
        </button>
        <a className="button button-secondary" href={DOCUMENT_TYPES_PAGE}>
          {words.cancel}
        </a>
      </div>
    </form>
  )
}
