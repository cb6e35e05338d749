/**
 * The README's scripts, run on this checkout as a developer runs them, so a line of the README
 * cannot rot (issue 18: `npm run build` and `npm run synth` had stopped working). Each script of
 * the README's "Other scripts" table is either run here (the ones that finish in seconds) or named
 * with the reason it is not; a row this file does not know fails the first test.
 *
 * `npm run build` and `npm run bundle-size` are run by readme-build.test.ts. Outputs go to temporary
 * directories where the scripts allow it (`cdk synth -o`, DATA_DIR).
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../infra/local/dynamo';
import { PLACEHOLDER_MAIL_FROM } from '../../infra/stacks/email';
import { REPO_ROOT } from '../../infra/stacks/paths';
import { npmRun, printed, shellEnv, tempDirs } from './support/npm-run';

/** What this file does with each script the README's table names: runs it below, or why not. */
const PLAN: Record<string, 'run' | { skip: string }> = {
  build: 'run', // readme-build.test.ts
  'bundle-size': 'run', // readme-build.test.ts
  synth: 'run',
  'weekly-job': 'run',
  dev: 'run',
  typecheck: { skip: 'npm test runs it' },
  lint: { skip: 'npm test runs it' },
  'test:unit': { skip: 'npm test runs it' },
  'test:integration': { skip: 'npm test runs it' },
  'test:infra': { skip: 'npm test runs it (this file is part of it)' },
  'test:e2e': { skip: "npm test runs it; its server is npm start's launcher (infra/local/start.ts)" },
  lockfile: { skip: 'rewrites package-lock.json' },
  deploy: { skip: 'needs an AWS account' },
  lighthouse: { skip: 'minutes of Lighthouse runs' },
  bench: { skip: 'minutes of benchmarks, figures without a verdict' },
};

const readme = readFileSync(join(REPO_ROOT, 'README.md'), 'utf8');
const scripts = (JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
const { tempDir, removeTempDirs } = tempDirs();
afterAll(removeTempDirs);

/** The scripts named in the first column of the README's "Other scripts" table (`npm run x`, `x` / `test:y`). */
function readmeTableScripts(): string[] {
  const section = readme.slice(readme.indexOf('### Other scripts'), readme.indexOf('\n## ', readme.indexOf('### Other scripts')));
  const rows = section.split('\n').filter((line) => line.startsWith('| `'));
  const names = rows.flatMap((row) => [...row.split('|')[1]!.matchAll(/`(?:npm run )?([a-z][\w-]*(?::[\w-]+)?)[^`]*`/g)].map((m) => m[1]!));
  return [...new Set(names)];
}

describe('the README', () => {
  it('names only scripts that exist, and this file knows each of them', () => {
    const named = readmeTableScripts();
    expect(named.length).toBeGreaterThan(10);
    for (const name of named) {
      expect(scripts[name], `README names npm run ${name}, package.json has no such script`).toBeDefined();
      expect(PLAN[name], `README names npm run ${name}: run it in test/infra/readme-scripts.test.ts, or say there why not`).toBeDefined();
    }
    for (const name of Object.keys(PLAN)) expect(named, `${name} is no longer in the README's table: drop it from PLAN`).toContain(name);
    // The two commands at the top.
    expect(readme).toContain('npm ci && npm start');
    expect(scripts.start).toBeDefined();
    expect(scripts.test).toBeDefined();
  });
});

describe('the README scripts, run as written', () => {
  it('npm run synth, without a sender: the template, a placeholder sender and a warning', () => {
    const out = tempDir('cdk-out');
    const r = npmRun('synth', ['-o', out], {}, 420_000);
    expect(r.status, printed(r)).toBe(0);
    expect(`${r.stdout}${r.stderr}`).toContain(PLACEHOLDER_MAIL_FROM);
    const template = readFileSync(join(out, 'ChoreQuest.template.json'), 'utf8');
    expect(template).toContain(PLACEHOLDER_MAIL_FROM);
    expect(JSON.parse(template).Rules.MailFromNotSet).toBeDefined();
    console.log(`npm run synth: ${r.seconds.toFixed(0)} s`);
    // It bundles all 16 Lambdas while the browser tests share the 2 cores: 60–200 s, the spawn's own limit is 420 s.
  }, 450_000);

  it('npm run weekly-job on an empty data directory: nothing due, exit 0', () => {
    const dataDir = tempDir('data');
    const r = npmRun('weekly-job', ['--now=2026-11-29T05:00:00Z'], { DATA_DIR: dataDir });
    expect(r.status, printed(r)).toBe(0);
    expect(r.stdout).toContain('Weekly job at 2026-11-29T05:00:00.000Z: 0 due families sent to the queue');
    expect(r.stdout).toMatch(/0 done, 0 failed receives retried, 0 in the dead-letter store/);
  });

  it('npm run dev: a Vite dev server with hot reload in front of the local API', async () => {
    const [port, mailPort] = [await freePort(), await freePort()];
    // Its own process group, so the Ctrl-C below reaches npm, tsx and node as a terminal's would.
    const child = spawn('npm', ['run', 'dev'], { cwd: REPO_ROOT, env: shellEnv({ DATA_DIR: ':memory:', PORT: String(port), MAIL_PORT: String(mailPort), LOG_REQUESTS: '0' }), detached: true });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    const exited = new Promise<number | null>((res) => child.on('exit', (code) => res(code)));
    try {
      const url = await new Promise<string>((res, rej) => {
        const timer = setTimeout(() => rej(new Error(`npm run dev did not start in 120 s:\n${output}`)), 120_000);
        const check = () => {
          const m = /ChoreQuest is running at (http:\/\/\S+)/.exec(output);
          if (m) {
            clearTimeout(timer);
            res(m[1]!);
          }
        };
        child.stdout.on('data', check);
        void exited.then(() => rej(new Error(`npm run dev exited:\n${output}`)));
      });
      expect(url).toBe(`http://localhost:${port}`);
      expect(output).toContain('Vite dev server with hot reload');
      // The page comes from Vite (its client, which does the hot reload), /api from the gateway.
      const page = await (await fetch(url)).text();
      expect(page).toContain('/@vite/client');
      const api = await fetch(`${url}/api/auth/parent-user`);
      expect(api.status).toBe(401);
      expect(api.headers.get('content-type')).toContain('application/json');
    } finally {
      if (child.pid) process.kill(-child.pid, 'SIGINT');
      await exited;
    }
  });
});
