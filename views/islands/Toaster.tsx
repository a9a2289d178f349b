import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react'
import type { Toast } from '../../src/render/context.js'
import { onToast, type TaggedToast } from '../client/toast.js'
import { shellWords } from '../words.js'
import { useWords } from '../runtime/words.js'

/** A success or an information closes on its own after this long (spec §9); an error or a warning stays (issue 17). */
export const TOAST_DURATION_MS = 2000

/** What stays until its close button or Escape: the visitor must be able to read it and act on it. */
const STAYS: ReadonlySet<Toast['type']> = new Set(['error', 'warning'])


interface ShownToast extends TaggedToast {
  id: number
}

/**
 * The server's flash toasts, then every showToast() of the page's islands: top-right below the bar on
 * wide screens, above the floating buttons on phones (shell.css), so that none covers a page title.
 * An error is an alert and stays; a success is a status and goes after TOAST_DURATION_MS.
 */
export default function Toaster({ initial }: { initial: Toast[] }) {
  const [toasts, setToasts] = useState<ShownToast[]>(() => initial.map((toast, id) => ({ ...toast, id })))
  const nextId = useRef(initial.length)
  const dismiss = useCallback((id: number) => setToasts((list) => list.filter((toast) => toast.id !== id)), [])

  useEffect(
    () =>
      onToast(
        (toast) => {
          const id = nextId.current++
          setToasts((list) => [...list, { ...toast, id }])
        },
        // A form's errors go when that form is submitted again: its new answer replaces them.
        (form) => setToasts((list) => list.filter((toast) => toast.form !== form || toast.type !== 'error')),
      ),
    [],
  )

  return (
    <div className="toaster">
      {toasts.map((toast) => (
        <ToastItem key={toast.id} toast={toast} onClose={dismiss} />
      ))}
    </div>
  )
}

function ToastItem({ toast, onClose }: { toast: ShownToast; onClose: (id: number) => void }) {
  const words = useWords(shellWords)
  const stays = STAYS.has(toast.type)
  useEffect(() => {
    if (stays) return
    const timer = window.setTimeout(() => onClose(toast.id), TOAST_DURATION_MS)
    return () => window.clearTimeout(timer)
  }, [toast.id, onClose, stays])

  const closeByKeyboard = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Escape') return
    event.stopPropagation()
    keepFocusAfter(event.currentTarget)
    onClose(toast.id)
  }

  return (
    <div className="toast" data-type={toast.type} role={stays ? 'alert' : 'status'} onKeyDown={closeByKeyboard}>
      <span className="toast-message">{toast.message}</span>
      <button
        type="button"
        className="toast-close"
        aria-label={words.closeToast}
        onClick={(event) => {
          keepFocusAfter(event.currentTarget.closest('.toast'))
          onClose(toast.id)
        }}
      >
        ×
      </button>
    </div>
  )
}

/** A closed toast takes the focus with it: it goes to the next toast's button, or to the page's content. */
function keepFocusAfter(toast: Element | null) {
  if (!toast?.contains(document.activeElement)) return
  const next = toast.nextElementSibling ?? toast.previousElementSibling
  const target = next?.querySelector<HTMLElement>('.toast-close') ?? document.getElementById('main')
  target?.focus({ preventScroll: true })
}
