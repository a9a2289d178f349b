import { site } from '../../../src/modules/catalog/content.js'
import { siteWords } from '../../../src/modules/catalog/words.js'
import type { FormProps } from '../../../src/shared/form-state.js'
import { Island } from '../../runtime/Island.js'
import { MailLink } from '../../components/MailLink.js'
import { AsWritten } from '../../components/AsWritten.js'
import { useWords } from '../../runtime/words.js'

/** The home page's contact section, and /ar/contact's, where it is the page (`heading` h1): the form island and the office map. */
export function ContactSection({ form, heading: Heading = 'h2' }: FormProps & { heading?: 'h1' | 'h2' }) {
  const words = useWords(siteWords).contact
  return (
    <section id="contact" className="contact" aria-labelledby="contact-title">
      <Heading id="contact-title" className="contact-title">{words.title}</Heading>
      <p className="contact-intro">
        {words.intro}
      </p>
      <div className="contact-grid">
        <div className="contact-panel">
          <Island name="ContactForm" hydrate="visible" props={{ form }} />
        </div>
        <div className="contact-map">
          <iframe
            src={site.mapEmbedUrl}
            title={words.map(site.shortName)}
            loading="lazy"
            referrerPolicy="no-referrer-when-downgrade"
            allowFullScreen
          />
          <address className="contact-address">
            <AsWritten>{site.address}</AsWritten>
            <br />
            {site.phones.map((phone) => (
              <span key={phone}>
                <a href={`tel:${phone.replace(/\s+/g, '')}`}><AsWritten>{phone}</AsWritten></a> ·{' '}
              </span>
            ))}
            <MailLink address={site.email} />
          </address>
        </div>
      </div>
    </section>
  )
}
