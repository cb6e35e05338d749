import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { createServer, defineConfig, type Plugin, type Rolldown } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';
import type { SignedInRole } from '../shared/role-hint';
import { DASHBOARD_CODE_ID, START_DATA_SCRIPT } from '../shared/start-data';
import { PRERENDERED_SIGN_IN_PAGES, prerenderedFileOf, type PrerenderedSignInPath } from '../shared/prerendered-pages';
import { landingDocument, signInDocument, SIGN_IN_BOOT } from './prerender/documents';
import { SIGN_IN_PAGE_MODULES } from './prerender/sign-in-page-modules';

/** The frontend folder: the build runs from the repo root (`vite build --config frontend/vite.config.ts`). */
const root = fileURLToPath(new URL('.', import.meta.url));
const repoRoot = resolve(root, '..');
/** `npx vite` on its own proxies /api to an `npm start` on API_PORT (default 3000); `npm run dev` passes its own gateway. */
const apiTarget = `http://localhost:${process.env.API_PORT ?? 3000}`;
/** Where the build goes: `frontend/dist`, or WEB_DIST_DIR (relative to the repository root; what `npm start` serves and `npm run bundle-size` measures). */
const outDir = process.env.WEB_DIST_DIR ? resolve(repoRoot, process.env.WEB_DIST_DIR) : 'dist';

/**
 * Issue 31: the inline script that starts a signed-in user's dashboard data with the page
 * (shared/start-data.ts), first in the head of every document (the shell, the landing page and the
 * prerendered sign-in pages are made from it). The CSP allows it by its hash.
 */
function startData(): Plugin {
  return {
    name: 'chorequest-start-data',
    transformIndexHtml: () => [{ tag: 'script', children: START_DATA_SCRIPT, injectTo: 'head-prepend' }],
  };
}

/**
 * `vite build` makes the production build whatever NODE_ENV the shell has (a developer's
 * NODE_ENV=development would otherwise switch React, MUI and the chunking to development builds
 * without anyone asking); `vite build --mode development` asks for a development build (React's
 * development mode, MUI's prop-type checks). Vite reads NODE_ENV again after loading this file.
 * Decision 047.
 */
function nodeEnvForBuild(mode: string): 'production' | 'development' {
  const wanted = mode === 'development' ? 'development' : 'production';
  if (process.env.NODE_ENV !== wanted) {
    if (process.env.NODE_ENV) {
      const how = wanted === 'production' ? '`vite build --mode development` makes a development build' : 'asked for with --mode development';
      console.log(`NODE_ENV=${process.env.NODE_ENV} from the environment ignored: this is a ${wanted} build (${how}).`);
    }
    process.env.NODE_ENV = wanted;
  }
  return wanted;
}

/**
 * Static imports between output chunks that go round in a circle. A chunk in such a cycle may run
 * before a chunk it reads from has defined what it exports: MUI's development build reads other
 * modules' exports at load (`children: elementAcceptingRef.isRequired` in its prop types), so a
 * cycle there was a blank page ("Cannot read properties of undefined (reading 'isRequired')").
 */
function chunkCycles(bundle: Rolldown.OutputBundle): string[][] {
  const cycles: string[][] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (file: string, path: string[]): void => {
    const chunk = bundle[file];
    if (!chunk || chunk.type !== 'chunk' || state.get(file) === 'done') return;
    if (state.get(file) === 'visiting') {
      cycles.push([...path.slice(path.indexOf(file)), file]);
      return;
    }
    state.set(file, 'visiting');
    for (const imported of chunk.imports) visit(imported, [...path, file]);
    state.set(file, 'done');
  };
  for (const file of Object.keys(bundle)) visit(file, []);
  return cycles;
}

/**
 * A build fails on a chunk cycle instead of shipping a page that cannot start. Production builds
 * too since issue 31: its lighter first load reshuffled MUI's split chunks into a cycle that ran
 * `styled()` before it was defined (every sign-in page stayed inert: "ChoreQuest could not load").
 */
function noChunkCycles(): Plugin {
  return {
    name: 'chorequest:no-chunk-cycles',
    apply: 'build',
    generateBundle(_options, bundle) {
      const cycles = chunkCycles(bundle);
      if (cycles.length) this.error(`Chunks that import each other (the development build would not start): ${cycles.map((c) => c.join(' → ')).join('; ')}`);
    },
  };
}

