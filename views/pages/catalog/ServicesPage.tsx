import { useRenderContext } from '../../../src/render/context.js'
import { page } from '../../../src/render/page.js'
import { services } from '../../../src/modules/catalog/content.js'
import { firmJsonLd } from '../../content/structured-data.js'

export const ServicesPage = page({ title: 'Nos services', description: 'Comptabilité, commissariat aux comptes, services bancaires et audit des entreprises.', jsonLd: firmJsonLd, shared: true, area: 'public' }, function ServicesPage() {
  const { assets } = useRenderContext()
  return (
    <>
      <header className="page-header">
        <div className="container">
          <h1>Nos services</h1>
          <p>Un accompagnement complet, de la tenue de vos comptes à vos relations avec les banques.</p>
        </div>
      </header>
      <div className="container services-list">
        {services.map((service, i) => (
          <article key={service.id} id={service.id} className="service" aria-labelledby={`${service.id}-title`}>
            <img className="service-image" src={assets.url(service.image)} alt={service.alt} width={400} height={260} {...(i === 0 ? { fetchPriority: 'high' as const } : { loading: 'lazy' as const })} />
            <div className="service-body">
              <h2 id={`${service.id}-title`}>{service.title}</h2>
              <p>{service.description}</p>
              <ul className="service-points">
                {service.points.map((point) => (
                  <li key={point}>{point}</li>
                ))}
              </ul>
            </div>
          </article>
        ))}
        <p className="services-cta">
          <a className="button" href="/#contact">
            Contactez-nous
          </a>
        </p>
      </div>
    </>
  )
})
