import ThemeToggle from './ThemeToggle.js'
import ContactForm from './ContactForm.js'

/** Every island, by the name of its file; the browser loads each from its own chunk. */
export const islands = {
  ContactForm,
  ThemeToggle,
}

export type IslandName = keyof typeof islands