/**
 * Vendor groups. MUI and its styling engine are split `entriesAware`, so the landing page loads
 * only the MUI modules it renders, and a form control used only by a lazy page travels with that
 * page's vendor chunk instead of growing the first load.
 */
const REACT = /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|cookie|set-cookie-parser)[\\/]/;
const MUI = /[\\/]node_modules[\\/](@mui|@emotion|@babel[\\/]runtime|@popperjs|react-transition-group|stylis|hoist-non-react-statics|clsx|react-is|prop-types)[\\/]/;
const MUI_ICONS = /[\\/]node_modules[\\/]@mui[\\/]icons-material[\\/]/;
const QUERY = /[\\/]node_modules[\\/]@tanstack[\\/]/;
const FORMS = /[\\/]node_modules[\\/]react-hook-form[\\/]/;
/** zod and its resolver: loaded by a form as it mounts (use-zod-form.ts), never on the first load (issue 31). */
const ZOD = /[\\/]node_modules[\\/](@hookform|zod|@standard-schema)[\\/]/;
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

/** The module of the routes behind the sign-in pages (app/data-routes.tsx), a lazy chunk. */
const DATA_ROUTES_MODULE = 'src/app/data-routes.tsx';
/**
 * Each dashboard's page module and what it shows at once that loads lazily (the child's goal card,
 * app/data-pages.ts), by the role the sign-in hint names: `app.html` lists their code for the
 * inline start script to preload (shared/start-data.ts DASHBOARD_CODE_ID).
 */
const DASHBOARD_MODULES: Record<SignedInRole, readonly string[]> = {
  parent: ['src/features/parent-dashboard/components/parent-dashboard-page.tsx'],
  child: ['src/features/child-dashboard/components/child-dashboard-page.tsx', 'src/features/savings/components/goal-card.tsx'],
  board: ['src/features/board/components/board-page.tsx'],
};

/**
 * `app.html`, the document of every signed-in page: the shell as Vite wrote it, plus module
 * preloads of the routes behind the sign-in pages (React Query, the sign-in check) and what they
 * import, so they load beside the entry instead of after it (issue 31). The sign-in pages'
 * documents (made from the shell as Vite wrote it) do not preload them.
 */
