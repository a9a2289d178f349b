import type { ReceivedDocument } from '../../src/modules/documents/index.js'
import { CardTable } from './CardTable.js'
import { When } from './When.js'
import { useFormats } from './When.js'
import { useWords } from '../runtime/words.js'
import { documentTableWords } from '../../src/modules/documents/table-words.js'

export interface ReceivedDocumentsTableProps {
  items: ReceivedDocument[]
  /** The client reads « Nouveau » until their first download; the firm reads whether and when they downloaded it. */
  reader: 'client' | 'firm'
  caption: string
}

/** Documents the firm sent a client (contract §7): the client's « Reçus du cabinet » and the firm's view of it. */
export function ReceivedDocumentsTable({ items, reader, caption }: ReceivedDocumentsTableProps) {
  const formats = useFormats()
  const words = useWords(documentTableWords)
  return (
    <CardTable
      look="profile"
      className="received-table"
      caption={caption}
      rows={items}
      rowKey={(item) => item.id}
      columns={[
        {
          label: words.document,
          wide: true,
          cell: (item) => (
            <>
              <a href={`/api/documents/download/${item.id}`} download={item.file.originalName}>
                {item.name}
              </a>
              <span className="received-file">
                {item.file.originalName} · {formats.megabytes(item.file.size)}
              </span>
              {item.description && <span className="received-description">{item.description}</span>}
            </>
          ),
        },
        { label: words.date, cell: (item) => <When at={item.createdAt} /> },
        { label: reader === 'client' ? words.state : words.downloadedByClient, cell: (item) => <DownloadState downloadedAt={item.downloadedAt} reader={reader} /> },
      ]}
    />
  )
}

function DownloadState({ downloadedAt, reader }: { downloadedAt: Date | string | null; reader: 'client' | 'firm' }) {
  const words = useWords(documentTableWords)
  if (reader === 'client') return downloadedAt ? <span className="profile-badge profile-badge-no">{words.downloaded}</span> : <span className="profile-badge received-new">{words.fresh}</span>
  if (!downloadedAt) return <span className="profile-badge profile-badge-no">{words.notYet}</span>
  return (
    <span className="profile-badge profile-badge-yes">
      {words.yesOn}
      <When at={downloadedAt} />
    </span>
  )
}
