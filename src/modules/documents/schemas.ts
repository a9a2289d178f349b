import { Type, type Static } from 'typebox'
import { DateTimeSchema, IdSchema, NullableDateTimeSchema } from '../../http/schemas.js'
import { PhotoSchema } from '../identity/index.js'
import { DESCRIPTION_MAX, DOCUMENT_NAME_MAX } from './validation.js'

/** A stored file as lists show it: its address, its original name, its checked type and its size. */
const StoredFileSchema = Type.Object(
  {
    url: Type.String({ examples: ['/uploads/0f1e2d3c4b5a69788796a5b4c3d2e1f0.pdf'] }),
    originalName: Type.String({ examples: ['bilan-2025.pdf'] }),
    mime: Type.String({ examples: ['application/pdf'] }),
    size: Type.Integer({ examples: [183_204] }),
  },
  { title: 'StoredFile' },
)

/** Contract §9: the company's person who uploaded a document (the owner or a member); null for what the firm sent. */
export const UploaderSchema = Type.Union(
  [Type.Object({ id: Type.Integer({ examples: [12] }), username: Type.String({ examples: ['Karim Benali'] }) }), Type.Null()],
  { title: 'Uploader', description: 'La personne de l’entreprise qui a déposé le document ; null pour un document envoyé par le cabinet' },
)

/** A document type (spec §3). */
export const DocumentTypeSchema = Type.Object({ id: Type.Integer({ examples: [3] }), typeName: Type.String({ examples: ['Bilan'] }), createdAt: DateTimeSchema }, { title: 'DocumentType' })
export type DocumentType = Static<typeof DocumentTypeSchema>

/** Optional, so a missing name reaches the shared validation and gets its §5 message. */
export const NewTypeBodySchema = Type.Object({ typeName: Type.Optional(Type.String({ maxLength: 1000, examples: ['Bilan'] })) }, { title: 'NewDocumentType' })

/** A document as the lists and the view answer it (spec §3, contract §2: `path` and `file.url` hold its URL). */
export const DocumentSchema = Type.Object(
  {
    id: Type.Integer({ examples: [42] }),
    name: Type.String({ examples: ['bilan-2025.pdf'] }),
    description: Type.String({ examples: ['Bilan de l’exercice 2025'] }),
    path: Type.String({ examples: ['/uploads/0f1e2d3c4b5a69788796a5b4c3d2e1f0.pdf'] }),
    createdAt: DateTimeSchema,
    isViewed: Type.Boolean(),
    isArchived: Type.Boolean(),
    file: StoredFileSchema,
    type: Type.Object({ typeName: Type.String({ examples: ['Bilan'] }) }),
    user: Type.Object({ id: Type.Integer({ examples: [7] }), username: Type.String({ examples: ['Amina Haddad'] }), entreprise: Type.String({ examples: ['Transports Ezzahra'] }), profilePhoto: PhotoSchema }),
    uploadedBy: UploaderSchema,
    onHold: Type.Boolean({ description: 'Sous conservation légale (contract §12) : personne ne le supprime, la durée de conservation ne le purge pas.' }),
  },
  { title: 'Document' },
)

/** A document as the API answers it (spec §3, contract §2); islands' rows import this type. */
export type DocumentView = Static<typeof DocumentSchema>

/** A document as the profile's table shows it. */
export const OwnedDocumentSchema = Type.Object(
  {
    id: Type.Integer({ examples: [42] }),
    name: Type.String({ examples: ['bilan-2025.pdf'] }),
    typeName: Type.String({ examples: ['Bilan'] }),
    createdAt: DateTimeSchema,
    isViewed: Type.Boolean(),
    url: Type.String({ examples: ['/uploads/0f1e2d3c4b5a69788796a5b4c3d2e1f0.pdf'] }),
    uploadedBy: UploaderSchema,
  },
  { title: 'OwnedDocument' },
)
export type OwnedDocument = Static<typeof OwnedDocumentSchema>

/** What the firm sent a client (contract §7), as `GET /api/documents/received` answers it. */
export const ReceivedDocumentSchema = Type.Object(
  {
    id: Type.Integer({ examples: [43] }),
    name: Type.String({ examples: ['Attestation fiscale 2025'] }),
    description: Type.String(),
    createdAt: DateTimeSchema,
    file: StoredFileSchema,
    downloadedAt: NullableDateTimeSchema,
    uploadedBy: UploaderSchema,
  },
  { title: 'ReceivedDocument' },
)
export type ReceivedDocument = Static<typeof ReceivedDocumentSchema>

export const UserIdParamsSchema = Type.Object({ userId: IdSchema })

/** The stored file's name in `/uploads/<name>`: a storage key's last part, nothing else reaches the disk. */
export const StoredNameParamsSchema = Type.Object({ name: Type.String({ pattern: '^[0-9a-f]{32}\\.[a-z0-9]{1,5}$', maxLength: 40 }) })

const FileField = Type.String({ format: 'binary', description: 'Le fichier : PDF, PNG, JPEG, DOCX, XLSX ou XLS (contenu vérifié)' })
const Description = Type.Optional(Type.String({ maxLength: DESCRIPTION_MAX, examples: ['Bilan de l’exercice 2025'] }))

/** POST /api/documents/upload's form (OpenAPI only: @fastify/multipart reads it, documents' validation checks it). */
export const UploadFormSchema = Type.Object(
  {
    file: FileField,
    type: Type.Optional(Type.String({ description: 'Le nom d’un type de document (GET /api/documents/types) ; pris de la demande avec requestId', examples: ['Bilan'] })),
    description: Description,
    userId: Type.Optional(Type.Integer({ description: 'L’id de son entreprise (celui du titulaire du compte, pour un membre aussi), s’il est donné (un autre est refusé)' })),
    requestId: Type.Optional(Type.Integer({ description: 'La demande du cabinet à laquelle ce fichier répond' })),
  },
  { title: 'UploadForm' },
)

/** POST /api/documents/send/:userId's form (OpenAPI only, as the upload's). */
export const SendFormSchema = Type.Object(
  {
    file: FileField,
    name: Type.Optional(Type.String({ maxLength: DOCUMENT_NAME_MAX, description: 'Le nom montré au client ; vide : celui du fichier', examples: ['Attestation fiscale 2025'] })),
    description: Description,
    requestId: Type.Optional(Type.Integer({ description: 'Une demande ouverte de ce client à laquelle le document répond : elle devient satisfaite et le liste (une autre, close ou d’un autre client, est refusée)' })),
  },
  { title: 'SendForm' },
)

/** An upload's answer: the message and the new document's id. */
export const UploadedSchema = Type.Object({ message: Type.String({ examples: ['Document envoyé avec succès.'] }), id: Type.Integer({ examples: [42] }) }, { title: 'Uploaded' })

/** A company's hold set or lifted (contract §12): the message, and how many documents it changed. */
export const HoldCountSchema = Type.Object({ message: Type.String(), count: Type.Integer({ minimum: 0 }) }, { title: 'HoldCount' })
