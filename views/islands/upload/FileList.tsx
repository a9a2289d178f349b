import { formatFileSize } from '../../../src/shared/sizes.js'
import type { QueuedFile } from './useUploadQueue.js'
import { words } from './words.js'

interface FileListProps {
  items: QueuedFile[]
  onCancel(key: number): void
  onRemove(key: number): void
}

/** What a row says beside its bar: its state, or its error, which stays until the row is removed. */
function statusOf(item: QueuedFile): string {
  switch (item.state) {
    case 'ready':
      return words.ready
    case 'waiting':
      return words.waiting
    case 'sending':
      return words.percent(Math.round(item.progress * 100))
    case 'sent':
      return words.sent
    case 'cancelled':
      return words.cancelled
    default:
      return item.error ?? ''
  }
}

/**
 * The chosen files, one row each: name, size, a progress bar once the form is sent, and "Annuler"
 * while it waits or is sent (then "Retirer" for what is not sent).
 */
export function FileList({ items, onCancel, onRemove }: FileListProps) {
  if (items.length === 0) return null
  return (
    <ul className="upload-files">
      {items.map((item) => {
        const { name, size } = item.file
        const underWay = item.state === 'waiting' || item.state === 'sending'
        const failed = item.state === 'refused' || item.state === 'failed'
        return (
          <li key={item.key} className="upload-file" data-state={item.state}>
            <span className="upload-file-name">{name}</span>
            <span className="upload-file-size">{formatFileSize(size)}</span>
            {(underWay || item.state === 'sent') && (
              <progress className="upload-progress-bar" aria-label={words.progressOf(name)} value={Math.round(item.progress * size)} max={Math.max(size, 1)} />
            )}
            <span className={failed ? 'upload-file-status upload-file-error' : 'upload-file-status'}>{statusOf(item)}</span>
            {underWay ? (
              <button type="button" className="button button-secondary upload-file-action" aria-label={words.cancelOf(name)} onClick={() => onCancel(item.key)}>
                {words.cancel}
              </button>
            ) : item.state !== 'sent' ? (
              <button type="button" className="button button-secondary upload-file-action" aria-label={words.removeOf(name)} onClick={() => onRemove(item.key)}>
                {words.remove}
              </button>
            ) : null}
          </li>
        )
      })}
    </ul>
  )
}
