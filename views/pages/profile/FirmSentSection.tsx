import type { FirmSent } from '../../../src/modules/clients/types.js'
import type { FormState } from '../../../src/shared/form-state.js'
import { ReceivedDocumentsTable } from '../../components/ReceivedDocumentsTable.js'
import { Island } from '../../runtime/Island.js'
import { useWords } from '../../runtime/words.js'
import { sendWords } from '../../../src/modules/documents/table-words.js'

/**
 * The administrators' client page (contract §7): send the client a document, and what was sent,
 * downloaded or not. Also the client's send page, where the form posts without JavaScript and comes
 * again with `form`, its errors in place (contract §8).
 */
export function FirmSentSection({ userId, sent, form }: { userId: number; sent: FirmSent; form?: FormState | undefined }) {
  const words = useWords(sendWords)
  return (
    <section className="profile-section" aria-labelledby="firm-sent-title">
      <h2 id="firm-sent-title" className="profile-section-title">
        {words.title}
      </h2>
      <div className="firm-send-form">
        <Island name="SendDocumentForm" props={{ userId, maxBytes: sent.maxBytes, openRequests: sent.openRequests, form }} />
      </div>
      <h3 className="firm-sent-title">{words.sentTitle}</h3>
      {sent.items.length === 0 ? (
        <p className="profile-empty">{words.none}</p>
      ) : (
        <>
          <ReceivedDocumentsTable items={sent.items} reader="firm" caption={words.caption} />
          {sent.total > sent.items.length && <p className="profile-empty">{words.latestOf(sent.items.length, sent.total)}</p>}
        </>
      )}
    </section>
  )
}
