import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** The frontend folder: the build runs from the repo root (`vite build --config frontend/vite.config.ts`). */
const root = fileURLToPath(new URL('.', import.meta.url));
const apiTarget = `http://localhost:${process.env.API_PORT ?? 3000}`;

/**
 * Vendor groups. MUI and its styling engine are split `entriesAware`, so the landing page loads
 * only the MUI modules it renders, and a form control used only by a lazy page travels with that
 * page's vendor chunk instead of growing the first load.
 */
const REACT = /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|cookie|set-cookie-parser)[\\/]/;
const MUI = /[\\/]node_modules[\\/](@mui|@emotion|@babel[\\/]runtime|@popperjs|react-transition-group|stylis|hoist-non-react-statics|clsx|react-is|prop-types)[\\/]/;
const QUERY = /[\\/]node_modules[\\/]@tanstack[\\/]/;
const FORMS = /[\\/]node_modules[\\/](react-hook-form|@hookform|zod|@standard-schema)[\\/]/;

export default defineConfig({
  root,
  publicDir: 'public',
  plugins: [react()],
  server: {
    // `npm run dev` serves the API on API_PORT (default 3000); the browser still sees one origin.
    proxy: { '/api': { target: apiTarget, changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    target: 'es2022',
    rolldownOptions: {
      output: {
        // entriesAware names list every page sharing the chunk; the hash alone keeps them apart.
        chunkFileNames: (chunk) => (chunk.name.startsWith('mui~') ? 'assets/mui-[hash].js' : 'assets/[name]-[hash].js'),
        codeSplitting: {
          groups: [
            { name: 'react', test: REACT, priority: 30 },
            { name: 'mui', test: MUI, priority: 20, entriesAware: true, entriesAwareMergeThreshold: 16 * 1024 },
            { name: 'query', test: QUERY, priority: 10 },
            { name: 'forms', test: FORMS, priority: 10 },
          ],
        },
      },
    },
  },
});
