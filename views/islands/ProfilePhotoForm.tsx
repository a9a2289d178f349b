import { useId, useState, type FormEvent } from 'react'
import type { ProfilePhoto } from '../../src/modules/identity/photo/value.js'
import { checkPhotoFile, PHOTO_ACCEPT } from '../../src/modules/identity/photo/validation.js'
import { errorOf, type FormProps } from '../../src/shared/form-state.js'
import { api } from '../client/api.js'
import { announcePhoto } from '../client/photo.js'
import { showToast } from '../client/toast.js'
import { ErrorSummary } from '../components/FormErrors.js'
import { useHydrated } from '../components/useHydrated.js'
import { pageWords } from '../../src/modules/identity/page-words.js'
import { useWords } from '../runtime/words.js'

export interface ProfilePhotoFormProps extends FormProps {
  /** The owner's id: without JavaScript the form posts to their profile (contract §8). */
  userId: number
  /** The current photo's URL, or null for the blank avatar. */
  photoUrl: string | null
  defaultPhotoUrl: string
  username: string
}

/**
 * The owner's avatar and its upload form (spec §2, §5): the new photo replaces the avatar here and,
 * through the photo event, in the navigation bar, without a reload. Before hydration, or without
 * JavaScript, it posts to the profile itself (contract §8), which answers again with `form`.
 */
export default function ProfilePhotoForm({ userId, photoUrl, defaultPhotoUrl, username, form }: ProfilePhotoFormProps) {
  const words = useWords(pageWords)
  const id = useId()
  const hydrated = useHydrated()
  const [url, setUrl] = useState(photoUrl ?? defaultPhotoUrl)
  const [busy, setBusy] = useState(false)
  const [fileName, setFileName] = useState('')
  // The chosen file's refusal stays beside it until another file is chosen (issue 17), besides the toast;
  // the server's, when it answered the form posted without JavaScript.
  const [fileError, setFileError] = useState(errorOf(form, 'image') ?? '')

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = event.currentTarget
    const file = (form.elements.namedItem('image') as HTMLInputElement | null)?.files?.[0]
    const checked = checkPhotoFile(file)
    if (!checked.ok) {
      setFileError(checked.message)
      return showToast('warning', checked.message)
    }
    const body = new FormData()
    body.append('image', file as File)
    setBusy(true)
    const result = await api<{ message: string; profilePhoto: ProfilePhoto }>('/api/users/profile/uplaod-photo', { body })
    setBusy(false)
    if (!result.ok) {
      setFileError(result.message)
      return showToast('error', result.message)
    }
    setUrl(result.data.profilePhoto.url)
    announcePhoto(result.data.profilePhoto.url)
    form.reset()
    setFileName('')
    showToast('success', result.data.message)
  }

  return (
    <div className="profile-photo">
      <img
        className="profile-avatar"
        src={url}
        alt={words.photoOf(username)}
        width={144}
        height={144}
        onError={(event) => {
          if (!event.currentTarget.src.endsWith(defaultPhotoUrl)) event.currentTarget.src = defaultPhotoUrl
        }}
      />
      {/* noValidate: `required` only tells the chosen file apart (:valid) before the script runs. */}
      <form className="profile-photo-form" data-hydrated={hydrated || undefined} method="post" action={`/users/profile/${userId}`} encType="multipart/form-data" noValidate onSubmit={submit} aria-busy={busy}>
        <ErrorSummary form={form} several={false} />
        {/* The native picker's own text is cramped and in the browser's language: a labelled button and the chosen name instead. */}
        <input
          id={`${id}-image`}
          className="visually-hidden profile-photo-input"
          name="image"
          type="file"
          required
          accept={PHOTO_ACCEPT}
          aria-describedby={fileError ? `${id}-file ${id}-error ${id}-hint` : `${id}-file ${id}-hint`}
          aria-invalid={fileError ? true : undefined}
          onChange={(event) => {
            setFileName(event.currentTarget.files?.[0]?.name ?? '')
            setFileError('')
          }}
        />
        <label htmlFor={`${id}-image`} className="profile-photo-pick">
          {words.photoPick}
        </label>
        <p id={`${id}-file`} className="profile-photo-file">
          {hydrated ? (
            fileName || words.noFile
          ) : (
            // Without the script the chosen file's name is out of reach: the stylesheet shows which is true.
            <>
              <span className="profile-photo-none">{words.noFile}</span>
              <span className="profile-photo-chosen">{words.photoChosen}</span>
            </>
          )}
        </p>
        {fileError && (
          <p id={`${id}-error`} className="profile-photo-error">
            {fileError}
          </p>
        )}
        <p id={`${id}-hint`} className="field-hint">
          {words.photoHint}
        </p>
        <button type="submit" className="button button-secondary profile-photo-submit" disabled={busy}>
          {busy ? words.photoSending : words.photoUpdate}
        </button>
      </form>
    </div>
  )
}
