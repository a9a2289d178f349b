import type { ReceivedDocument } from '../../../src/modules/documents/index.js'
import { ReceivedDocumentsTable } from '../../components/ReceivedDocumentsTable.js'
import { documentTableWords } from '../../../src/modules/documents/table-words.js'
import { useWords } from '../../runtime/words.js'

export interface ReceivedSectionProps {
  items: ReceivedDocument[]
  total: number
}

/** The client's « Reçus du cabinet » (contract §7): what the firm sent them, « Nouveau » until downloaded. */
export function ReceivedSection({ items, total }: ReceivedSectionProps) {
  const unread = items.filter((item) => !item.downloadedAt).length
  const words = useWords(documentTableWords)
  return (
    <section className="upload-card received-section" id="recus-du-cabinet" aria-labelledby="received-title">
      <h2 id="received-title" className="received-title">
        {words.receivedTitle}
      </h2>
      {items.length === 0 ? (
        <p className="upload-lead">{words.receivedNone}</p>
      ) : (
        <>
          <p className="upload-lead">
            {unread > 0 ? words.receivedUnread(unread) : words.receivedLead}
            {total > items.length && words.latestOf(items.length, total)}
          </p>
          <ReceivedDocumentsTable items={items} reader="client" caption={words.receivedCaption} />
        </>
      )}
    </section>
  )
}
