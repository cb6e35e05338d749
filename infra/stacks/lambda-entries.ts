/**
 * Every Lambda function the stack deploys, by name, with its entry file (relative to the
 * repository root). The one list: the stack builds its functions from it (chorequest-stack.ts,
 * weekly-job.ts, family-deletion.ts) and `npm run build:functions` bundles exactly these
 * (infra/scripts/bundle-functions.ts, into `dist/functions/<name>/index.mjs`). test/infra/stack.test.ts
 * checks that the synthesized stack has no function outside it.
 */
import { DOMAINS, ROUTES, type Domain } from '../../shared/routes';

/** The API domains that get a function: one per domain with at least one route in shared/routes.ts. */
export const HTTP_FUNCTION_DOMAINS: readonly Domain[] = DOMAINS.filter((d) => ROUTES.some((r) => r.domain === d));

/** The entry of a domain's HTTP function. */
export const httpEntry = (domain: Domain): string => `functions/http/${domain}.ts`;

/** The job functions: the Sunday job (decision 005) and the family deletion job (decision 043). */
export const JOB_ENTRIES = {
  /** Hourly: queues every family whose local Sunday 00:00 has come. */
  'weekly-dispatcher': 'functions/jobs/weekly/dispatch.ts',
  /** SQS: generates each queued family's week and queues its weekly reports. */
  'weekly-worker': 'functions/jobs/weekly/worker.ts',
  /** SQS: deletes a family page by page, then mails its owner. */
  'family-deletion-worker': 'functions/jobs/family-deletion/worker.ts',
  /** Hourly: queues again every deletion not finished. */
  'family-deletion-sweeper': 'functions/jobs/family-deletion/sweep.ts',
  /** SQS: sends each queued weekly report at a share of SES's sending rate (decision 050). */
  'report-mailer': 'functions/jobs/report-mail/worker.ts',
  /** SNS: SES's bounce and complaint events (decision 051). */
  'ses-events': 'functions/jobs/ses-events/handler.ts',
  /** Every 15 minutes: queues every person whose reminder falls in the slot (issue 32). */
  'reminder-dispatcher': 'functions/jobs/reminders/dispatch.ts',
  /** SQS: sends each queued person's reminder by Web Push. */
  'reminder-worker': 'functions/jobs/reminders/worker.ts',
} as const;

export type JobFunction = keyof typeof JOB_ENTRIES;

/** Every function the stack deploys: `http-<domain>` and the jobs, name → entry. */
export const LAMBDA_ENTRIES: Readonly<Record<string, string>> = {
  ...Object.fromEntries(HTTP_FUNCTION_DOMAINS.map((d) => [`http-${d}`, httpEntry(d)])),
  ...JOB_ENTRIES,
};
