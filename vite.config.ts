import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

// Vite builds only the browser side: the stylesheet and the islands runtime with one chunk per island.
export default defineConfig({
  plugins: [react()],
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
