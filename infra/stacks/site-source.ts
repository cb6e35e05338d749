/**
 * Where the web build comes from. `npm run deploy` builds `frontend/dist` first; a bare
 * `cdk synth` (CI, tests, a fresh clone) may run without it, so it falls back to a one-page
 * placeholder instead of failing.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PRERENDERED_SIGN_IN_PAGES, prerenderedFileOf } from '../../shared/prerendered-pages';

export interface SiteSource {
  readonly dir: string;
  readonly placeholder: boolean;
}

const PLACEHOLDER_HTML = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>ChoreQuest</title></head>
<body><p>ChoreQuest placeholder: this stack was synthesized without frontend/dist. Run <code>npm run deploy</code>, which builds the web app first.</p></body>
</html>
`;

export function resolveSiteSource(siteDir: string): SiteSource {
  if (existsSync(join(siteDir, 'index.html'))) return { dir: siteDir, placeholder: false };
  const dir = join(tmpdir(), 'chorequest-placeholder-site');
  mkdirSync(dir, { recursive: true });
  // Same content every time, so the asset hash (and the synthesized template) stays stable.
  // index.html is the landing page, app.html the shell for every other route, and each sign-in
  // page its own prerendered document (edge-functions.ts).
  for (const file of ['index.html', 'app.html', ...PRERENDERED_SIGN_IN_PAGES.map(prerenderedFileOf)]) writeFileSync(join(dir, file), PLACEHOLDER_HTML);
  return { dir, placeholder: true };
}
