/** A single upload under way: the native bar (a progressbar to assistive technology), the percentage, and cancel. */
import { useWords } from '../runtime/words.js'
import { formPartsWords } from '../words.js'

export function UploadProgress({ fraction, onCancel }: { fraction: number; onCancel: () => void }) {
  const words = useWords(formPartsWords)
  const percent = Math.min(100, Math.round(fraction * 100))
  return (
    <div className="upload-progress">
      <progress className="upload-progress-bar" aria-label={words.uploadProgress} value={percent} max={100} />
      <span className="upload-progress-text" aria-live="polite">
        {percent} %
      </span>
      <button type="button" className="button upload-cancel" onClick={onCancel}>
        {words.cancelUpload}
      </button>
    </div>
  )
}
