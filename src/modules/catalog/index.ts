// The public site: its pages, what search engines read, and its content (name, address, services…).
export { default, type CatalogViews } from './pages.js'
export { site, slides, whatsappUrl } from './content.js'
export { publicPaths } from './seo.js'
