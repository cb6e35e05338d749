import { defineConfig } from 'vitest/config';

// The AWS SDK's notice that its releases after January 2027 need Node 22, printed once by every
// test process (pages of it in a run). The README names the Node versions; `npm start` still shows it.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

/**
 * Integration files that must run alone, after all the others (project `integration-serial`);
 * every other integration file runs in parallel with the rest (project `integration`). Both
 * projects share one local stack (test/integration/global-setup.ts). `npm run test:integration`
 * runs both. docs/testing.md has the reasoning; in short, a file belongs here when what it proves
 * depends on something other files change or load, not on its own families:
 */
const SERIAL_INTEGRATION_FILES = [
  // The Sunday dispatcher's ticks sweep every family due at that hour in the whole table (2027
  // dates and the real current hour): a family another file has just made due (household-planner,
  // request-budget) would be run by this file's worker, under the other file's feet.
  'test/integration/weekly-job.test.ts',
  // Asserts SES pacing against the wall clock (40 reports take >= 4.6 s at <= 8.2/s, a password
  // reset is sent within 1.5 s of asking during the burst): other files' load on the 2 cores
  // would make those timings, not the code, decide the outcome.
  'test/integration/report-mail.test.ts',
  // Its property test stops after 170 s (fc.interruptAfterTimeLimit) and then passes with the runs
  // it managed: how much it proves depends on the CPU it gets. Alone it does its 15 runs in about a
  // third of that; beside other files it reached the limit on a busy machine.
  'test/integration/money-ledger-model.test.ts',
  // The same family and invariants by example (items 1 and 2), split from the property test's file:
  // they stay in the lane they always ran in.
  'test/integration/money-paid-once.test.ts',
];

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['shared/**/*.test.ts', 'functions/**/*.test.ts', 'frontend/**/*.test.{ts,tsx}', 'test/unit/**/*.test.ts'],
          environment: 'node',
          // A guard against a hang, not a speed requirement (speed lives in `npm run bench`). In CI
          // the unit files run beside the integration files and DynamoDB Local on 2 cores, where a
          // test that takes 1.8 s alone (the dispatcher's SQS retries, the planner's properties,
          // the local SES and SQS servers) took up to 3.9 s beside three busy cores here, near vitest's 5 s default. The CI run of
          // 7022177 failed in its unit phase with everything else green (its log was not kept).
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Projects with different worker counts need different group orders when run together (`vitest run`).
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts'],
          exclude: SERIAL_INTEGRATION_FILES,
          globalSetup: ['test/integration/global-setup.ts'],
          // Three times integration-serial's: files here share the one API process (bcrypt included)
          // and DynamoDB Local with two others, so a test's wall time is up to three tests' work
          // (request-budget's largest took 51 s on a machine also running the browser tests). A
          // timeout is a guard against a hang, not a speed requirement (none of these tests has one).
          testTimeout: 90_000,
          hookTimeout: 180_000,
          // Each file makes its own families, users and e-mail addresses and connects from its own
          // random loopback addresses, so files can run side by side. The API's handlers run in
          // vitest's main process, one thread, and are what the files wait on: on 2 cores, 3
          // workers measured fastest (2: slower; 4: no faster, with tests' times near their limits).
          maxWorkers: 3,
          sequence: { groupOrder: 1 },
        },
      },
      {
        test: {
          name: 'integration-serial',
          include: SERIAL_INTEGRATION_FILES,
          globalSetup: ['test/integration/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          fileParallelism: false,
          // After the parallel group (a higher order runs later), one file at a time.
          sequence: { groupOrder: 2 },
        },
      },
      {
        test: {
          name: 'infra',
          include: ['test/infra/**/*.test.ts'],
          testTimeout: 180_000,
          hookTimeout: 180_000,
          // Two files at a time (vitest's default here would be one: cores − 1). Most of their time
          // is spent in processes they start (cdk synth, vite, esbuild, DynamoDB Local) or waiting
          // on them, so a second file uses the second core.
          maxWorkers: 2,
          sequence: { groupOrder: 3 },
        },
      },
    ],
  },
});
