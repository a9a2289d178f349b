import { existsSync, readFileSync } from 'node:fs'
import { isAbsolute, resolve } from 'node:path'
import { Type, type Static } from 'typebox'
import { Value } from 'typebox/value'
import { projectRoot } from '../../shared/project-root.js'

/**
 * Every fact about the firm — name, logo, address, telephones, WhatsApp, e-mail, map, services — read
 * once at start from one content file outside src/ (`content/site.json`, or the file SITE_CONTENT
 * names), so a firm sets itself up without touching code. Pages, the shell and the footer read it here.
 */

const Text = Type.String({ minLength: 1 })
/** A file of public/ (served under /static/, content-hashed by the build). */
const StaticPath = Type.String({ pattern: '^/static/[^\\s?#]+$' })
const HttpsUrl = Type.String({ pattern: '^https://[^\\s]+$' })

const Email = Type.String({ pattern: '^[^@\\s<>(),;:"]+@[^@\\s<>(),;:"]+\\.[^@\\s<>(),;:"]+$' })
const Phone = Type.String({ pattern: '^\\+?[0-9 ().-]{6,24}$' })

/**
 * Each text a visitor reads exists in French and in Arabic, side by side (`titleAr` beside `title`,
 * `taglineFr` beside `taglineAr`): the Arabic public pages (contract §10) say the same from the same file.
 */
const SiteSchema = Type.Object({
  name: Text,
  nameAr: Text,
  shortName: Text,
  principal: Text,
  principalAr: Text,
  principalTitle: Text,
  principalTitleAr: Text,
  taglineFr: Text,
  taglineAr: Text,
  logo: StaticPath,
  address: Text,
  /** The same address in parts, for search engines (JSON-LD). */
  postalAddress: Type.Object({ streetAddress: Text, addressLocality: Text, postalCode: Text, addressRegion: Text, addressCountry: Type.String({ pattern: '^[A-Z]{2}$' }) }),
  /** The first one is the firm's main number (search engines). */
  phones: Type.Array(Phone, { minItems: 1 }),
  email: Email,
  /** International form, digits only (wa.me's format): 213 then the number without its 0. */
  whatsappNumber: Type.String({ pattern: '^[0-9]{8,15}$' }),
  whatsappGreeting: Text,
  /** An embeddable map page (its origin is allowed as a frame by the Content-Security-Policy). */
  mapEmbedUrl: HttpsUrl,
  footerServices: Type.Array(Text),
  footerServicesAr: Type.Array(Text),
  copyrightYear: Type.Integer({ minimum: 2000, maximum: 2100 }),
  builder: Type.Object({ name: Text, url: HttpsUrl }),
}, { additionalProperties: false })

const SlideSchema = Type.Object({ title: Text, titleAr: Text, description: Text, descriptionAr: Text, image: StaticPath, alt: Type.String(), altAr: Type.String() }, { additionalProperties: false })

const ServiceSchema = Type.Object({
  id: Type.String({ pattern: '^[a-z0-9-]+$' }),
  title: Text,
  titleAr: Text,
  /** Short text of the home page card. */
  summary: Text,
  summaryAr: Text,
  /** Longer text and points of the services page. */
  description: Text,
  descriptionAr: Text,
  points: Type.Array(Text),
  pointsAr: Type.Array(Text),
  image: StaticPath,
  alt: Type.String(),
  altAr: Type.String(),
}, { additionalProperties: false })

const ReferenceSiteSchema = Type.Object({ nameFr: Text, nameAr: Text, url: HttpsUrl, logo: StaticPath }, { additionalProperties: false })

const Bilingual = Type.Object({ textFr: Text, textAr: Text }, { additionalProperties: false })

/**
 * The privacy notice, /confidentialite (contract §12, docs/decisions/148-the-privacy-notice.md): the
 * firm's own words on what the law asks it to tell (Loi 18-07 as amended by Loi 25-11); the page
 * adds the headings, the firm's name, address and e-mail.
 */
