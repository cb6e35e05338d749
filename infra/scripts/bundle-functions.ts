/**
 * `npm run build:functions`: one ESM bundle per Lambda function the stack deploys, exactly the
 * list the stack is built from (infra/stacks/lambda-entries.ts), with the esbuild settings CDK
 * bundles them with (infra/stacks/app-function.ts BUNDLING: Node 22, minified, tree-shaken, the AWS
 * SDK inside), into `dist/functions/<name>/index.mjs`, and prints each bundle's size. CDK bundles
 * on its own at synth and deploy; these bundles are for looking at (size, contents).
 */
import { build } from 'esbuild';
import { readFileSync, rmSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { BUNDLING } from '../stacks/app-function';
import { LAMBDA_ENTRIES } from '../stacks/lambda-entries';

const root = resolve(import.meta.dirname, '../..');
const outDir = resolve(root, 'dist/functions');
// Only this build's bundles: a function the stack no longer deploys does not linger.
rmSync(outDir, { recursive: true, force: true });

const names = Object.keys(LAMBDA_ENTRIES);
const width = Math.max(...names.map((n) => n.length));
let total = 0;
for (const [name, entry] of Object.entries(LAMBDA_ENTRIES)) {
  const outfile = resolve(outDir, name, 'index.mjs');
  await build({
    entryPoints: [resolve(root, entry)],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: BUNDLING.target,
    mainFields: [...BUNDLING.mainFields],
    banner: { js: BUNDLING.banner },
    minify: BUNDLING.minify,
    sourcemap: BUNDLING.sourceMap,
    sourcesContent: BUNDLING.sourcesContent,
    define: { ...BUNDLING.define },
    logLevel: 'warning',
  });
  const bytes = statSync(outfile).size;
  total += bytes;
  const gz = gzipSync(readFileSync(outfile)).length;
  console.log(`${name.padEnd(width)} ${(bytes / 1024).toFixed(0).padStart(6)} KB  (${(gz / 1024).toFixed(0)} KB gzip)  ${entry}`);
}
console.log(`${names.length} functions, ${(total / 1024).toFixed(0)} KB, in ${outDir}`);
