import { readdirSync } from 'node:fs'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { staticAssets } from './scripts/vite-static-assets.js'

// Each island is an input of its own: the runtime imports it by the URL its marker carries
// (data-src, from the manifest), so the entry holds no map of islands (docs/decisions/043-islands.md).
const islands = readdirSync('views/islands').filter((file) => file.endsWith('.tsx')).map((file) => `views/islands/${file}`)

// Vite builds only the browser side: the stylesheet, the islands runtime and one chunk per island;
// then public/ is copied with content hashes and every text asset is compressed (scripts/vite-static-assets.ts).
export default defineConfig({
  plugins: [react(), staticAssets()],
  publicDir: false,
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    manifest: true,
    rolldownOptions: {
      input: ['views/client/entry.ts', 'views/styles/app.css', ...islands],
      // An island's chunk must keep its default export (nothing in the build imports it); it may
      // export more (the Carousel's chunk holds contact-scroll.ts for NavBar), saving a facade file.
      preserveEntrySignatures: 'allow-extension',
      output: {
        codeSplitting: {
          // Every island imports React: without the first group it would be a chunk of its own beside
          // the entry; the second keeps the home page's scroll helpers in one file with the carousel, which opens that page.
          groups: [
            { name: 'entry', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]|views[\\/]client[\\/](entry|hydrate)\.ts$|src[\\/]render[\\/]props\.ts$|rolldown[\\/]runtime/ },
            { name: 'Carousel', test: /views[\\/](islands[\\/]Carousel\.tsx|client[\\/]contact-scroll\.ts)$/ },
          ],
        },
      },
    },
  },
})
