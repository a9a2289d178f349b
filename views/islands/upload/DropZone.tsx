import { useState, type DragEvent, type ReactNode } from 'react'

interface DropZoneProps {
  disabled: boolean
  onFiles(files: FileList): void
  children: ReactNode
}

/**
 * Files dropped anywhere on it join the list. An enhancement only: the file input it wraps stays the
 * real, keyboard-reachable control, so the zone itself takes no focus and has no role.
 */
export function DropZone({ disabled, onFiles, children }: DropZoneProps) {
  const [over, setOver] = useState(false)
  const allow = (event: DragEvent<HTMLDivElement>) => {
    if (disabled || !event.dataTransfer.types.includes('Files')) return
    event.preventDefault()
    event.dataTransfer.dropEffect = 'copy'
    setOver(true)
  }
  return (
    <div
      className="upload-drop"
      data-over={over || undefined}
      onDragEnter={allow}
      onDragOver={allow}
      onDragLeave={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOver(false)
      }}
      onDrop={(event) => {
        // Also over the input itself: handled here once, not by the input's own drop as well.
        event.preventDefault()
        setOver(false)
        if (!disabled && event.dataTransfer.files.length > 0) onFiles(event.dataTransfer.files)
      }}
    >
      {children}
    </div>
  )
}
