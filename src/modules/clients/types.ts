/** The shapes clients hands to pages, derived from its schemas (types only, so views can import them). */
export type { AccountRow, Counts, Profile } from './schemas.js'
