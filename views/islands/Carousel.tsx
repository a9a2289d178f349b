import { useEffect, useState, type FocusEvent } from 'react'
import type { Slide } from '../content/site.js'

/** Auto-advance period (spec §9); the 300 ms fade lives in home.css. */
export const ADVANCE_MS = 5000

export interface CarouselProps {
  slides: Slide[]
  principal: string
  principalTitle: string
  moreHref: string
}

function usePrefersReducedMotion(): boolean {
  const [reduced, setReduced] = useState(false)
  useEffect(() => {
    const query = window.matchMedia('(prefers-reduced-motion: reduce)')
    const update = () => setReduced(query.matches)
    update()
    query.addEventListener('change', update)
    return () => query.removeEventListener('change', update)
  }, [])
  return reduced
}

/** The home page's rotating banner; the server renders it on its first slide. */
export default function Carousel({ slides, principal, principalTitle, moreHref }: CarouselProps) {
  const [index, setIndex] = useState(0)
  const [hovered, setHovered] = useState(false)
  const [focused, setFocused] = useState(false)
  const [stopped, setStopped] = useState(false)
  const reducedMotion = usePrefersReducedMotion()
  const rotating = !stopped && !hovered && !focused && !reducedMotion && slides.length > 1

  useEffect(() => {
    if (!rotating) return
    // Restarts on every change of slide, so a click gives the new slide its full time.
    const timer = window.setTimeout(() => setIndex((i) => (i + 1) % slides.length), ADVANCE_MS)
    return () => window.clearTimeout(timer)
  }, [rotating, index, slides.length])

  const go = (step: number) => setIndex((i) => (i + step + slides.length) % slides.length)
  const onBlur = (event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false)
  }

  return (
    <section
      className="carousel"
      aria-roledescription="carrousel"
      aria-label="Nos domaines d'expertise"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={onBlur}
    >
      <div className="carousel-slides" aria-live={rotating ? 'off' : 'polite'}>
        {slides.map((slide, i) => (
          <div
            key={slide.title}
            className="carousel-slide"
            role="group"
            aria-roledescription="diapositive"
            aria-label={`${i + 1} sur ${slides.length}`}
            data-active={i === index ? 'true' : 'false'}
            aria-hidden={i === index ? undefined : true}
            inert={i !== index}
          >
            <img className="carousel-image" src={slide.image} alt={slide.alt} width={800} height={500} loading={i === 0 ? 'eager' : 'lazy'} fetchPriority={i === 0 ? 'high' : 'auto'} />
            <div className="carousel-caption">
              <h2 className="carousel-title">{slide.title}</h2>
              <p className="carousel-text">{slide.description}</p>
              <a className="button button-gold" href={moreHref}>
                En savoir plus
              </a>
            </div>
          </div>
        ))}
      </div>
      <div className="carousel-banner">
        <span className="carousel-banner-name">{principal}</span>
        <span className="carousel-banner-title">{principalTitle}</span>
      </div>
      <div className="carousel-controls">
        <button type="button" className="carousel-arrow" aria-label="Diapositive précédente" onClick={() => go(-1)}>
          <Chevron direction="left" />
        </button>
        <div className="carousel-dots">
          {slides.map((slide, i) => (
            <button key={slide.title} type="button" className="carousel-dot" aria-label={`Aller à la diapositive ${i + 1}`} aria-current={i === index ? 'true' : undefined} onClick={() => setIndex(i)} />
          ))}
        </div>
        <button type="button" className="carousel-arrow" aria-label="Diapositive suivante" onClick={() => go(1)}>
          <Chevron direction="right" />
        </button>
        <button type="button" className="carousel-pause" aria-pressed={stopped} onClick={() => setStopped(!stopped)}>
          {stopped ? 'Reprendre' : 'Pause'}
        </button>
      </div>
    </section>
  )
}

function Chevron({ direction }: { direction: 'left' | 'right' }) {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
      <path d={direction === 'left' ? 'm15 5-7 7 7 7' : 'm9 5 7 7-7 7'} fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  )
}
