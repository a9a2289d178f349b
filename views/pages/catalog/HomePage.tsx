import { useRenderContext } from '../../../src/render/context.js'
import { page } from '../../../src/render/page.js'
import { referenceSites, services, site, slides } from '../../../src/modules/catalog/content.js'
import { carouselWords, siteWords } from '../../../src/modules/catalog/words.js'
import { publicPath } from '../../../src/http/language.js'
import { Island } from '../../runtime/Island.js'
import { useWords } from '../../runtime/words.js'
import { firmJsonLd } from '../../content/structured-data.js'
import type { FormProps } from '../../../src/shared/form-state.js'
import { ContactSection } from './ContactSection.js'

/** The home page, at / in French and /ar in Arabic (contract §10): the same page, its words and the firm's texts in the address's language. */
export const HomePage = page(
  (_props, language) => ({ title: siteWords[language].home.title, description: siteWords[language].home.description(language === 'ar' ? site.nameAr : site.name), jsonLd: firmJsonLd, shared: true, area: 'public' }),
  function HomePage({ form }: FormProps) {
    const { language } = useRenderContext()
    return (
      <>
        <h1 className="sr-only">{language === 'ar' ? site.nameAr : site.name}</h1>
        <HomeCarousel />
        <ServicesPreview />
        <ContactSection form={form} />
        <ReferenceSites />
      </>
    )
  },
)

/** The rotating banner (spec §2), on its first slide; the Carousel island adds its controls and rotation. */
function HomeCarousel() {
  const { assets, language } = useRenderContext()
  const words = useWords(siteWords).home
  const ar = language === 'ar'
  return (
    <div className="hero">
      <section className="carousel" aria-roledescription={words.carousel} aria-label={words.carouselLabel}>
        <div className="carousel-slides" aria-live="off">
          {slides.map((slide, i) => (
            <div
              key={slide.title}
              className="carousel-slide"
              role="group"
              aria-roledescription={words.slide}
              aria-label={words.slideOf(i + 1, slides.length)}
              data-active={i === 0 ? 'true' : 'false'}
              aria-hidden={i === 0 ? undefined : true}
              inert={i !== 0}
            >
              <img className="carousel-image" src={assets.url(slide.image)} alt={ar ? slide.altAr : slide.alt} width={800} height={500} loading={i === 0 ? 'eager' : 'lazy'} fetchPriority={i === 0 ? 'high' : 'auto'} />
              <div className="carousel-caption">
                <h2 className="carousel-title">{ar ? slide.titleAr : slide.title}</h2>
                <p className="carousel-text">{ar ? slide.descriptionAr : slide.description}</p>
                <a className="button button-gold" href={publicPath('/services', language)}>
                  {words.more}
                </a>
              </div>
            </div>
          ))}
        </div>
        <div className="carousel-banner">
          <span className="carousel-banner-name">{ar ? site.principalAr : site.principal}</span>
          <span className="carousel-banner-title">{ar ? site.principalTitleAr : site.principalTitle}</span>
        </div>
        <Island name="Carousel" hydrate="load" props={{ count: slides.length, words: carouselWords[language] }} />
      </section>
    </div>
  )
}

function ServicesPreview() {
  const { assets, language } = useRenderContext()
  const words = useWords(siteWords).home
  const ar = language === 'ar'
  return (
    <section className="section" aria-labelledby="services-title">
      <div className="container">
        <p className="section-kicker">{words.kicker}</p>
        <h2 id="services-title" className="section-title">
          {words.services}
        </h2>
        <div className="card-grid">
          {services.map((service) => (
            <article key={service.id} className="card">
              <img className="card-image" src={assets.url(service.image)} alt={ar ? service.altAr : service.alt} width={400} height={260} loading="lazy" />
              <div className="card-body">
                <h3 className="card-title">{ar ? service.titleAr : service.title}</h3>
                <p>{ar ? service.summaryAr : service.summary}</p>
                <a className="card-link" href={`${publicPath('/services', language)}#${service.id}`}>
                  {words.discover}
                  <span className="sr-only">{ar ? '، ' : ' : '}{ar ? service.titleAr : service.title}</span>
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
  const { assets, language } = useRenderContext()
  const words = useWords(siteWords).home
  return (
    <section className="section section-alt" aria-labelledby="references-title">
      <div className="container">
        <h2 id="references-title" className="section-title">
          {words.references}
        </h2>
        <ul className="reference-grid">
          {referenceSites.map((ref) => (
            <li key={ref.url}>
              <a className="reference" href={ref.url} target="_blank" rel="noopener noreferrer">
                <img src={assets.url(ref.logo)} alt="" width={64} height={64} loading="lazy" />
                <span className="reference-ar" lang={language === 'ar' ? undefined : 'ar'} dir={language === 'ar' ? undefined : 'rtl'}>
                  {ref.nameAr}
                </span>
                {/* The reference sites' own names (contract §10): both, on either page. */}
                <span className="reference-fr" lang={language === 'ar' ? 'fr' : undefined} dir={language === 'ar' ? 'ltr' : undefined}>
                  {ref.nameFr}
                </span>
                <span className="sr-only">{words.newTab}</span>
              </a>
            </li>
          ))}
        </ul>
      </div>
    </section>
  )
}
