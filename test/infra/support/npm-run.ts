/** Runs the README's npm scripts as a developer's shell would (test/infra/readme-*.test.ts). */
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO_ROOT } from '../../../infra/stacks/paths';

/** Temporary directories of one test file, removed by `removeTempDirs` (call it in afterAll). */
export function tempDirs(): { tempDir: (name: string) => string; removeTempDirs: () => void } {
  const dirs: string[] = [];
  return {
    tempDir: (name) => {
      const dir = mkdtempSync(join(tmpdir(), `chorequest-readme-${name}-`));
      dirs.push(dir);
      return dir;
    },
    removeTempDirs: () => {
      for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The environment of a developer's shell: this test runner's own variables left out. */
export function shellEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('VITEST') && k !== 'NODE_ENV' && k !== 'TEST'));
  return { ...env, FORCE_COLOR: '0', ...extra };
}

/**
 * Runs `npm run <script> [-- args]` in the checkout and returns its result with the output as text.
 * `timeoutMs`: how long before the script is stopped (a synth bundles 16 functions; beside the
 * browser tests on 2 cores it can take minutes).
 */
export function npmRun(script: string, args: string[], env: Record<string, string>, timeoutMs = 170_000): SpawnSyncReturns<string> & { seconds: number } {
  const started = performance.now();
  const result = spawnSync('npm', ['run', script, ...(args.length ? ['--', ...args] : [])], {
    cwd: REPO_ROOT,
    env: shellEnv(env),
    encoding: 'utf8',
    timeout: timeoutMs,
    maxBuffer: 64 * 1024 * 1024,
  });
  return { ...result, seconds: (performance.now() - started) / 1000 };
}

/** What a failed expectation shows: how the script ended and everything it printed. */
export const printed = (r: SpawnSyncReturns<string>) => `exit ${r.status} (${r.signal ?? 'no signal'})\n${r.stdout}\n${r.stderr}`;
