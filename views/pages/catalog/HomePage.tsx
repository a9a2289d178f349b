import { page } from '../../../src/render/page.js'
import { site } from '../../content/site.js'
import { ContactSection } from './ContactSection.js'

export const HomePage = page({ title: 'Accueil', description: `${site.name} : comptabilité, commissariat aux comptes et conseil bancaire en Algérie.` }, function HomePage() {
  return (
    <section>
      <h1>{site.shortName}</h1>
      <ContactSection />
    </section>
  )
})
