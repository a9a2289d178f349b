import { NEW_TYPE_PAGE, TYPE_NAME_MAX } from '../../../src/modules/documents/validation.js'
import { page } from '../../../src/render/page.js'
import { errorOf, type FormProps } from '../../../src/shared/form-state.js'
import { documentTypesKind } from '../../components/admin-lists/documents.js'
import { Field } from '../../components/Field.js'
import { ErrorSummary } from '../../components/FormErrors.js'
import { AdminLayout } from '../../layout/AdminLayout.js'

/**
 * The 'Créer Nouveau Type' dialog as a page, where 'Ajouter un type' leads without JavaScript
 * (contract §8): the form posts here and goes back to the types, or comes again with the error under the name.
 */
export const NewTypePage = page<FormProps>({ title: 'Créer Nouveau Type', description: 'Un nouveau type de document proposé aux clients.' }, function NewTypePage({ form }) {
  return (
    <AdminLayout title="Créer Nouveau Type" lead="Le type sera proposé aux clients lors du dépôt de leurs documents.">
      <form className="admin-page-form" method="post" action={NEW_TYPE_PAGE}>
        <ErrorSummary form={form} several={false} />
        <Field label="Nom de Type" name="typeName" type="text" maxLength={TYPE_NAME_MAX} autoComplete="off" defaultValue={form?.values.typeName} error={errorOf(form, 'typeName')} />
        <div className="admin-confirm-form">
          <button type="submit" className="button button-primary">
            Ajouter
          </button>
          <a className="button button-secondary" href={documentTypesKind.path}>
            Annuler
          </a>
        </div>
      </form>
    </AdminLayout>
  )
})
