import { parsePhoto } from '../../../src/modules/identity/photo/value.js'
import { DEFAULT_AVATAR } from '../../../src/shared/avatar.js'
import { useWords } from '../../runtime/words.js'
import { adminListWords } from './words.js'

/** A user's photo, or the blank avatar when there is none or it fails to load. */
export function AvatarCell({ photo }: { photo: unknown }) {
  return (
    <img
      className="avatar admin-avatar"
      src={parsePhoto(photo)?.url ?? DEFAULT_AVATAR}
      alt=""
      width={40}
      height={40}
      loading="lazy"
      onError={(event) => {
        if (!event.currentTarget.src.endsWith(DEFAULT_AVATAR)) event.currentTarget.src = DEFAULT_AVATAR
      }}
    />
  )
}

export function YesNoBadge({ value }: { value: boolean }) {
  const words = useWords(adminListWords)
  return <span className={value ? 'badge badge-yes' : 'badge badge-no'}>{value ? words.yes : words.no}</span>
}
