import { useRenderContext } from '../../../src/render/context.js'
import { page } from '../../../src/render/page.js'
import { referenceSites, services, site, slides } from '../../../src/modules/catalog/content.js'
import { Island } from '../../runtime/Island.js'
import { firmJsonLd } from '../../content/structured-data.js'
import type { FormProps } from '../../../src/shared/form-state.js'
import { ContactSection } from './ContactSection.js'

export const HomePage = page({ title: 'Accueil', description: `${site.name} : comptabilité, commissariat aux comptes et conseil bancaire en Algérie.`, jsonLd: firmJsonLd, shared: true, area: 'public' }, function HomePage({ form }: FormProps) {
  return (
    <>
      <h1 className="sr-only">{site.name}</h1>
      <HomeCarousel />
      <ServicesPreview />
      <ContactSection form={form} />
      <ReferenceSites />
    </>
  )
})

/** The rotating banner (spec §2), on its first slide; the Carousel island adds its controls and rotation. */
function HomeCarousel() {
  const { assets } = useRenderContext()
  return (
    <div className="hero">
      <section className="carousel" aria-roledescription="carrousel" aria-label="Nos domaines d'expertise">
        <div className="carousel-slides" aria-live="off">
          {slides.map((slide, i) => (
            <div
              key={slide.title}
              className="carousel-slide"
              role="group"
              aria-roledescription="diapositive"
              aria-label={`${i + 1} sur ${slides.length}`}
              data-active={i === 0 ? 'true' : 'false'}
              aria-hidden={i === 0 ? undefined : true}
              inert={i !== 0}
            >
              <img className="carousel-image" src={assets.url(slide.image)} alt={slide.alt} width={800} height={500} loading={i === 0 ? 'eager' : 'lazy'} fetchPriority={i === 0 ? 'high' : 'auto'} />
              <div className="carousel-caption">
                <h2 className="carousel-title">{slide.title}</h2>
                <p className="carousel-text">{slide.description}</p>
                <a className="button button-gold" href="/services">
                  En savoir plus
                </a>
              </div>
            </div>
          ))}
        </div>
        <div className="carousel-banner">
          <span className="carousel-banner-name">{site.principal}</span>
          <span className="carousel-banner-title">{site.principalTitle}</span>
        </div>
        <Island name="Carousel" hydrate="load" props={{ count: slides.length }} />
      </section>
    </div>
  )
}

function ServicesPreview() {
  const { assets } = useRenderContext()
  return (
    <section className="section" aria-labelledby="services-title">
      <div className="container">
        <p className="section-kicker">Ce que nous faisons</p>
        <h2 id="services-title" className="section-title">
          Notre Services
        </h2>
        <div className="card-grid">
          {services.map((service) => (
            <article key={service.id} className="card">
              <img className="card-image" src={assets.url(service.image)} alt={service.alt} width={400} height={260} loading="lazy" />
              <div className="card-body">
                <h3 className="card-title">{service.title}</h3>
                <p>{service.summary}</p>
                <a className="card-link" href={`/services#${service.id}`}>
                  Découvrir<span className="sr-only"> : {service.title}</span>
                </a>
              </div>
            </article>
          ))}
        </div>
      </div>
    </section>
  )
}

function ReferenceSites() {
  const { assets } = useRenderContext()
  return (
    <section className="section section-alt" aria-labelledby="references-title">
      <div className="container">
        <h2 id="references-title" className="section-title">
          Sites de référence
        </h2>
        <ul className="reference-grid">
          {referenceSites.map((ref) => (
            <li key={ref.url}>
              <a className="reference" href={ref.url} target="_blank" rel="noopener noreferrer">
                <img src={assets.url(ref.logo)} alt="" width={64} height={64} loading="lazy" />
                <span className="reference-ar" lang="ar" dir="rtl">
                  {ref.nameAr}
                </span>
                <span className="reference-fr">{ref.nameFr}</span>
                <span className="sr-only"> (nouvel onglet)</span>
              </a>
            </li>
          ))}
        </ul>
      </div>
    </section>
  )
}
