import type { DocumentType } from '../../../src/modules/documents/types.js'
import { NEW_TYPE_PAGE, renameTypePage, TYPE_NAME_MAX } from '../../../src/modules/documents/validation.js'
import { page } from '../../../src/render/page.js'
import { errorOf, type FormProps } from '../../../src/shared/form-state.js'
import { DOCUMENT_TYPES_PAGE } from '../../components/admin-lists/documents.js'
import { Field } from '../../components/Field.js'
import { ErrorSummary } from '../../components/FormErrors.js'
import { AdminLayout } from '../../layout/AdminLayout.js'

/**
 * The 'Créer Nouveau Type' dialog as a page, where 'Ajouter un type' leads without JavaScript
 * (contract §8): the form posts here and goes back to the types, or comes again with the error under the name.
 */
export const NewTypePage = page<FormProps>({ title: 'Créer Nouveau Type', description: 'Un nouveau type de document proposé aux clients.', area: 'back-office' }, function NewTypePage({ form }) {
  return (
    <AdminLayout title="Créer Nouveau Type" lead="Le type sera proposé aux clients lors du dépôt de leurs documents.">
      <TypeNameForm action={NEW_TYPE_PAGE} submit="Ajouter" form={form} />
    </AdminLayout>
  )
})

/** A type renamed (contract §8: editable), with or without JavaScript: its documents and requests keep it. */
export const RenameTypePage = page<FormProps & { type: DocumentType }>({ title: 'Renommer le type', description: 'Le nouveau nom d’un type de document.', area: 'back-office' }, function RenameTypePage({ form, type }) {
  return (
    <AdminLayout title={`Renommer le type ${type.typeName}`} lead="Les documents et les demandes de ce type le gardent sous son nouveau nom.">
      <TypeNameForm action={renameTypePage(type.id)} submit="Renommer" form={form} value={type.typeName} />
    </AdminLayout>
  )
})

function TypeNameForm({ action, submit, form, value }: FormProps & { action: string; submit: string; value?: string }) {
  return (
    <form className="admin-page-form" method="post" action={action}>
      <ErrorSummary form={form} several={false} />
      <Field label="Nom de Type" name="typeName" type="text" maxLength={TYPE_NAME_MAX} autoComplete="off" defaultValue={form?.values.typeName ?? value} error={errorOf(form, 'typeName')} />
      <div className="admin-confirm-form">
        <button type="submit" className="button button-primary">
          {submit}
        </button>
        <a className="button button-secondary" href={DOCUMENT_TYPES_PAGE}>
          Annuler
        </a>
      </div>
    </form>
  )
}
