import { useEffect } from 'react'

/** Delay before scrolling to #contact once the home page is shown (spec §9). */
export const CONTACT_SCROLL_DELAY_MS = 100

/** Shared by NavBar and the home page's opening (below), in its own module so that the home page does not load NavBar. */
export function scrollToContact(): void {
  document.getElementById('contact')?.scrollIntoView({ behavior: 'smooth', block: 'start' })
}

/**
 * The home page opens at its top (spec §2), unless the Contact link of another page sent the
 * visitor to /#contact: then it scrolls there after 100 ms. Used by the island that opens the page
 * (the carousel), so that the home page loads one island before any interaction, not two.
 */
export function useHomeOpening(): void {
  useEffect(() => {
    if (location.hash === '#contact') {
      const timer = setTimeout(scrollToContact, CONTACT_SCROLL_DELAY_MS)
      return () => clearTimeout(timer)
    }
    history.scrollRestoration = 'manual'
    scrollTo(0, 0)
  }, [])
}
