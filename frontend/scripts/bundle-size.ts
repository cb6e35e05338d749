/**
 * Reports the gzip size of the built frontend and guards the landing page's first load.
 *
 *   npx vite build --config frontend/vite.config.ts && npx tsx frontend/scripts/bundle-size.ts
 *
 * For every entry chunk (the app entry and each lazily loaded page) it prints the chunk's own size
 * and the size of everything it needs before it can run (its static imports, transitively). The
 * landing page's initial JS is the app entry's closure plus the landing page chunk's closure,
 * which is what a signed-out visitor of `/` downloads. Exits 1 when that exceeds the budget.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

export const LANDING_BUDGET_BYTES = 170 * 1024;
const LANDING_SRC = 'src/features/landing/components/landing-page.tsx';

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

const distDir = resolve(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
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
const landing = entries.find(([key, c]) => key.endsWith(LANDING_SRC) || c.src?.endsWith(LANDING_SRC));
if (!appEntry || !landing) {
  console.error(`Could not find the app entry and ${LANDING_SRC} in the manifest.`);
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

const landingFiles = closure(landing[0], closure(appEntry[0]));
const landingTotal = total(landingFiles);
console.log('\nLanding page (signed out, /) initial JS:');
for (const file of [...landingFiles].sort((a, b) => gzipSize(b) - gzipSize(a))) {
  console.log(`  ${kb(gzipSize(file)).padStart(9)}  ${file}`);
}
console.log(`  ${kb(landingTotal).padStart(9)}  total (budget ${kb(LANDING_BUDGET_BYTES)})`);

if (landingTotal > LANDING_BUDGET_BYTES) {
  console.error(`\nOver budget by ${kb(landingTotal - LANDING_BUDGET_BYTES)}.`);
  process.exit(1);
}
