#!/usr/bin/env node
/**
 * Which files of functions/ a code path reaches, and how often it crosses a layer, from the imports
 * alone: `node scripts/import-walk.mjs functions/http/child.ts:completeAssignment` starts at the
 * module that defines the entry (or a file) and follows the value imports (type-only imports and
 * shared/ are left out: they hold no step of the path). docs/architecture.md quotes its figures.
 *   --files   also print the files, each with its layer
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import ts from 'typescript';

const root = resolve(dirname(new URL(import.meta.url).pathname), '..');
const [entry, ...flags] = process.argv.slice(2);
if (!entry) {
  console.error('usage: node scripts/import-walk.mjs <file.ts> [--files]');
  process.exit(2);
}
const HTTP_TOOLS = new Set(['lib/errors.ts', 'lib/http.ts']); // status codes and answers: http/'s own tools
const layerOf = (file) => {
  const path = relative(resolve(root, 'functions'), file);
  return HTTP_TOOLS.has(path) ? 'http' : path.split('/')[0];
};
/** The layer order (docs/architecture.md): who may import whom; lib/ is the toolbox of the upper layers. */
const MAY_IMPORT = {
  http: ['views', 'email', 'data', 'domain', 'lib'],
  jobs: ['views', 'email', 'data', 'domain', 'lib'],
  views: ['email', 'data', 'domain', 'lib'],
  email: ['lib'],
  data: ['domain', 'lib'],
  domain: [],
  lib: ['http'],
};
const resolveImport = (from, spec) => {
  if (!spec.startsWith('.')) return null;
  const base = resolve(dirname(from), spec);
  for (const candidate of [`${base}.ts`, `${base}/index.ts`, base]) if (existsSync(candidate) && candidate.endsWith('.ts')) return candidate;
  return null;
};
/** Value imports only: `import type` and `export type` carry no code. */
function valueImports(file) {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const specs = [];
  for (const node of source.statements) {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      const typeOnly = ts.isImportDeclaration(node) ? node.importClause?.isTypeOnly || (node.importClause && !node.importClause.name && node.importClause.namedBindings && ts.isNamedImports(node.importClause.namedBindings) && node.importClause.namedBindings.elements.every((e) => e.isTypeOnly)) : node.isTypeOnly;
      if (!typeOnly) specs.push(node.moduleSpecifier.text);
    }
  }
  return specs;
}
const start = resolve(root, entry);
const seen = new Set([start]);
const queue = [start];
let crossings = 0;
let against = 0;
const arrows = [];
while (queue.length) {
  const file = queue.shift();
  for (const spec of valueImports(file)) {
    const target = resolveImport(file, spec);
    if (!target || !target.startsWith(resolve(root, 'functions'))) continue;
    if (layerOf(target) !== layerOf(file)) {
      crossings++;
      if (!(MAY_IMPORT[layerOf(file)] ?? []).includes(layerOf(target))) against++;
      arrows.push(`${layerOf(file)} → ${layerOf(target)}`);
    }
    if (!seen.has(target)) {
      seen.add(target);
      queue.push(target);
    }
  }
}
const files = [...seen].map((f) => relative(root, f));
console.log(`${entry}: ${files.length} files of functions/, ${crossings} imports across layers, ${against} of them against the layer order`);
const byArrow = arrows.reduce((m, a) => m.set(a, (m.get(a) ?? 0) + 1), new Map());
for (const [arrow, n] of [...byArrow].sort()) console.log(`  ${arrow}: ${n}`);
if (flags.includes('--files')) for (const f of files.sort()) console.log(`  ${f}`);
