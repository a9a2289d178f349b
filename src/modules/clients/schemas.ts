import { Type } from 'typebox'

const DateTime = Type.Unsafe<Date>({ type: 'string', format: 'date-time' })
const Photo = Type.Union([Type.Object({ url: Type.String() }), Type.Null()])

/** One row of the new-users and clients lists (spec §3: user lists also carry email). */
export const AccountSummarySchema = Type.Object({
  id: Type.Integer(),
  username: Type.String(),
  email: Type.String(),
  entreprise: Type.String(),
  telephone: Type.String(),
  isVerified: Type.Boolean(),
  isAccepted: Type.Boolean(),
  createdAt: DateTime,
  profilePhoto: Photo,
})

/** A document as the profile's table shows it. */
export const OwnedDocumentSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  typeName: Type.String(),
  createdAt: DateTime,
  isViewed: Type.Boolean(),
  url: Type.String(),
})

/** Spec §3 Profile. */
export const ProfileSchema = Type.Object({
  id: Type.Integer(),
  username: Type.String(),
  email: Type.String(),
  entreprise: Type.String(),
  telephone: Type.String(),
  isAccepted: Type.Boolean(),
  isAdmin: Type.Boolean(),
  createdAt: DateTime,
  profilePhoto: Photo,
  documents: Type.Array(OwnedDocumentSchema),
})

/** Spec §3 Counts: users.unaccepted, users.accepted, documents.unviewed, documents.viewed, types. */
export const CountsSchema = Type.Object({
  users: Type.Object({ unaccepted: Type.Integer(), accepted: Type.Integer() }),
  documents: Type.Object({ unviewed: Type.Integer(), viewed: Type.Integer() }),
  types: Type.Integer(),
})
