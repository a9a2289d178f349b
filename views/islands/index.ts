import ThemeToggle from './ThemeToggle.js'
import NavBar from './NavBar.js'
import UserMenu from './UserMenu.js'
import Toaster from './Toaster.js'
import Carousel from './Carousel.js'
import HomeScroll from './HomeScroll.js'
import ContactForm from './ContactForm.js'

/** Every island, by the name of its file; the browser loads each from its own chunk. */
export const islands = {
  ContactForm,
  ThemeToggle,
  NavBar,
  UserMenu,
  Toaster,
  Carousel,
  HomeScroll,
}

export type IslandName = keyof typeof islands
