#!/usr/bin/env node
/**
 * `npm test`: every tier of the suite, laid out for a 2-core machine (docs/testing.md).
 *
 *   lane 1:  typecheck → lint → unit → web build (the README's `npm run build`, run as a test of the
 *            infra tier, into frontend/dist: the app is built once) → bundle-size (first-load budgets)
 *   lane 2:  integration (its files in parallel, then the serial ones)
 *   then:    e2e (Playwright, two workers, a server each), and beside it the rest of the infra tier
 *            (one file at a time: the stack synthesized once, the bundles run, the README's scripts)
 *
 * The two lanes share the two cores (integration waits on its local servers much of the time). The
 * browser tests start as soon as the build and the integration tier are done; the infra files beside
 * them mostly wait on the processes they start (cdk, esbuild, DynamoDB Local). Each phase's output is
 * kept in test-results/logs/<phase>.log and printed when the phase ends. The run ends with a table
 * of minutes per phase, the ten slowest browser specs and every flaky test by name (a test that
 * failed and then passed on its retry: still a bug to fix), and exits non-zero if any phase failed.
 *
 * `node scripts/run-tests.mjs <phase>…` runs only the named phases (and nothing they wait for).
 */
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const LOGS = join(ROOT, 'test-results/logs');
const E2E_REPORT = join(ROOT, 'test-results/.e2e-state/report.json');
const README_BUILD_TEST = 'test/infra/readme-build.test.ts';
const started = Date.now();

/** The phases, each with what it waits for. */
const PHASES = [
  { name: 'typecheck', command: ['npm', 'run', '--silent', 'typecheck'] },
  { name: 'lint', command: ['npm', 'run', '--silent', 'lint'], after: ['typecheck'] },
  { name: 'unit', command: ['npm', 'run', '--silent', 'test:unit'], after: ['lint'] },
  // The README's `npm run build` as a test (infra tier), writing frontend/dist: the one web build of the run.
  { name: 'web build', command: ['npx', 'vitest', 'run', '--project', 'infra', README_BUILD_TEST], after: ['unit'], env: { README_TEST_WEB_DIST: join(ROOT, 'frontend/dist') } },
  { name: 'bundle-size', command: ['npm', 'run', '--silent', 'bundle-size'], after: ['web build'] },
  { name: 'integration', command: ['npm', 'run', '--silent', 'test:integration'] },
  // The rest of the infra tier beside the browser tests, one file at a time (its files mostly wait on the processes they start).
  { name: 'infra', command: ['npx', 'vitest', 'run', '--project', 'infra', '--exclude', README_BUILD_TEST, '--maxWorkers=1'], after: ['integration'] },
  { name: 'e2e', command: ['npx', 'playwright', 'test', '-c', 'test/e2e/playwright.config.ts'], after: ['bundle-size', 'integration'] },
];

const only = process.argv.slice(2);
const selected = only.length ? PHASES.filter((p) => only.includes(p.name)) : PHASES;
if (only.length && selected.length !== only.length) {
  console.error(`Unknown phase. The phases: ${PHASES.map((p) => p.name).join(', ')}`);
  process.exit(2);
}
const names = new Set(selected.map((p) => p.name));
mkdirSync(LOGS, { recursive: true });

/** name → { status: 'running'|'passed'|'failed', start, end } */
const results = new Map();
const minutes = (ms) => (ms / 60_000).toFixed(1);
const clock = () => `${minutes(Date.now() - started).padStart(5)} min`;

