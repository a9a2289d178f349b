import { page } from '../../../src/render/page.js'

export const ServicesPage = page({ title: 'Nos services', description: 'Comptabilité, commissariat aux comptes, services bancaires et audit des entreprises.' }, function ServicesPage() {
  return (
    <section>
      <h1>Nos services</h1>
    </section>
  )
})
