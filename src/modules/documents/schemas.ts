import { Type, type Static } from 'typebox'
import { PhotoSchema } from '../identity/index.js'

const DateTime = Type.Unsafe<Date>({ type: 'string', format: 'date-time' })

/** A document type (spec §3). */
export const DocumentTypeSchema = Type.Object({ id: Type.Integer(), typeName: Type.String(), createdAt: DateTime })
export type DocumentType = Static<typeof DocumentTypeSchema>

/** Optional, so a missing name reaches the shared validation and gets its §5 message. */
export const NewTypeBodySchema = Type.Object({ typeName: Type.Optional(Type.String({ maxLength: 1000 })) })

/** A document as the lists and the view answer it (spec §3, contract §2: `path` and `file.url` hold its URL). */
export const DocumentSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  description: Type.String(),
  path: Type.String(),
  createdAt: DateTime,
  isViewed: Type.Boolean(),
  isArchived: Type.Boolean(),
  file: Type.Object({ url: Type.String(), originalName: Type.String(), mime: Type.String(), size: Type.Integer() }),
  type: Type.Object({ typeName: Type.String() }),
  user: Type.Object({ id: Type.Integer(), username: Type.String(), profilePhoto: PhotoSchema }),
})

/** A document as the API answers it (spec §3, contract §2); islands' rows import this type. */
export type DocumentView = Static<typeof DocumentSchema>

/** A document as the profile's table shows it. */
export const OwnedDocumentSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  typeName: Type.String(),
  createdAt: DateTime,
  isViewed: Type.Boolean(),
  url: Type.String(),
})
export type OwnedDocument = Static<typeof OwnedDocumentSchema>

/** The stored file's name in `/uploads/<name>`: a storage key's last part, nothing else reaches the disk. */
export const StoredNameParamsSchema = Type.Object({ name: Type.String({ pattern: '^[0-9a-f]{32}\\.[a-z0-9]{1,5}$', maxLength: 40 }) })
