import type { ReactNode } from 'react'
import { useRenderContext } from '../../../src/render/context.js'
import { page } from '../../../src/render/page.js'
import { privacy, site } from '../../../src/modules/catalog/content.js'
import { siteWords } from '../../../src/modules/catalog/words.js'
import { Day } from '../../components/When.js'
import { MailLink } from '../../components/MailLink.js'
import { AsWritten } from '../../components/AsWritten.js'
import { useWords } from '../../runtime/words.js'

/**
 * The privacy notice (contract §12, docs/decisions/148-the-privacy-notice.md), at /confidentialite
 * and /ar/confidentialite: the headings are the page's, every other word the firm's (site.json's privacy).
 */
export const PrivacyPage = page(
  (_props, language) => ({ title: siteWords[language].privacy.title, description: siteWords[language].privacy.description(site.shortName), shared: true, area: 'public' }),
  function PrivacyPage() {
    const { language } = useRenderContext()
    const words = useWords(siteWords).privacy
    const ar = language === 'ar'
    const text = (item: { textFr: string; textAr: string }) => (ar ? item.textAr : item.textFr)
    return (
      <>
        <header className="page-header">
          <div className="container">
            <h1>{words.title}</h1>
            <p>
              {words.updated} <Day day={privacy.updated} />
            </p>
          </div>
        </header>
        <div className="container privacy">
          <Part id="controller" title={words.controller}>
            <p>{ar ? privacy.controllerAr : privacy.controllerFr}</p>
            <address className="privacy-facts">
              <p>{ar ? site.nameAr : site.name}</p>
              <p>
                {words.address} <AsWritten>{site.address}</AsWritten>
              </p>
              <p>
                {words.email} <MailLink address={site.email} />
              </p>
            </address>
          </Part>
          <Part id="dpo" title={words.dpo}>
            <p>{ar ? privacy.dpoAr : privacy.dpoFr}</p>
            <address className="privacy-facts">
              <p>{ar ? privacy.dpo.nameAr : privacy.dpo.name}</p>
              <p>
                {words.email} <MailLink address={privacy.dpo.email} />
              </p>
              <p>
                {words.phone} <a href={`tel:${privacy.dpo.phone.replace(/\s+/g, '')}`}>
                  <AsWritten>{privacy.dpo.phone}</AsWritten>
                </a>
              </p>
            </address>
          </Part>
          <Part id="purposes" title={words.purposes}>
            <ul>{privacy.purposes.map((item) => <li key={item.textFr}>{text(item)}</li>)}</ul>
          </Part>
          <Part id="retention" title={words.retention}>
            <ul>{privacy.retention.map((item) => <li key={item.textFr}>{text(item)}</li>)}</ul>
          </Part>
          <Part id="rights" title={words.rights}>
            <dl className="privacy-rights">
              {privacy.rights.map((right) => (
                <div key={right.nameFr}>
                  <dt>{ar ? right.nameAr : right.nameFr}</dt>
                  <dd>{text(right)}</dd>
                </div>
              ))}
            </dl>
          </Part>
          <Part id="how" title={words.howTo}>
            <ul>{privacy.howTo.map((item) => <li key={item.textFr}>{text(item)}</li>)}</ul>
            <p>{ar ? privacy.answerAr : privacy.answerFr}</p>
          </Part>
          <Part id="authority" title={words.authority}>
            <p>{ar ? privacy.authorityAr : privacy.authorityFr}</p>
            <p>
              <a href={privacy.authority.url} target="_blank" rel="noopener noreferrer">
                {ar ? privacy.authority.nameAr : privacy.authority.nameFr}
                <span className="sr-only">{words.newTab}</span>
              </a>
            </p>
          </Part>
          <Part id="law" title={words.law}>
            <p>{ar ? privacy.lawAr : privacy.lawFr}</p>
          </Part>
        </div>
      </>
    )
  },
)

function Part({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="privacy-part" aria-labelledby={`privacy-${id}`}>
      <h2 id={`privacy-${id}`}>{title}</h2>
      {children}
    </section>
  )
}
