import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import { api } from '../client/api.js'
import { onPhotoChange } from '../client/photo.js'
import { showToast } from '../client/toast.js'
import { shellWords } from '../words.js'
import { useWords } from '../runtime/words.js'

export interface UserMenuProps {
  id: number
  username: string
  photoUrl: string
  defaultPhotoUrl: string
}

/** The logged-in user's photo, name and dropdown; closes on a click outside it or on Escape. */
export default function UserMenu({ id, username, photoUrl, defaultPhotoUrl }: UserMenuProps) {
  const words = useWords(shellWords)
  const menuId = useId()
  const [open, setOpen] = useState(false)
  const root = useRef<HTMLDivElement>(null)
  const button = useRef<HTMLButtonElement>(null)
  // A new photo uploaded on the profile page shows here at once, without a reload.
  const [photo, setPhoto] = useState(photoUrl)
  useEffect(() => onPhotoChange(setPhoto), [])

  useEffect(() => {
    if (!open) return
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false)
    }
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return
      setOpen(false)
      button.current?.focus()
    }
    document.addEventListener('pointerdown', onPointer)
    document.addEventListener('keydown', onKey)
    return () => {
      document.removeEventListener('pointerdown', onPointer)
      document.removeEventListener('keydown', onKey)
    }
  }, [open])

  async function logout(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const result = await api('/api/auth/logout', { method: 'POST' })
    // 401: the session was already gone, which is what the user asked for.
    if (!result.ok && result.status !== 401) {
      showToast('error', result.message)
      return
    }
    window.location.assign('/')
  }

  return (
    <div className="user-menu" ref={root}>
      <button ref={button} type="button" className="user-menu-button" aria-expanded={open} aria-controls={menuId} onClick={() => setOpen(!open)}>
        <img
          className="avatar"
          src={photo}
          alt=""
          width={36}
          height={36}
          onError={(event) => {
            if (!event.currentTarget.src.endsWith(defaultPhotoUrl)) event.currentTarget.src = defaultPhotoUrl
          }}
        />
        <span className="user-menu-name">{username}</span>
        <svg className="user-menu-caret" viewBox="0 0 12 12" width="12" height="12" aria-hidden="true" focusable="false">
          <path d="m2 4 4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
        </svg>
      </button>
      <ul id={menuId} className="user-menu-list" hidden={!open}>
        <li>
          <a href={`/users/profile/${id}`}>{words.profile}</a>
        </li>
        <li>
          <form method="post" action="/api/auth/logout" onSubmit={logout}>
            <button type="submit">{words.logout}</button>
          </form>
        </li>
      </ul>
    </div>
  )
}