function run(phase) {
  const log = join(LOGS, `${phase.name.replace(/\W+/g, '-')}.log`);
  const out = createWriteStream(log);
  const start = Date.now();
  results.set(phase.name, { status: 'running', start });
  console.log(`[${clock()}] ▶ ${phase.name}: ${phase.command.join(' ')}`);
  return new Promise((resolve) => {
    const child = spawn(phase.command[0], phase.command.slice(1), { cwd: ROOT, env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '1', ...phase.env }, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.pipe(out, { end: false });
    child.stderr.pipe(out, { end: false });
    child.on('close', (code, signal) => {
      out.end(() => {
        const end = Date.now();
        const status = code === 0 ? 'passed' : 'failed';
        results.set(phase.name, { status, start, end });
        console.log(`\n──────── ${phase.name} (${minutes(end - start)} min, ${status}${signal ? `, ${signal}` : ''}) ────────`);
        process.stdout.write(readFileSync(log, 'utf8'));
        console.log(`[${clock()}] ${status === 'passed' ? '✔' : '✘'} ${phase.name}: ${status} in ${minutes(end - start)} min (log: ${log})`);
        resolve();
      });
    });
  });
}

/** Starts every phase whose prerequisites are done, until all have run. */
async function schedule() {
  const pending = new Set(selected);
  const running = new Set();
  const done = () => [...results].filter(([, r]) => r.status !== 'running').map(([n]) => n);
  const heartbeat = setInterval(() => console.log(`[${clock()}] … ${[...running].map((task) => task.phase.name).join(', ')}`), 60_000);
  while (pending.size || running.size) {
    for (const phase of [...pending]) {
      const waits = (phase.after ?? []).filter((n) => names.has(n));
      if (!waits.every((n) => done().includes(n))) continue;
      pending.delete(phase);
      const task = run(phase).then(() => running.delete(task));
      task.phase = phase;
      running.add(task);
    }
    if (running.size) await Promise.race(running);
  }
  clearInterval(heartbeat);
}

/** The e2e JSON report's tests: per spec file the time its tests took, and the flaky ones by name. */
function e2eFigures() {
  if (!names.has('e2e') || !existsSync(E2E_REPORT) || statSync(E2E_REPORT).mtimeMs < started) return null;
  const report = JSON.parse(readFileSync(E2E_REPORT, 'utf8'));
  const perFile = new Map();
  const flaky = [];
  const failed = [];
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests ?? []) {
        const ms = (t.results ?? []).reduce((sum, r) => sum + (r.duration ?? 0), 0);
        perFile.set(spec.file, (perFile.get(spec.file) ?? 0) + ms);
        const name = `${spec.file}:${spec.line} › ${[...titles, spec.title].filter(Boolean).join(' › ')}`;
        if (t.status === 'flaky') flaky.push(name);
        if (t.status === 'unexpected') failed.push(name);
      }
    }
    for (const child of suite.suites ?? []) walk(child, suite.file === child.file ? [...titles, child.title] : [child.title]);
  };
  for (const suite of report.suites ?? []) walk(suite, []);
  const slowest = [...perFile].sort((a, b) => b[1] - a[1]).slice(0, 10);
  return { slowest, flaky, failed, wall: report.stats?.duration };
}

function summary() {
  const setup = (process.env.CI_SETUP_TIMINGS ?? '')
    .split(',')
    .filter(Boolean)
    .map((entry) => entry.split('='))
    .map(([name, seconds]) => [name, Number(seconds) * 1000]);
  const rows = [
    ...setup.map(([name, ms]) => [`${name} (.ci/run)`, '', minutes(ms), 'done']),
    ...selected.map((p) => {
      const r = results.get(p.name);
      return [p.name, r ? minutes(r.start - started) : '', r?.end ? minutes(r.end - r.start) : '', r?.status ?? 'not run'];
    }),
  ];
  const total = (Date.now() - started) / 1000 + setup.reduce((s, [, ms]) => s + ms / 1000, 0);
  console.log('\n════════ Minutes per phase ════════');
  console.log(`${'phase'.padEnd(24)} ${'starts at'.padStart(9)} ${'minutes'.padStart(8)}  result`);
  for (const [name, at, took, status] of rows) console.log(`${name.padEnd(24)} ${String(at).padStart(9)} ${String(took).padStart(8)}  ${status}`);
  console.log(`${'total'.padEnd(24)} ${''.padStart(9)} ${minutes(total * 1000).padStart(8)}  (node ${process.version}, ${process.env.CI ? 'CI' : 'local'})`);
  const e2e = e2eFigures();
  if (e2e) {
    console.log('\n════════ The ten slowest browser specs (their tests\' minutes, retries included) ════════');
    for (const [file, ms] of e2e.slowest) console.log(`${minutes(ms).padStart(6)}  ${file}`);
    console.log(`\n════════ Flaky browser tests (failed, then passed on the retry): ${e2e.flaky.length} ════════`);
    for (const name of e2e.flaky) console.log(`  ${name}`);
    if (e2e.failed.length) {
      console.log(`\n════════ Failed browser tests: ${e2e.failed.length} ════════`);
      for (const name of e2e.failed) console.log(`  ${name}`);
    }
  }
}

await schedule();
summary();
const failed = [...results].filter(([, r]) => r.status === 'failed').map(([n]) => n);
if (failed.length) {
  console.error(`\nFailed: ${failed.join(', ')}`);
  process.exit(1);
}
