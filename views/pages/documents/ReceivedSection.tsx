import type { ReceivedDocument } from '../../../src/modules/documents/index.js'
import { ReceivedDocumentsTable } from '../../components/ReceivedDocumentsTable.js'

export interface ReceivedSectionProps {
  items: ReceivedDocument[]
  total: number
}

/** The client's « Reçus du cabinet » (contract §7): what the firm sent them, « Nouveau » until downloaded. */
export function ReceivedSection({ items, total }: ReceivedSectionProps) {
  const unread = items.filter((item) => !item.downloadedAt).length
  return (
    <section className="upload-card received-section" id="recus-du-cabinet" aria-labelledby="received-title">
      <h2 id="received-title" className="received-title">
        Reçus du cabinet
      </h2>
      {items.length === 0 ? (
        <p className="upload-lead">Le cabinet ne vous a encore envoyé aucun document.</p>
      ) : (
        <>
          <p className="upload-lead">
            {unread > 0 ? `${unread} nouveau(x) document(s) à télécharger.` : 'Les documents que le cabinet vous a envoyés.'}
            {total > items.length && ` Les ${items.length} plus récents sur ${total}.`}
          </p>
          <ReceivedDocumentsTable items={items} reader="client" caption="Documents reçus du cabinet" />
        </>
      )}
    </section>
  )
}
