import type { FirmSent } from '../../../src/modules/clients/types.js'
import type { FormState } from '../../../src/shared/form-state.js'
import { ReceivedDocumentsTable } from '../../components/ReceivedDocumentsTable.js'
import { Island } from '../../runtime/Island.js'

/**
 * The administrators' client page (contract §7): send the client a document, and what was sent,
 * downloaded or not. Also the client's send page, where the form posts without JavaScript and comes
 * again with `form`, its errors in place (contract §8).
 */
export function FirmSentSection({ userId, sent, form }: { userId: number; sent: FirmSent; form?: FormState | undefined }) {
  return (
    <section className="profile-section" aria-labelledby="firm-sent-title">
      <h2 id="firm-sent-title" className="profile-section-title">
        Envoyer un document au client
      </h2>
      <div className="firm-send-form">
        <Island name="SendDocumentForm" props={{ userId, maxBytes: sent.maxBytes, openRequests: sent.openRequests, form }} />
      </div>
      <h3 className="firm-sent-title">Documents envoyés par le cabinet</h3>
      {sent.items.length === 0 ? (
        <p className="profile-empty">Aucun document envoyé à ce client.</p>
      ) : (
        <>
          <ReceivedDocumentsTable items={sent.items} reader="firm" caption="Documents envoyés au client" />
          {sent.total > sent.items.length && <p className="profile-empty">Les {sent.items.length} plus récents sur {sent.total}.</p>}
        </>
      )}
    </section>
  )
}
