import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { createServer, defineConfig, type Plugin, type Rolldown } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';
import { PRERENDERED_SIGN_IN_PAGES, prerenderedFileOf, type PrerenderedSignInPath } from '../shared/prerendered-pages';
import { landingDocument, signInDocument, SIGN_IN_BOOT } from './prerender/documents';
import { SIGN_IN_PAGE_MODULES } from './prerender/sign-in-page-modules';

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
const CHARTS = /[\\/]node_modules[\\/](@mui[\\/]x-|d3-|internmap|flatqueue|bezier-easing)/;

/** The brand colours of the manifest and the splash screen (theme.ts BRAND). */
const THEME_COLOR = '#5b3cc4';
const BACKGROUND_COLOR = '#f7f5ff';

/** What the landing page loads to register the service worker, so a first visit already installs the app shell. */
const REGISTER_SW_FILE = 'register-sw.js';
const REGISTER_SW = `if('serviceWorker'in navigator)addEventListener('load',function(){navigator.serviceWorker.register('/sw.js',{scope:'/'})});`;

/** A chunk's file and every chunk it imports statically, transitively. */
function staticClosure(bundle: Rolldown.OutputBundle, fileName: string, files = new Set<string>()): Set<string> {
  const chunk = bundle[fileName];
  if (!chunk || chunk.type !== 'chunk' || files.has(fileName)) return files;
  files.add(fileName);
  for (const imported of chunk.imports) staticClosure(bundle, imported, files);
  return files;
}

function chunkOf(bundle: Rolldown.OutputBundle, test: (chunk: Rolldown.OutputChunk) => boolean): Rolldown.OutputChunk | undefined {
  return Object.values(bundle).find((item): item is Rolldown.OutputChunk => item.type === 'chunk' && test(item));
}

/**
 * Build step: `app.html` is the app shell as Vite wrote `index.html` (every route without a
 * prerendered document gets it: infra/stacks/edge-functions.ts), `index.html` becomes the landing
 * page rendered to static HTML, and each sign-in page gets its document to hydrate
 * (frontend/prerender/). It runs before the service worker is generated, so the precache holds the
 * final files.
 */
function prerenderPages(): Plugin {
  return {
    name: 'chorequest:prerender',
    apply: 'build',
    enforce: 'post',
    async generateBundle(_options, bundle) {
      const index = bundle['index.html'];
      if (!index || index.type !== 'asset') this.error('index.html is missing from the bundle');
      const shell = String(index.source);
      this.emitFile({ type: 'asset', fileName: 'app.html', source: shell });
      this.emitFile({ type: 'asset', fileName: REGISTER_SW_FILE, source: REGISTER_SW });
      const bootSrc = `/${this.getFileName(this.emitFile({ type: 'asset', name: 'sign-in-boot.js', source: SIGN_IN_BOOT }))}`;
      const entry = chunkOf(bundle, (c) => c.isEntry);
      if (!entry) this.error('The app entry chunk is missing from the bundle');
      const server = await createServer({
        configFile: false,
        root,
        logLevel: 'error',
        appType: 'custom',
        plugins: [react()],
        server: { middlewareMode: true, hmr: false, ws: false },
        optimizeDeps: { noDiscovery: true, include: [] },
      });
      try {
        const { renderLanding } = (await server.ssrLoadModule('/prerender/landing.tsx')) as { renderLanding: () => string };
        index.source = landingDocument(shell, renderLanding(), `<script src="/${REGISTER_SW_FILE}" defer></script>`);
        const { renderSignInPage } = (await server.ssrLoadModule('/prerender/sign-in.tsx')) as {
          renderSignInPage: (path: PrerenderedSignInPath) => Promise<string>;
        };
        for (const path of PRERENDERED_SIGN_IN_PAGES) {
          const page = chunkOf(bundle, (c) => c.facadeModuleId?.endsWith(SIGN_IN_PAGE_MODULES[path]) ?? false);
          if (!page) this.error(`The chunk of ${SIGN_IN_PAGE_MODULES[path]} is missing from the bundle`);
          const preloads = [...staticClosure(bundle, entry.fileName), ...staticClosure(bundle, page.fileName)].filter((f) => f !== entry.fileName);
          const boot = { src: bootSrc, entry: `/${entry.fileName}`, preloads: [...new Set(preloads)].map((f) => `/${f}`) };
          this.emitFile({ type: 'asset', fileName: prerenderedFileOf(path), source: signInDocument(shell, await renderSignInPage(path), boot) });
        }
      } finally {
        await server.close();
      }
    },
  };
}

