import { useCallback, useEffect, useRef, useState } from 'react'
import type { Toast } from '../../src/render/context.js'
import { onToast } from '../client/toast.js'

/** Every toast closes on its own after this long (spec §9). */
export const TOAST_DURATION_MS = 2000

interface ShownToast extends Toast {
  id: number
}

/** Top-center toasts: the server's flash toasts, then every showToast() of the page's islands. */
export default function Toaster({ initial }: { initial: Toast[] }) {
  const [toasts, setToasts] = useState<ShownToast[]>(() => initial.map((toast, id) => ({ ...toast, id })))
  const nextId = useRef(initial.length)
  const dismiss = useCallback((id: number) => setToasts((list) => list.filter((toast) => toast.id !== id)), [])

  useEffect(
    () =>
      onToast(({ type, message }) => {
        const id = nextId.current++
        setToasts((list) => [...list, { type, message, id }])
      }),
    [],
  )

  return (
    <div className="toaster" role="status" aria-live="polite">
      {toasts.map((toast) => (
        <ToastItem key={toast.id} toast={toast} onClose={dismiss} />
      ))}
    </div>
  )
}

function ToastItem({ toast, onClose }: { toast: ShownToast; onClose: (id: number) => void }) {
  useEffect(() => {
    const timer = window.setTimeout(() => onClose(toast.id), TOAST_DURATION_MS)
    return () => window.clearTimeout(timer)
  }, [toast.id, onClose])
  return (
    <div className="toast" data-type={toast.type}>
      <span className="toast-message">{toast.message}</span>
      <button type="button" className="toast-close" aria-label="Fermer la notification" onClick={() => onClose(toast.id)}>
        ×
      </button>
    </div>
  )
}
