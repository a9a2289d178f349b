/** The home page's contact section: the form island and the office map. */
export function ContactSection() {
  return <section id="contact" className="contact" />
}
