import { site } from '../../../src/modules/catalog/content.js'
import type { FormProps } from '../../../src/shared/form-state.js'
import { Island } from '../../runtime/Island.js'
import { MailLink } from '../../components/MailLink.js'

/** The home page's contact section: the form island and the office map. */
export function ContactSection({ form }: FormProps) {
  return (
    <section id="contact" className="contact" aria-labelledby="contact-title">
      <h2 id="contact-title" className="contact-title">Contactez-nous</h2>
      <p className="contact-intro">
        Une question sur nos services ? Écrivez-nous, nous vous répondrons rapidement.
      </p>
      <div className="contact-grid">
        <div className="contact-panel">
          <Island name="ContactForm" hydrate="visible" props={{ form }} />
        </div>
        <div className="contact-map">
          <iframe
            src={site.mapEmbedUrl}
            title={`Plan d’accès au ${site.shortName}`}
            loading="lazy"
            referrerPolicy="no-referrer-when-downgrade"
            allowFullScreen
          />
          <address className="contact-address">
            {site.address}
            <br />
            {site.phones.map((phone) => (
              <span key={phone}>
                <a href={`tel:${phone.replace(/\s+/g, '')}`}>{phone}</a> ·{' '}
              </span>
            ))}
            <MailLink address={site.email} />
          </address>
        </div>
      </div>
    </section>
  )
}
