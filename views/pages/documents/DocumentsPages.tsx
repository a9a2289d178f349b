import { page } from '../../../src/render/page.js'
import type { ListState } from '../../components/admin-lists/query.js'
import type { AdminRow } from '../../components/admin-lists/types.js'
import { AdminLayout } from '../../layout/AdminLayout.js'
import { Island } from '../../runtime/Island.js'

export interface UploadPageProps {
  userId: number
  accepted: boolean
  types: string[]
  maxBytes: number
}

/** /files (spec §2): the upload form for an accepted user; a waiting user is told why there is none. */
export const UploadPage = page<UploadPageProps>(
  { title: 'Mes documents', description: 'Transmettez vos documents au cabinet.' },
  function UploadPage({ userId, accepted, types, maxBytes }) {
    return (
      <section className="upload-page">
        <div className="upload-card">
          <h1 className="upload-title">Choisir Vos Documents et Télécharge</h1>
          {accepted ? (
            <>
              <p className="upload-lead">Choisissez le type de document, décrivez-le si besoin, puis joignez le fichier.</p>
              <Island name="UploadForm" props={{ userId, types, maxBytes }} />
            </>
          ) : (
            <p className="upload-lead" role="status">
              Votre compte est en attente d’acceptation par le cabinet. Vous pourrez déposer vos documents dès qu’il sera accepté.
            </p>
          )}
        </div>
      </section>
    )
  },
)

export interface DocumentTypesPageProps {
  items: AdminRow[]
  total: number
  query: ListState
}

export const DocumentTypesPage = page<DocumentTypesPageProps>(
  { title: 'Types de documents', description: 'Les types de documents proposés aux clients.' },
  function DocumentTypesPage(props) {
    return (
      <AdminLayout title="Types de documents" lead="Les types proposés aux clients lors du dépôt. Supprimer un type supprime aussi ses documents.">
        <Island name="DocumentTypes" props={props} />
      </AdminLayout>
    )
  },
)
