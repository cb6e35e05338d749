/**
 * The Sunday job's tunables, in one place: the CDK stack deploys them (each can be overridden with a
 * context value, see docs/deploy.md) and the local queue runs with the same values. The reasoning
 * behind each number is in docs/capacity.md.
 */
export const WEEKLY_JOB_SETTINGS = {
  /** Families per worker invocation (the SQS event source's batch size); processed in parallel. */
  workerBatchSize: 10,
  /**
   * Concurrent worker invocations at most (the event source's maximum concurrency, 2–1000). Five
   * do the busiest hour (300,000 families) in about 15 minutes at ~27,000 write units/s: the table's
   * write capacity, not Lambda, is the limit (docs/capacity.md).
   */
  workerMaxConcurrency: 5,
  /** A family takes well under a second; a whole batch of ten, a few seconds at worst. */
  workerTimeoutSeconds: 60,
  /** At least six times the worker's timeout, as AWS advises for SQS event sources. */
  visibilityTimeoutSeconds: 360,
  /** Receives before a family's message moves to the dead-letter queue. */
  maxReceiveCount: 5,
  /** The dispatcher hands out 300,000 families in well under a minute (npm run bench). */
  dispatcherTimeoutSeconds: 300,
  /** How many UTC days back a tick looks for families still due (one not advanced stays due). */
  lookbackDays: 7,
} as const;

export type WeeklyJobSettings = { -readonly [K in keyof typeof WEEKLY_JOB_SETTINGS]: number };
