import { page } from '../../../src/render/page.js'
import { site } from '../../../src/modules/catalog/content.js'
import { siteWords } from '../../../src/modules/catalog/words.js'
import type { FormProps } from '../../../src/shared/form-state.js'
import { firmJsonLd } from '../../content/structured-data.js'
import { ContactSection } from './ContactSection.js'

/** /ar/contact (contract §10): the home page's contact section as a page; its French twin is /#contact. */
export const ContactPage = page(
  (_props, language) => ({ title: siteWords[language].contact.title, description: siteWords[language].contact.description(language === 'ar' ? site.nameAr : site.name), jsonLd: firmJsonLd, shared: true, area: 'public' }),
  function ContactPage({ form }: FormProps) {
    return (
      <div className="contact-page">
        <ContactSection form={form} heading="h1" />
      </div>
    )
  },
)
