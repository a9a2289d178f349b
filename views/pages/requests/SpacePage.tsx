import { OWN_DELETE_PAGES } from '../../../src/modules/documents/validation.js'
import type { SpacePageProps } from '../../../src/modules/requests/views.js'
import { pageWords } from '../../../src/modules/requests/texts.js'
import { page } from '../../../src/render/page.js'
import { When } from '../../components/When.js'
import { DueLine, StatusBadge } from '../../components/requests/RequestCells.js'
import { Island } from '../../runtime/Island.js'
import { ReceivedSection } from '../documents/ReceivedSection.js'
import { useWords } from '../../runtime/words.js'

/** An answer's documents by name, each a colleague uploaded naming them (contract §9: the company's people share its requests). */
function answerNames(documents: SpacePageProps['answered'][number]['documents'], companyId: number, pageTexts: (typeof pageWords)['fr']): string {
  return documents.map((d) => (d.uploadedBy && d.uploadedBy.id !== companyId ? `${d.name} (${pageTexts.uploadedBy(d.uploadedBy.username)})` : d.name)).join(', ')
}

/**
 * « Mon espace » (/files, issue 16): what the firm asks for first, soonest due first (overdue ones
 * marked), each with « Envoyer » opening the upload form that answers it; then the upload form.
 */
export const SpacePage = page<SpacePageProps>(
  (_props, language) => ({ title: pageWords[language].spaceTitle, description: pageWords[language].spaceLead }),
  function SpacePage({ userId, profileUrl, accepted, types, maxBytes, pending, answered, answering, received, owned, form }) {
    const pageTexts = useWords(pageWords)
    if (!accepted)
      return (
        <section className="upload-page">
          <div className="upload-card">
            <h1 className="upload-title">{pageTexts.spaceTitle}</h1>
            <p className="upload-lead" role="status">
              {pageTexts.waitingLead}
            </p>
          </div>
        </section>
      )
    return (
      <div className="space-page">
        <h1 className="space-title">{pageTexts.spaceTitle}</h1>
        <section className="space-section" aria-labelledby="space-pending-title">
          <h2 id="space-pending-title" className="space-section-title">
            {pageTexts.pendingTitle}
          </h2>
          {pending.length === 0 ? (
            <p className="space-empty">{pageTexts.noPending}</p>
          ) : (
            <ul className="request-cards">
              {pending.map((request) => (
                <li key={request.id} className={request.overdue ? 'request-card request-card-late' : 'request-card'} data-request={request.id}>
                  <div className="request-card-head">
                    <h3 className="request-card-title">{request.title}</h3>
                    <StatusBadge row={request} />
                  </div>
                  <p className="request-card-type">{request.type.typeName}</p>
                  <DueLine row={request} />
                  {request.note && <p className="request-card-note">{request.note}</p>}
                  <a className="button button-primary request-card-send" href={`/files?request=${request.id}#envoi`} aria-label={`${pageTexts.send} : ${request.title}`}>
                    {pageTexts.send}
                  </a>
                </li>
              ))}
            </ul>
          )}
        </section>
        <section className="upload-card space-upload" id="envoi" aria-labelledby="space-upload-title">
          <h2 id="space-upload-title" className="upload-title">
            {pageTexts.uploadTitle}
          </h2>
          {answering ? (
            <p className="upload-lead">
              {pageTexts.answering} « {answering.title} » ({answering.type.typeName}). <a href="/files#envoi">{pageTexts.otherUpload}</a>
            </p>
          ) : (
            <p className="upload-lead">{pageTexts.uploadLead}</p>
          )}
          <Island
            name="UploadForm"
            props={{ userId, types, maxBytes, ...(answering ? { requestId: answering.id, fixedType: answering.type } : {}), ...(form ? { form } : {}) }}
          />
        </section>
        {answered.length > 0 && (
          <section className="space-section" aria-labelledby="space-answered-title">
            <h2 id="space-answered-title" className="space-section-title">
              {pageTexts.answeredTitle}
            </h2>
            <ul className="request-answered">
              {answered.map((request) => (
                <li key={request.id} data-request={request.id}>
                  <StatusBadge row={request} /> <strong>{request.title}</strong> — {answerNames(request.documents, userId, pageTexts)}
                  {request.fulfilledAt && (
                    <>
                      {' '}
                      ({pageTexts.fulfilledOn} <When at={request.fulfilledAt} />)
                    </>
                  )}
                </li>
              ))}
            </ul>
          </section>
        )}
        {owned && (
          <section className="upload-card space-own" aria-labelledby="space-own-title">
            <h2 id="space-own-title" className="upload-title">
              {pageTexts.ownTitle}
            </h2>
            {owned.total === 0 ? (
              <p className="upload-lead">{pageTexts.ownNone}</p>
            ) : (
              <>
                <p className="upload-lead">
                  {pageTexts.ownLead(owned.items.length, owned.total)} {profileUrl && <a href={profileUrl}>{pageTexts.ownAll}</a>}
                </p>
                <Island name="OwnedDocuments" props={{ rows: owned.items, canDelete: true, deletePages: OWN_DELETE_PAGES.space, companyId: userId }} />
              </>
            )}
          </section>
        )}
        {received && <ReceivedSection {...received} />}
      </div>
    )
  },
)
