import type { Language } from '../../src/shared/words.js'

/** The language switch of the header and the admin sidebar (contract §10): a plain link, without JavaScript too. */
export interface LanguageSwitch {
  href: string
  label: string
  lang: Language
}

/**
 * The switch to the other language: a plain link (contract §10), named in that language (`lang`);
 * laid out in the page's direction, so that the menus stay each other's mirror image.
 */
export function LanguageLink({ href, label, lang }: LanguageSwitch) {
  return (
    <a className="language-switch" href={href} hrefLang={lang} lang={lang}>
      {label}
    </a>
  )
}
