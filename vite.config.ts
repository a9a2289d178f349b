import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { staticAssets } from './scripts/vite-static-assets.js'

// Vite builds only the browser side: the stylesheet and the islands runtime with one chunk per island;
// then public/ is copied with content hashes and every text asset is compressed (scripts/vite-static-assets.ts).
export default defineConfig({
  plugins: [react(), staticAssets()],
  publicDir: false,
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    manifest: true,
    rollupOptions: {
      input: ['views/client/entry.ts', 'views/styles/app.css'],
    },
  },
})