export default defineConfig({
  root,
  publicDir: 'public',
  plugins: [
    react(),
    prerenderPages(),
    VitePWA({
      // The app asks before it swaps versions ("New version available — Reload", app/service-worker-updates.tsx).
      registerType: 'prompt',
      injectRegister: false,
      includeAssets: ['favicon.svg', 'apple-touch-icon-180x180.png'],
      manifest: {
        id: '/',
        name: 'ChoreQuest',
        short_name: 'ChoreQuest',
        description: 'Family chores made fun: parents set chores and rewards, children tick them off and watch their earnings grow.',
        lang: 'en',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        theme_color: THEME_COLOR,
        background_color: BACKGROUND_COLOR,
        icons: [
          { src: '/pwa-192x192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/pwa-512x512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/maskable-icon-512x512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        // The app shell (app.html), every page's code, and the three prerendered sign-in pages with
        // their boot script: Workbox answers /parent-login with parent-login.html (its clean-URL
        // match), so a sign-in page paints from the cache at once, offline too, and comes alive as
        // it does from the network. Charts load on their pages only, and are cached then (runtime)
        // rather than downloaded by every phone up front.
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        // Not the prerendered landing page (index.html): with the service worker every navigation,
        // `/` included, gets the shell, which renders the landing page itself for a visitor.
        globIgnores: ['**/charts-*.js', 'register-sw.js', 'index.html'],
        // Offline, and on every later visit, a navigation gets the shell from the cache; the app
        // then decides what to show (the sign-in hint, the cached answers).
        navigateFallback: '/app.html',
        navigateFallbackDenylist: [/^\/api\//],
        cleanupOutdatedCaches: true,
        runtimeCaching: [
          {
            // The child's screen, for offline use: the last answers of the signed-in child, network
            // first. Cleared at sign-in and sign-out (lib/offline-cache.ts).
            urlPattern: ({ url, sameOrigin }) =>
              sameOrigin && (url.pathname === '/api/auth/child-user' || url.pathname.startsWith('/api/child/')),
            method: 'GET',
            handler: 'NetworkFirst',
            options: {
              cacheName: 'chorequest-api',
              networkTimeoutSeconds: 8,
              expiration: { maxEntries: 32, maxAgeSeconds: 14 * 24 * 3600 },
              cacheableResponse: { statuses: [200] },
            },
          },
          {
            urlPattern: ({ url, sameOrigin }) => sameOrigin && /^\/assets\/charts-.*\.js$/.test(url.pathname),
            handler: 'CacheFirst',
            options: { cacheName: 'chorequest-charts', expiration: { maxEntries: 4 } },
          },
        ],
      },
    }),
    // Precompressed copies for the local server (CloudFront compresses by itself; infra/local/static-files.ts).
    compression({
      algorithms: [defineAlgorithm('brotliCompress'), defineAlgorithm('gzip', { level: 9 })],
      include: /\.(html|js|css|svg|json|webmanifest|txt)$/,
      threshold: 512,
      logLevel: 'silent',
    }),
  ],
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
            // MUI X Charts and d3: only the pages with a chart load them.
            { name: 'charts', test: CHARTS, priority: 25, includeDependenciesRecursively: false },
            { name: 'mui', test: MUI, priority: 20, entriesAware: true, entriesAwareMergeThreshold: 16 * 1024 },
            { name: 'query', test: QUERY, priority: 10 },
            { name: 'forms', test: FORMS, priority: 10 },
          ],
        },
      },
    },
  },
});
