import { defineConfig, devices } from '@playwright/test';
import { existsSync } from 'node:fs';
import { E2E_SERVERS, E2E_STATE_DIR, EXTERNAL_BASE_URL, WORKERS } from './support/servers';

/**
 * The browser: Debian's `chromium-headless-shell` when installed (the same engine as `chromium`
 * without its GPU and UI processes, a third less CPU on these 2-core machines; .ci/run installs
 * it), else Debian's full Chromium. Playwright's own browser download does not work here.
 * CHROMIUM_PATH picks another one.
 */
function chromiumPath(): string {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  return ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((path) => existsSync(path)) ?? '/usr/bin/chromium';
}

export const chromiumLaunch = {
  executablePath: chromiumPath(),
  // --in-process-gpu: the software compositor runs in the browser process instead of a GPU process
  // of its own (measured on child.spec.ts and dark-mode.spec.ts: 141 → 121 CPU-seconds of Chromium;
  // the full browser took 173).
  args: ['--no-sandbox', '--disable-gpu', '--in-process-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
};

/**
 * One server per worker (support/servers.ts): `npm start`'s launcher in memory with the demo family,
 * serving a copy of the web build of its own.
 */
const webServers = E2E_SERVERS.map((server) => ({
  command: `node -e "const fs=require('node:fs');fs.rmSync(process.argv[1],{recursive:true,force:true});fs.cpSync('frontend/dist',process.argv[1],{recursive:true})" '${server.webDistDir}' && npx tsx infra/local/start.ts --no-build`,
  cwd: '../..',
  url: `${server.baseURL}/api/auth/parent-user`,
  env: { DATA_DIR: ':memory:', PORT: String(server.port), MAIL_PORT: String(server.port + 1), PUSH_PORT: String(server.port + 2), WEB_DIST_DIR: server.webDistDir, LOG_REQUESTS: '0', AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
  reuseExistingServer: false,
  timeout: 120_000,
  stdout: 'ignore' as const,
  stderr: 'pipe' as const,
}));

export default defineConfig({
  testDir: '.',
  fullyParallel: false,
  workers: EXTERNAL_BASE_URL ? 1 : WORKERS,
  // Playwright's recommended CI setting: a test that fails and then passes is reported as flaky
  // (and must be fixed: the run's summary names it), not allowed to sink the run; a test that
  // fails twice fails the run.
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: `${E2E_STATE_DIR}/report.json` }]],
  outputDir: '../../test-results/e2e',
  use: {
    ...devices['Desktop Chrome'],
    launchOptions: chromiumLaunch,
    // Recording a trace costs every action a DOM snapshot: on CI only the retry of a failed test
    // records one (the run lists it as flaky or failed with its trace); locally every failure keeps one.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    // The service worker would answer requests that tests intercept with page.route; pwa.spec.ts allows it.
    serviceWorkers: 'block',
    screenshot: 'only-on-failure',
  },
  projects: [
    { name: 'sessions', testMatch: /sessions\.setup\.ts$/ },
    { name: 'chromium', testMatch: /\.spec\.ts$/, dependencies: ['sessions'] },
  ],
  webServer: EXTERNAL_BASE_URL ? undefined : webServers,
});
