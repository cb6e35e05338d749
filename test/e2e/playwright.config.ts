import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3199);
/** The local SES's mailbox of the e2e server (support/mailbox.ts reads it: the same rule). */
const mailPort = Number(process.env.E2E_MAIL_PORT ?? port + 1);
/** Point the tests at an already running app (e.g. a Vite dev server) instead of starting one. */
const externalBaseUrl = process.env.E2E_BASE_URL;

/** Debian's Chromium (Playwright's own browser download does not work here). */
export const chromiumLaunch = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
};

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  workers: 1,
  // Playwright's recommended CI setting: a test that fails and then passes is reported as flaky
  // (and should be fixed), not allowed to sink the run; a test that fails twice fails the run.
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  outputDir: '../../test-results',
  use: {
    baseURL: externalBaseUrl ?? `http://localhost:${port}`,
    ...devices['Desktop Chrome'],
    launchOptions: chromiumLaunch,
    trace: 'retain-on-failure',
    // The service worker would answer requests that tests intercept with page.route; pwa.spec.ts allows it.
    serviceWorkers: 'block',
    screenshot: 'only-on-failure',
  },
  webServer: externalBaseUrl ? undefined : {
    // The same launcher as `npm start`, in memory, with the demo family seeded.
    command: `npx tsx infra/local/start.ts --no-build`,
    cwd: '../..',
    url: `http://localhost:${port}/api/auth/parent-user`,
    env: { DATA_DIR: ':memory:', PORT: String(port), MAIL_PORT: String(mailPort), LOG_REQUESTS: '0' },
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
