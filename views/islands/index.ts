import ThemeToggle from './ThemeToggle.js'

/** Every island, by the name of its file; the browser loads each from its own chunk. */
export const islands = {
  ThemeToggle,
}

export type IslandName = keyof typeof islands
