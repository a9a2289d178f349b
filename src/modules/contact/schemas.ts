import { Type, type Static } from 'typebox'

/**
 * Every field optional, so a missing one reaches the shared validation and gets its §5 message;
 * the bounds only stop oversized payloads (the French length messages come from validation.ts).
 */
export const ContactBodySchema = Type.Object({
  name: Type.Optional(Type.String({ maxLength: 1000 })),
  email: Type.Optional(Type.String({ maxLength: 1000 })),
  message: Type.Optional(Type.String({ maxLength: 20000 })),
  telephone: Type.Optional(Type.String({ maxLength: 100 })),
  /** Honeypot: hidden from people; a filled value marks a robot. */
  website: Type.Optional(Type.String({ maxLength: 1000 })),
})

/** One message of the firm's inbox (contract §2). */
export const ContactMessageSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  email: Type.String(),
  telephone: Type.String(),
  message: Type.String(),
  createdAt: Type.Unsafe<Date>({ type: 'string', format: 'date-time' }),
})
export type StoredMessage = Static<typeof ContactMessageSchema>
