import { useEffect, useRef, useState, type KeyboardEvent } from 'react'
import { useHomeOpening } from '../client/contact-scroll.js'
import type { CarouselWords } from '../../src/modules/catalog/words.js'

/** Auto-advance period (spec §9); the 300 ms fade lives in home.css. */
const ADVANCE_MS = 5000

/**
 * The home carousel's controls and rotation (spec §2). The slides are the page's own HTML
 * (HomePage's HomeCarousel), on the first one; this island shows one at a time, the others hidden
 * from sight, from assistive technologies and from the keyboard. It advances every 5 s unless it is
 * paused, hovered or focused, or the visitor prefers reduced motion. As the island that opens the
 * home page, it also puts the page at its top, or at #contact (useHomeOpening). The arrow keys (on its
 * controls) and a swipe go the way the chevrons point, so right to left ← and a swipe to the right
 * are the next slide. Its words come as props, in the page's language: the home page's first load
 * is this island's script, held within 2 % of a bare counter's (BENCHMARKS.md), and a catalogue of
 * both languages in it would cost more than the few words the page carries.
 */
export default function Carousel({ count, words }: { count: number; words: CarouselWords }) {
  const controls = useRef<HTMLDivElement>(null)
  const [index, setIndex] = useState(0)
  const [stopped, setStopped] = useState(false)
  useHomeOpening()

  useEffect(() => {
    const carousel = controls.current!.closest('.carousel')!
    // Still while paused, pointed at or focused, or for a visitor who prefers reduced motion: a change
    // of slide is then the visitor's own, and announced; the rotation's are not.
    const still = () => stopped || carousel.matches(':hover, :focus-within') || matchMedia('(prefers-reduced-motion: reduce)').matches
    carousel.querySelector('.carousel-slides')!.setAttribute('aria-live', still() ? 'polite' : 'off')
    carousel.querySelectorAll('.carousel-slide').forEach((slide, i) => {
      slide.setAttribute('data-active', String(i === index))
      if (i === index) slide.removeAttribute('aria-hidden')
      else slide.setAttribute('aria-hidden', 'true')
      slide.toggleAttribute('inert', i !== index)
    })
    // Restarts on every change of slide, so a click gives the new slide its full time.
    const timer = setInterval(() => still() || setIndex((i) => (i + 1) % count), ADVANCE_MS)
    return () => clearInterval(timer)
  }, [index, stopped, count])

  const go = (step: number) => setIndex((i) => (i + step + count) % count)
  /** `onwards`: what is the next slide left to right (→, a swipe to the left); right to left its opposite is. */
  const turn = (onwards: boolean, element: Element) => go(onwards !== element.matches(':dir(rtl)') ? 1 : -1)
  useEffect(() => {
    const carousel = controls.current!.closest<HTMLElement>('.carousel')!
    const stop = new AbortController()
    const options = { signal: stop.signal }
    let x: number | null = null
    let y = 0
    carousel.addEventListener('pointerdown', (event) => {
      x = event.pointerType === 'mouse' ? null : event.clientX
      y = event.clientY
    }, options)
    carousel.addEventListener('pointerup', (event) => {
      const dx = x === null ? 0 : event.clientX - x
      x = null
      // A swipe is mostly sideways and at least 3 rem long; a tap or a scroll of the page is not one.
      if (Math.abs(dx) >= 48 && Math.abs(dx) >= 2 * Math.abs(event.clientY - y)) turn(dx < 0, carousel)
    }, options)
    return () => stop.abort()
  }, [count])

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return
    event.preventDefault()
    turn(event.key === 'ArrowRight', event.currentTarget)
  }
  return (
    <div className="carousel-controls" ref={controls} onKeyDown={onKeyDown}>
      <button type="button" className="carousel-arrow" aria-label={words.previous} onClick={() => go(-1)}>
        <Chevron d="m15 5-7 7 7 7" />
      </button>
      <div className="carousel-dots">
        {Array.from({ length: count }, (_, i) => (
          <button key={i} type="button" className="carousel-dot" aria-label={`${words.goTo} ${i + 1}`} aria-current={i === index ? 'true' : undefined} onClick={() => setIndex(i)} />
        ))}
      </div>
      <button type="button" className="carousel-arrow" aria-label={words.next} onClick={() => go(1)}>
        <Chevron d="m9 5 7 7-7 7" />
      </button>
      <button type="button" className="carousel-pause" aria-pressed={stopped} onClick={() => setStopped(!stopped)}>
        {stopped ? words.resume : words.pause}
      </button>
    </div>
  )
}

/** Its stroke is drawn by home.css (.carousel-arrow path). */
function Chevron({ d }: { d: string }) {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
      <path d={d} />
    </svg>
  )
}