const PrivacySchema = Type.Object({
  /** When the firm last changed it (YYYY-MM-DD), shown at its top. */
  updated: Type.String({ pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' }),
  controllerFr: Text,
  controllerAr: Text,
  /** The data protection officer (Loi 25-11). */
  dpo: Type.Object({ name: Text, nameAr: Text, email: Email, phone: Phone }, { additionalProperties: false }),
  dpoFr: Text,
  dpoAr: Text,
  purposes: Type.Array(Bilingual, { minItems: 1 }),
  /** The periods; the documents' one is RETENTION_YEARS's (10 by default: Code de commerce art. 12). */
  retention: Type.Array(Bilingual, { minItems: 1 }),
  /** Access, correction, objection and deletion, at least. */
  rights: Type.Array(Type.Object({ nameFr: Text, nameAr: Text, textFr: Text, textAr: Text }, { additionalProperties: false }), { minItems: 4 }),
  howTo: Type.Array(Bilingual, { minItems: 1 }),
  answerFr: Text,
  answerAr: Text,
  authority: Type.Object({ nameFr: Text, nameAr: Text, url: HttpsUrl }, { additionalProperties: false }),
  authorityFr: Text,
  authorityAr: Text,
  lawFr: Text,
  lawAr: Text,
}, { additionalProperties: false })

export const SiteContentSchema = Type.Object({
  site: SiteSchema,
  slides: Type.Array(SlideSchema, { minItems: 1 }),
  services: Type.Array(ServiceSchema, { minItems: 1 }),
  referenceSites: Type.Array(ReferenceSiteSchema),
  privacy: PrivacySchema,
}, { additionalProperties: true })

export type Site = Static<typeof SiteSchema>
export type Slide = Static<typeof SlideSchema>
export type Service = Static<typeof ServiceSchema>
export type ReferenceSite = Static<typeof ReferenceSiteSchema>
export type Privacy = Static<typeof PrivacySchema>
export type SiteContent = Static<typeof SiteContentSchema>

export class SiteContentError extends Error {
  override name = 'SiteContentError'
}

const ROOT = projectRoot

/** The content file: SITE_CONTENT (relative to the project root), else content/site.json. */
export function siteContentPath(env: NodeJS.ProcessEnv = process.env): string {
  const named = env.SITE_CONTENT?.trim()
  return named ? (isAbsolute(named) ? named : resolve(ROOT, named)) : resolve(ROOT, 'content/site.json')
}

/** Reads and checks a content file; throws SiteContentError with one line naming the file and the field. */
export function loadSiteContent(path: string, publicDir = resolve(ROOT, 'public')): SiteContent {
  let raw: unknown
  try {
    raw = JSON.parse(readFileSync(path, 'utf8'))
  } catch (error) {
    throw new SiteContentError(`Invalid SITE_CONTENT (${path}): ${(error as Error).message}`)
  }
  const first = Value.Errors(SiteContentSchema, raw)[0]
  if (first) throw new SiteContentError(`Invalid SITE_CONTENT (${path}): ${first.instancePath || '/'} ${first.message}`)
  const content = raw as SiteContent
  // A picture named but not shipped would be a broken image on every page: said at start instead.
  const pictures = [content.site.logo, ...content.slides.map((s) => s.image), ...content.services.map((s) => s.image), ...content.referenceSites.map((r) => r.logo)]
  const missing = pictures.find((picture) => !existsSync(resolve(publicDir, picture.slice('/static/'.length))))
  if (missing) throw new SiteContentError(`Invalid SITE_CONTENT (${path}): ${missing} is not a file of public/`)
  return content
}

const content = loadSiteContent(siteContentPath())

export const site: Site = content.site
export const slides: Slide[] = content.slides
export const services: Service[] = content.services
export const referenceSites: ReferenceSite[] = content.referenceSites
export const privacy: Privacy = content.privacy

/** The link of the floating messaging button, with its prefilled greeting. */
export const whatsappUrl = `https://wa.me/${site.whatsappNumber}?text=${encodeURIComponent(site.whatsappGreeting)}`
