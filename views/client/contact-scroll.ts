/** Delay before scrolling to #contact once the home page is shown (spec §9). */
export const CONTACT_SCROLL_DELAY_MS = 100

/** Shared by NavBar and HomeScroll, in its own module so that HomeScroll does not load NavBar. */
export function scrollToContact(): void {
  document.getElementById('contact')?.scrollIntoView({ behavior: 'smooth', block: 'start' })
}
