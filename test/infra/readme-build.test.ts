/**
 * The README's `npm run build` and `npm run bundle-size`, run as written (the rest of the README's
 * scripts: readme-scripts.test.ts). A file of its own so that `npm test` can run it early, on its
 * own: under `npm test` (scripts/run-tests.mjs) README_TEST_WEB_DIST is frontend/dist, so this build
 * is the one the browser tests serve and the app is built once per run. Run any other way, the web
 * build goes to a temporary directory, so a running `npm start --no-build` keeps its frontend/dist.
 * `npm run build` also writes `dist/functions`, which nothing serves.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LAMBDA_ENTRIES } from '../../infra/stacks/lambda-entries';
import { REPO_ROOT } from '../../infra/stacks/paths';
import { npmRun, printed, tempDirs } from './support/npm-run';

const { tempDir, removeTempDirs } = tempDirs();
afterAll(removeTempDirs);
const webDist = process.env.README_TEST_WEB_DIST ?? tempDir('web');

describe('the README build scripts, run as written', () => {
  it('npm run build (in a shell with NODE_ENV=development): the production web build and one bundle per deployed function', () => {
    const r = npmRun('build', [], { WEB_DIST_DIR: webDist, NODE_ENV: 'development' });
    expect(r.status, printed(r)).toBe(0);
    expect(r.stdout).toContain('NODE_ENV=development from the environment ignored: this is a production build');
    for (const file of ['index.html', 'app.html', '.vite/manifest.json']) expect(existsSync(join(webDist, file)), file).toBe(true);
    for (const name of Object.keys(LAMBDA_ENTRIES)) expect(existsSync(join(REPO_ROOT, 'dist/functions', name, 'index.mjs')), name).toBe(true);
    console.log(`npm run build: ${r.seconds.toFixed(0)} s`);
  });

  it('npm run bundle-size: measures that build and gives its verdict', () => {
    const r = npmRun('bundle-size', [], { WEB_DIST_DIR: webDist });
    expect(r.stdout, printed(r)).toContain('Landing page');
    expect(r.stdout).toContain('App (app.html) first load');
    // The budget is test:e2e's gate (it runs this script first); here: the script works. Over budget
    // is its exit 1 with the overrun named; anything else (no build found, a crash) fails.
    if (r.status === 1) {
      expect(r.stderr, printed(r)).toContain('Over budget');
      console.warn(`npm run bundle-size: over budget (test:e2e fails on it):\n${r.stderr.trim()}`);
    } else {
      expect(r.status, printed(r)).toBe(0);
    }
  });
});
