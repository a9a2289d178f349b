import { site } from '../../src/modules/catalog/content.js'

/** The firm as schema.org describes an accounting firm: name, address, phone (JSON-LD). */
export function firmJsonLd(publicUrl: string): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'AccountingService',
    '@id': `${publicUrl}/#cabinet`,
    name: site.name,
    alternateName: site.shortName,
    description: site.taglineFr,
    url: `${publicUrl}/`,
    logo: `${publicUrl}${site.logo}`,
    image: `${publicUrl}${site.logo}`,
    telephone: site.phones[0]!.replace(/\s+/g, ''),
    email: site.email,
    address: { '@type': 'PostalAddress', ...site.postalAddress },
    founder: { '@type': 'Person', name: site.principal, jobTitle: site.principalTitle },
    areaServed: { '@type': 'Country', name: 'Algérie' },
    availableLanguage: ['fr', 'ar'],
  }
}

/** JSON for a <script type="application/ld+json">: nothing in it can close the element or start markup. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)
}

const scripts = new WeakMap<(publicUrl: string) => object, Map<string, string>>()

/** jsonForScript of a page's structured data, made once per builder and PUBLIC_URL. */
export function jsonLdScript(build: (publicUrl: string) => object, publicUrl: string): string {
  let byUrl = scripts.get(build)
  if (!byUrl) scripts.set(build, (byUrl = new Map()))
  let text = byUrl.get(publicUrl)
  if (text === undefined) byUrl.set(publicUrl, (text = jsonForScript(build(publicUrl))))
  return text
}
