import { Type, type Static } from 'typebox'
import { DateTimeSchema } from '../../http/schemas.js'

/**
 * Every field optional, so a missing one reaches the shared validation and gets its §5 message;
 * the bounds only stop oversized payloads (the French length messages come from validation.ts).
 */
export const ContactBodySchema = Type.Object({
  name: Type.Optional(Type.String({ maxLength: 1000, examples: ['Karim Benali'] })),
  email: Type.Optional(Type.String({ maxLength: 1000, examples: ['karim.benali@example.dz'] })),
  message: Type.Optional(Type.String({ maxLength: 20000, examples: ['Bonjour, je souhaite un rendez-vous pour ma déclaration G50.'] })),
  telephone: Type.Optional(Type.String({ maxLength: 100, examples: ['0661234567'] })),
  /** Honeypot: hidden from people; a filled value marks a robot. */
  website: Type.Optional(Type.String({ maxLength: 1000 })),
}, { title: 'ContactForm' })

/** One message of the firm's inbox (contract §2). */
export const ContactMessageSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  email: Type.String(),
  telephone: Type.String(),
  message: Type.String(),
  createdAt: DateTimeSchema,
}, { title: 'ContactMessage' })
export type StoredMessage = Static<typeof ContactMessageSchema>
