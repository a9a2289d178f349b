import { useEffect, useId, useRef } from 'react'
import { useWords } from '../runtime/words.js'
import { formPartsWords } from '../words.js'

/** What to ask before an action: shown as an alert dialog, the action only on "confirm". */
export interface ConfirmRequest {
  title: string
  text: string
  confirmLabel: string
  /** Destructive actions get the danger colour. */
  tone?: 'danger' | 'primary'
}

interface ConfirmDialogProps {
  /** null: closed. */
  request: ConfirmRequest | null
  onConfirm: () => void
  onCancel: () => void
  /** Where focus goes on close when the element that opened the dialog is gone (its row was deleted). */
  fallbackFocus?: () => HTMLElement | null
}

/**
 * A modal confirmation (native <dialog>: focus trapped, background inert, Escape cancels). Focus
 * starts on "Annuler", the safe choice, and returns on close to whatever had it before.
 */
export function ConfirmDialog({ request, onConfirm, onCancel, fallbackFocus }: ConfirmDialogProps) {
  const words = useWords(formPartsWords)
  const id = useId()
  const dialog = useRef<HTMLDialogElement>(null)
  const cancel = useRef<HTMLButtonElement>(null)
  const opener = useRef<HTMLElement | null>(null)
  const open = request !== null
  // The native close (Escape) must reach the latest onCancel, not the one of the first render.
  const latestCancel = useRef(onCancel)
  latestCancel.current = onCancel

  useEffect(() => {
    const element = dialog.current
    if (!element) return
    if (open && !element.open) {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null
      element.showModal()
      cancel.current?.focus()
    } else if (!open && element.open) {
      element.close()
    }
    if (!open && opener.current) {
      const target = opener.current.isConnected ? opener.current : fallbackFocus?.()
      opener.current = null
      target?.focus()
    }
  }, [open, fallbackFocus])

  return (
    <dialog
      ref={dialog}
      className="dialog confirm-dialog"
      role="alertdialog"
      aria-modal="true"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      onClose={() => {
        if (open) latestCancel.current()
      }}
    >
      <h2 id={`${id}-title`} className="dialog-title">
        {request?.title}
      </h2>
      <p id={`${id}-text`}>{request?.text}</p>
      <div className="dialog-actions confirm-actions">
        <button ref={cancel} type="button" className="button button-secondary" onClick={onCancel}>
          {words.cancel}
        </button>
        <button type="button" className={request?.tone === 'primary' ? 'button button-primary' : 'button button-danger'} onClick={onConfirm}>
          {request?.confirmLabel}
        </button>
      </div>
    </dialog>
  )
}
