/**
 * Reports the gzip size of the built frontend and guards two first loads.
 *
 *   npx vite build --config frontend/vite.config.ts && npx tsx frontend/scripts/bundle-size.ts
 *
 * For every entry chunk (the app entry and each lazily loaded page) it prints the chunk's own size
 * and the size of everything it needs before it can run (its static imports, transitively).
 *
 * - The landing page (`/` for a visitor who is not signed in) is `index.html`, prerendered at
 *   build time: its first load is every script that document names, with their static imports.
 * - The app's first load is what `app.html` (every other route) loads before a page chunk, plus the
 *   heaviest sign-in page a new visitor opens next (the app entry's closure and that page's).
 *
 * Exits 1 when either exceeds its budget.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { SIGN_IN_PAGE_MODULES } from '../prerender/sign-in-page-modules';

export const LANDING_BUDGET_BYTES = 100 * 1024;
/**
 * 170 KB (issue 31; it was 236 KB with 235 KB used): the sign-in pages load zod, React Query and the
 * routes behind sign-in only when needed, their text fields are built without TextField's select
 * variant, and the Snackbar comes after the app starts. 168.8 KB at the time: what is left is
 * React DOM (63 KB), MUI's core and the page's components (~60 KB), react-hook-form (13 KB) and
 * the router (12 KB).
 */
export const APP_BUDGET_BYTES = 170 * 1024;
const SIGN_IN_PAGES = Object.values(SIGN_IN_PAGE_MODULES);

interface ManifestChunk {
  file: string;
  src?: string;
  name?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** The build to measure: `frontend/dist`, or WEB_DIST_DIR (relative to the repository root) as the build wrote it. */
const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const distDir = process.env.WEB_DIST_DIR ? resolve(repoRoot, process.env.WEB_DIST_DIR) : join(repoRoot, 'frontend', 'dist');
const manifestPath = join(distDir, '.vite', 'manifest.json');

if (!existsSync(manifestPath)) {
  console.error(`No manifest at ${manifestPath}. Build first: npx vite build --config frontend/vite.config.ts`);
  process.exit(2);
}

const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;
const gzipCache = new Map<string, number>();

function gzipSize(file: string): number {
  let size = gzipCache.get(file);
  if (size === undefined) {
    size = gzipSync(readFileSync(join(distDir, file)), { level: 9 }).length;
    gzipCache.set(file, size);
  }
  return size;
}

/** Output files a chunk needs before it runs: itself, its CSS, and its static imports, transitively. */
function closure(key: string, files = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk || files.has(chunk.file)) return files;
  files.add(chunk.file);
  for (const css of chunk.css ?? []) files.add(css);
  for (const dep of chunk.imports ?? []) closure(dep, files);
  return files;
}

const total = (files: Iterable<string>) => [...files].reduce((sum, f) => sum + gzipSize(f), 0);
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

const entries = Object.entries(manifest).filter(([, c]) => c.isEntry || c.isDynamicEntry);
const appEntry = entries.find(([, c]) => c.isEntry);
const signInPages = entries.filter(([key, c]) => SIGN_IN_PAGES.some((src) => key.endsWith(src) || c.src?.endsWith(src)));
if (!appEntry || signInPages.length !== SIGN_IN_PAGES.length) {
  console.error('Could not find the app entry and the sign-in pages in the manifest.');
  process.exit(2);
}

const rows = entries
  .map(([key, c]) => ({
    chunk: c.src ?? key,
    kind: c.isEntry ? 'entry' : 'lazy',
    own: gzipSize(c.file),
    withImports: total(closure(key)),
  }))
  .sort((a, b) => (a.kind === b.kind ? a.chunk.localeCompare(b.chunk) : a.kind === 'entry' ? -1 : 1));

const width = Math.max(...rows.map((r) => r.chunk.length));
console.log(`${'chunk (gzip)'.padEnd(width)}  kind   own        + static imports`);
for (const r of rows) {
  console.log(`${r.chunk.padEnd(width)}  ${r.kind.padEnd(5)}  ${kb(r.own).padStart(9)}  ${kb(r.withImports).padStart(9)}`);
}

/** The scripts a built HTML document loads (classic and module scripts, module preloads), with their static imports. */
function documentScripts(html: string): Set<string> {
  const files = new Set<string>();
  for (const [, url] of html.matchAll(/<(?:script[^>]*\bsrc|link[^>]*rel="modulepreload"[^>]*\bhref)="\/([^"]+)"/g)) {
    const key = Object.keys(manifest).find((k) => manifest[k]!.file === url);
    if (key) closure(key, files);
    else if (existsSync(join(distDir, url!))) files.add(url!);
  }
  return files;
}

function report(title: string, files: Set<string>, budget: number): boolean {
  const sum = total(files);
  console.log(`\n${title}:`);
  for (const file of [...files].sort((a, b) => gzipSize(b) - gzipSize(a))) console.log(`  ${kb(gzipSize(file)).padStart(9)}  ${file}`);
  console.log(`  ${kb(sum).padStart(9)}  total (budget ${kb(budget)})`);
  if (sum > budget) console.error(`  Over budget by ${kb(sum - budget)}.`);
  return sum <= budget;
}

const landingOk = report('Landing page (/ signed out, prerendered index.html) initial JS', documentScripts(readFileSync(join(distDir, 'index.html'), 'utf8')), LANDING_BUDGET_BYTES);
const heaviestSignIn = signInPages.map(([key]) => ({ key, files: closure(key, closure(appEntry[0])) })).sort((a, b) => total(b.files) - total(a.files))[0]!;
const appOk = report(`App (app.html) first load with ${manifest[heaviestSignIn.key]!.src ?? heaviestSignIn.key}`, heaviestSignIn.files, APP_BUDGET_BYTES);
if (!landingOk || !appOk) process.exit(1);
