/**
 * The e2e suite's local servers: one per Playwright worker, each `npm start`'s launcher in memory
 * with its own DynamoDB Local, demo family, mailbox, per-address limits and copy of the web build,
 * so two workers never see each other's data, limits or service worker. Worker k (its
 * `parallelIndex`) talks to server k only; playwright.config.ts starts them, the session set-up
 * signs in on each, and support/fixtures.ts points each test at its worker's server.
 */
import { resolve } from 'node:path';

/** Workers, and so servers. Two fit the 2-core machines the suite runs on (docs/testing.md). */
export const WORKERS = Math.max(1, Number(process.env.E2E_WORKERS ?? 2));
const BASE_PORT = Number(process.env.E2E_PORT ?? 3199);
/** Point the tests at an already running app (e.g. a Vite dev server) instead of starting servers. */
export const EXTERNAL_BASE_URL = process.env.E2E_BASE_URL;

export const REPO_ROOT = resolve(import.meta.dirname, '../../..');
/** Where the saved sessions and the servers' copies of the web build live (ignored by git). */
export const E2E_STATE_DIR = resolve(REPO_ROOT, 'test-results/.e2e-state');

export interface E2eServer {
  index: number;
  port: number;
  baseURL: string;
  /** The local SES's mailbox of this server (test/support/mailbox.ts reads it). */
  mailboxUrl: string;
  /** The web build this server serves: a copy of frontend/dist of its own (pwa.spec.ts changes sw.js in it). */
  webDistDir: string;
  /** Issue 32: the local push service of this server (infra/local/push-service.ts). */
  pushUrl: string;
}

export function e2eServer(index: number): E2eServer {
  const port = BASE_PORT + 10 * index;
  const baseURL = EXTERNAL_BASE_URL && index === 0 ? EXTERNAL_BASE_URL : `http://localhost:${port}`;
  return {
    index,
    port,
    baseURL,
    mailboxUrl: `http://127.0.0.1:${process.env.E2E_MAIL_PORT && index === 0 ? Number(process.env.E2E_MAIL_PORT) : port + 1}/`,
    webDistDir: resolve(E2E_STATE_DIR, `web-${index}`),
    pushUrl: `http://127.0.0.1:${port + 2}`,
  };
}

export const E2E_SERVERS: readonly E2eServer[] = Array.from({ length: EXTERNAL_BASE_URL ? 1 : WORKERS }, (_, i) => e2eServer(i));

/** The server of the worker this code runs in (Playwright sets TEST_PARALLEL_INDEX in each worker). */
export function thisWorkersServer(): E2eServer {
  return e2eServer(Number(process.env.TEST_PARALLEL_INDEX ?? 0));
}
