import { useRenderContext } from '../../src/render/context.js'
import { site, whatsappUrl } from '../../src/modules/catalog/content.js'
import { MailLink } from '../components/MailLink.js'
import { AsWritten } from '../components/AsWritten.js'
import { shellWords } from '../words.js'
import { useWords } from '../runtime/words.js'
import { publicPath } from '../../src/http/language.js'

/** The footer element's attributes: the shell renders its content once (views/runtime/RenderedOnce.tsx). */
export const FOOTER = { className: 'footer' }

/** Logo, bilingual tagline, services, contact facts, copyright and builder credit: the footer's content. */
export function Footer() {
  const { assets, language } = useRenderContext()
  const words = useWords(shellWords)
  const ar = language === 'ar'
  return (
    <>
      <div className="container footer-grid">
        <div className="footer-brand">
          <img src={assets.url(site.logo)} alt="" width={48} height={48} loading="lazy" />
          <p className="footer-name">{site.shortName}</p>
          {/* Both on a French page (spec §2); an Arabic page says every word in Arabic (contract §10). */}
          {!ar && <p className="footer-tagline">{site.taglineFr}</p>}
          <p className="footer-tagline" lang={ar ? undefined : 'ar'} dir={ar ? undefined : 'rtl'}>
            {site.taglineAr}
          </p>
        </div>
        <div>
          <h2 className="footer-heading">{words.ourServices}</h2>
          <ul className="footer-list">
            {(ar ? site.footerServicesAr : site.footerServices).map((service) => (
              <li key={service}>
                <a href={publicPath('/services', language)}>{service}</a>
              </li>
            ))}
          </ul>
        </div>
        <div>
          <h2 className="footer-heading">{words.contactHeading}</h2>
          <address className="footer-list">
            <p>
              <AsWritten>{site.address}</AsWritten>
            </p>
            <p>
              {words.phone}{' '}
              {site.phones.map((phone, i) => (
                <span key={phone}>
                  {i > 0 && ' · '}
                  <a href={`tel:${phone.replace(/\s/g, '')}`}>
                    <AsWritten>{phone}</AsWritten>
                  </a>
                </span>
              ))}
            </p>
            <p>
              {words.email} <MailLink address={site.email} />
            </p>
          </address>
        </div>
      </div>
      <div className="footer-bottom">
        <div className="container footer-bottom-inner">
          <p>
            © {site.copyrightYear} {site.shortName}. {words.rights}
          </p>
          <p>
            <a href={publicPath('/confidentialite', language)}>{words.privacy}</a>
          </p>
          <p>
            {words.builtBy}{' '}
            <a href={site.builder.url} target="_blank" rel="noopener noreferrer">
              {site.builder.name}
            </a>
          </p>
        </div>
      </div>
    </>
  )
}

/** The floating messaging button, bottom-right: a chat with a prefilled Arabic greeting. */
export function WhatsAppButton() {
  const words = useWords(shellWords)
  return (
    <a className="whatsapp-button" href={whatsappUrl} target="_blank" rel="noopener noreferrer" aria-label={words.whatsapp}>
      <svg viewBox="0 0 32 32" width="30" height="30" aria-hidden="true" focusable="false">
        <path
          fill="currentColor"
          d="M16 3a13 13 0 0 0-11.2 19.6L3 29l6.6-1.7A13 13 0 1 0 16 3zm0 23.6c-2 0-4-.6-5.7-1.6l-.4-.2-3.9 1 1-3.8-.3-.4A10.6 10.6 0 1 1 16 26.6zm5.8-7.9c-.3-.2-1.9-.9-2.2-1s-.5-.2-.7.2-.8 1-1 1.2-.4.2-.7 0a8.7 8.7 0 0 1-4.3-3.8c-.3-.6.3-.5 1-1.7.1-.2 0-.4 0-.5l-1-2.4c-.3-.6-.5-.5-.7-.5h-.6a1.2 1.2 0 0 0-.9.4 3.6 3.6 0 0 0-1.1 2.7 6.3 6.3 0 0 0 1.3 3.3 14.4 14.4 0 0 0 5.5 4.9c2 .9 2.8 1 3.9.8a3.3 3.3 0 0 0 2.1-1.5 2.7 2.7 0 0 0 .2-1.5c-.1-.2-.3-.2-.6-.4z"
        />
      </svg>
    </a>
  )
}
