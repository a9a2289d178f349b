import type { ProfilePhoto } from '../../shared/profile-photo.js'

/** The shapes documents hands to other modules and to pages: types only, so views can import them. */

/** A document as the API answers it (spec §3, contract §2). */
export interface DocumentView {
  id: number
  name: string
  description: string
  path: string
  createdAt: Date
  isViewed: boolean
  isArchived: boolean
  file: { url: string; originalName: string; mime: string; size: number }
  type: { typeName: string }
  user: { id: number; username: string; profilePhoto: ProfilePhoto | null }
}

/** The profile's documents table (clients module). */
export interface OwnedDocument {
  id: number
  name: string
  typeName: string
  createdAt: Date
  isViewed: boolean
  url: string
}
