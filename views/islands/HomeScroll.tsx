import { useEffect } from 'react'
import { CONTACT_SCROLL_DELAY_MS, scrollToContact } from '../client/contact-scroll.js'

/**
 * The home page opens at its top (spec §2), unless the Contact link of another page sent the
 * visitor to /#contact: then it scrolls there after 100 ms.
 */
export default function HomeScroll(_props: Record<string, never>) {
  useEffect(() => {
    if (window.location.hash === '#contact') {
      const timer = window.setTimeout(scrollToContact, CONTACT_SCROLL_DELAY_MS)
      return () => window.clearTimeout(timer)
    }
    window.history.scrollRestoration = 'manual'
    window.scrollTo(0, 0)
  }, [])
  return null
}
