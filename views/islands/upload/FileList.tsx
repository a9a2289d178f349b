import { useId, type MouseEvent } from 'react'
import { useFormats } from '../../components/When.js'
import type { QueuedFile } from './useUploadQueue.js'
import { useWords } from '../../runtime/words.js'
import { uploadWords } from './words.js'

interface FileListProps {
  items: QueuedFile[]
  onCancel(key: number): void
  onRemove(key: number): void
  onRetry(key: number): void
}

/** What a row says beside its bar: its state, or its error, which stays until the row is removed. */
function statusOf(item: QueuedFile, words: (typeof uploadWords)['fr']): string {
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
 * while it waits or is sent (then "Retirer" for what is not sent, and "Réessayer" for what the server
 * refused or was cancelled). An error stays on its row, named by the row's buttons (aria-describedby),
 * until the file is removed or retried (issue 17).
 */
export function FileList({ items, onCancel, onRemove, onRetry }: FileListProps) {
  const listId = useId()
  const formats = useFormats()
  const words = useWords(uploadWords)
  if (items.length === 0) return null
  return (
    <ul className="upload-files">
      {items.map((item) => {
        const { name, size } = item.file
        const underWay = item.state === 'waiting' || item.state === 'sending'
        const failed = item.state === 'refused' || item.state === 'failed'
        const errorId = failed ? `${listId}-${item.key}-error` : undefined
        // The retried row keeps its "Retirer" button: the focus goes there rather than to the page.
        const retry = (event: MouseEvent<HTMLButtonElement>) => {
          event.currentTarget.parentElement?.querySelector<HTMLButtonElement>('.upload-file-remove')?.focus()
          onRetry(item.key)
        }
        return (
          <li key={item.key} className="upload-file" data-state={item.state}>
            <span className="upload-file-name">{name}</span>
            <span className="upload-file-size">{formats.fileSize(size)}</span>
            {(underWay || item.state === 'sent') && (
              <progress className="upload-progress-bar" aria-label={words.progressOf(name)} value={Math.round(item.progress * size)} max={Math.max(size, 1)} />
            )}
            <span id={errorId} className={failed ? 'upload-file-status upload-file-error' : 'upload-file-status'}>
              {statusOf(item, words)}
            </span>
            <span className="upload-file-actions">
              {underWay && (
                <button type="button" className="button button-secondary upload-file-action" aria-label={words.cancelOf(name)} onClick={() => onCancel(item.key)}>
                  {words.cancel}
                </button>
              )}
              {(item.state === 'failed' || item.state === 'cancelled') && (
                <button type="button" className="button button-secondary upload-file-action" aria-label={words.retryOf(name)} aria-describedby={errorId} onClick={retry}>
                  {words.retry}
                </button>
              )}
              {!underWay && item.state !== 'sent' && (
                <button type="button" className="button button-secondary upload-file-action upload-file-remove" aria-label={words.removeOf(name)} aria-describedby={errorId} onClick={() => onRemove(item.key)}>
                  {words.remove}
                </button>
              )}
            </span>
          </li>
        )
      })}
    </ul>
  )
}
