/**
 * `npm run build:functions`: one ESM bundle per domain Lambda and for the weekly job, the way CDK
 * bundles them (Node 22, tree-shaken, AWS SDK included), and prints each bundle's size.
 */
import { build } from 'esbuild';
import { statSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { DOMAINS } from '../../shared/routes';

const root = resolve(import.meta.dirname, '../..');
const entries: Record<string, string> = Object.fromEntries(DOMAINS.map((d) => [d, `functions/http/${d}.ts`]));
entries['weekly-job'] = 'functions/jobs/weekly.ts';

for (const [name, entry] of Object.entries(entries)) {
  const outfile = resolve(root, 'dist/functions', name, 'index.mjs');
  await build({
    entryPoints: [resolve(root, entry)],
    outfile,
    bundle: true,
    platform: 'node',
    target: 'node22',
    format: 'esm',
    minify: true,
    sourcemap: true,
    mainFields: ['module', 'main'],
    banner: { js: "import { createRequire } from 'module'; const require = createRequire(import.meta.url);" },
    logLevel: 'warning',
  });
  const bytes = statSync(outfile).size;
  const gz = gzipSync(readFileSync(outfile)).length;
  console.log(`${name.padEnd(12)} ${(bytes / 1024).toFixed(0).padStart(6)} KB  (${(gz / 1024).toFixed(0)} KB gzip)`);
}
