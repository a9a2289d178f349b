import Bowser from 'bowser'

/**
 * A user agent as a person reads it ("Firefox 128 sur Linux"), for the sessions list and the
 * password mail; bowser does the parsing. Unknown or absent: "Navigateur inconnu".
 */
export function describeUserAgent(userAgent: string | null | undefined): string {
  if (!userAgent) return 'Navigateur inconnu'
  const { browser, os } = Bowser.parse(userAgent)
  const name = browser.name ? [browser.name, browser.version?.split('.')[0]].filter(Boolean).join(' ') : 'Navigateur inconnu'
  const system = os.name ? [os.name, os.versionName].filter(Boolean).join(' ') : undefined
  return system ? `${name} sur ${system}` : name
}