function appShell(bundle: Rolldown.OutputBundle, shell: string): string {
  const entry = chunkOf(bundle, (c) => c.isEntry);
  const routes = chunkOf(bundle, (c) => c.facadeModuleId?.endsWith(DATA_ROUTES_MODULE) ?? false);
  if (!entry || !routes) throw new Error(`The app entry or the chunk of ${DATA_ROUTES_MODULE} is missing from the bundle`);
  const loaded = staticClosure(bundle, entry.fileName);
  const routeFiles = [...staticClosure(bundle, routes.fileName)].filter((file) => !loaded.has(file));
  const links = routeFiles.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`);
  for (const file of routeFiles) loaded.add(file);
  const dashboards = Object.fromEntries(
    Object.entries(DASHBOARD_MODULES).map(([role, modules]) => {
      const files = new Set<string>();
      for (const module of modules) {
        const chunk = chunkOf(bundle, (c) => c.facadeModuleId?.endsWith(module) ?? false);
        if (!chunk) throw new Error(`The chunk of ${module} is missing from the bundle`);
        staticClosure(bundle, chunk.fileName, files);
      }
      return [role, [...files].filter((file) => !loaded.has(file)).map((file) => `/${file}`)];
    }),
  );
  if (!shell.includes('</head>') || !shell.includes('<head>')) throw new Error('The app shell has no <head> or </head>');
  // The data block goes first, before the inline start script that reads it.
  return shell
    .replace('<head>', () => `<head>\n    <script type="application/json" id="${DASHBOARD_CODE_ID}">${JSON.stringify(dashboards)}</script>`)
    .replace('</head>', () => `${links.join('')}</head>`);
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
      this.emitFile({ type: 'asset', fileName: 'app.html', source: appShell(bundle, shell) });
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

export default defineConfig(({ command, mode }) => {
  const production = command === 'build' ? nodeEnvForBuild(mode) === 'production' : false;
  return {
    root,
    publicDir: 'public',
    plugins: [
      react(),
      startData(),
      prerenderPages(),
      noChunkCycles(),
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
          // Issue 32: reminders. The worker shows a push as a notification and opens its screen on a
          // tap (public/push-sw.js, a file of this origin as the CSP wants; precached with the rest).
          importScripts: ['/push-sw.js'],
          runtimeCaching: [
            {
              // The child's screen, for offline use: the last answers of the signed-in child, network
              // first. Cleared at sign-in and sign-out (lib/offline-cache.ts). Of the parent's, only
              // the screen's one call (shared/start-data.ts PARENT_SCREEN_PATH, the dashboard and
              // children page whole), for the last screen on a repeat visit (api/session.ts
              // showLastScreen): the parent's other pages are not shown from the cache, so their
              // answers (the family's settings, co-parents, the ledger) stay off the device.
              urlPattern: ({ url, sameOrigin }) =>
                sameOrigin && (url.pathname === '/api/auth/child-user' || url.pathname.startsWith('/api/child/') || url.pathname === '/api/dashboard'),
              method: 'GET',
              handler: 'NetworkFirst',
              options: {
                cacheName: 'chorequest-api',
                networkTimeoutSeconds: 8,
                expiration: { maxEntries: 32, maxAgeSeconds: 14 * 24 * 3600 },
                cacheableResponse: { statuses: [200] },
                plugins: [
                  {
                    // An answer that arrives once its child has signed out (asked before Log Out,
                    // answered after) is not kept: only while the sign-in hint cookie is there
                    // (shared/role-hint.ts; written out here, the worker gets this function's text
                    // alone). Browsers without the Cookie Store API keep it, and the signed-out home page
                    // clears the cache as it opens (app/guards.tsx).
                    cacheWillUpdate: async ({ response }) => {
                      const store = (globalThis as { cookieStore?: { get(name: string): Promise<unknown> } }).cookieStore;
                      if (!store) return response;
                      const [plain, host] = await Promise.all([store.get('cq_role'), store.get('__Host-cq_role')]);
                      return plain || host ? response : null;
                    },
                  },
                ],
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
      // The API behind the dev server, on the same origin as the page (cookies, CSRF checks). Host
      // stays the dev server's, which the API reads as the viewer's (x-forwarded-host).
      proxy: { '/api': { target: apiTarget, changeOrigin: false } },
    },
    build: {
      outDir,
      emptyOutDir: true,
      manifest: true,
      target: 'es2022',
      rolldownOptions: {
        treeshake: {
          // hoist-non-react-statics is CommonJS, so the bundler keeps it for its possible side effects,
          // yet it has none (it only builds lookup tables) and @emotion/react imports it only for the
          // `withTheme` nobody here uses: 1 KB gzip of every first load (issue 31).
          // Rules: a module no rule matches keeps the bundler's own judgement.
          moduleSideEffects: [{ test: /[\\/]node_modules[\\/]hoist-non-react-statics[\\/]/, sideEffects: false }],
        },
        output: {
          // entriesAware names list every page sharing the chunk; the hash alone keeps them apart.
          chunkFileNames: (chunk) => (chunk.name.startsWith('mui~') || chunk.name.startsWith('mui-icons~') ? 'assets/mui-[hash].js' : 'assets/[name]-[hash].js'),
          codeSplitting: {
            groups: [
              { name: 'react', test: REACT, priority: 30 },
              // MUI X Charts and d3: only the pages with a chart load them.
              { name: 'charts', test: CHARTS, priority: 25, includeDependenciesRecursively: false },
              // Icons split by the pages that use them, apart from MUI's components: merged with them,
              // the icons of lazy pages ended up in a chunk of the first load (+4.7 KB with issue 21's dialogs).
              { name: 'mui-icons', test: MUI_ICONS, priority: 21, entriesAware: production, entriesAwareMergeThreshold: 1024, includeDependenciesRecursively: false },
              // Split by the pages that use them in production only (a development build reads
              // other modules' exports at load, in MUI's prop types: one MUI chunk there).
              // Merge threshold 2 KB (was 16, then 8): merged groups import each other, and issue 22's
              // lazy pages and issue 31's lighter first load each turned that into a cycle that ran
              // styled()/createSvgIcon before their component existed (a blank app in production;
              // noChunkCycles now fails such a build). 16 KB also pulled 29 KB into the first load.
              { name: 'mui', test: MUI, priority: 20, entriesAware: production, entriesAwareMergeThreshold: 2 * 1024 },
              { name: 'query', test: QUERY, priority: 10 },
              { name: 'forms', test: FORMS, priority: 10 },
              { name: 'zod', test: ZOD, priority: 10 },
            ],
          },
        },
      },
    },
  };
});
