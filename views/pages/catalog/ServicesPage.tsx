import { useRenderContext } from '../../../src/render/context.js'
import { page } from '../../../src/render/page.js'
import { services } from '../../../src/modules/catalog/content.js'
import { siteWords } from '../../../src/modules/catalog/words.js'
import { publicPath } from '../../../src/http/language.js'
import { useWords } from '../../runtime/words.js'
import { firmJsonLd } from '../../content/structured-data.js'

/** The services page, at /services in French and /ar/services in Arabic (contract §10). */
export const ServicesPage = page(
  (_props, language) => ({ title: siteWords[language].services.title, description: siteWords[language].services.description, jsonLd: firmJsonLd, shared: true, area: 'public' }),
  function ServicesPage() {
    const { assets, language } = useRenderContext()
    const words = useWords(siteWords).services
    const ar = language === 'ar'
    return (
      <>
        <header className="page-header">
          <div className="container">
            <h1>{words.title}</h1>
            <p>{words.lead}</p>
          </div>
        </header>
        <div className="container services-list">
          {services.map((service, i) => (
            <article key={service.id} id={service.id} className="service" aria-labelledby={`${service.id}-title`}>
              <img className="service-image" src={assets.url(service.image)} alt={ar ? service.altAr : service.alt} width={400} height={260} {...(i === 0 ? { fetchPriority: 'high' as const } : { loading: 'lazy' as const })} />
              <div className="service-body">
                <h2 id={`${service.id}-title`}>{ar ? service.titleAr : service.title}</h2>
                <p>{ar ? service.descriptionAr : service.description}</p>
                <ul className="service-points">
                  {(ar ? service.pointsAr : service.points).map((point) => (
                    <li key={point}>{point}</li>
                  ))}
                </ul>
              </div>
            </article>
          ))}
          <p className="services-cta">
            <a className="button" href={publicPath('/#contact', language)}>
              {words.contact}
            </a>
          </p>
        </div>
      </>
    )
  },
)
