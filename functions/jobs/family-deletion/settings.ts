/**
 * The family deletion job's tunables, in one place: the CDK stack deploys them and the local queue
 * runs with the same values (docs/capacity.md, "Deleting a family").
 */
export const FAMILY_DELETION_SETTINGS = {
  /** One family per invocation: a deletion is thousands of writes, not one. */
  workerBatchSize: 1,
  /** Deletions running at once at most: each writes up to ~400 items a second, far below the table's limits. */
  workerMaxConcurrency: 2,
  workerTimeoutSeconds: 300,
  /** A step stops starting new pages this long before the function's timeout, and queues the rest. */
  stepMarginSeconds: 60,
  /** Six times the worker's timeout, as AWS advises for SQS event sources. */
  visibilityTimeoutSeconds: 1800,
  /** Receives before a deletion's message moves to the dead-letter queue (the sweeper queues it again hourly). */
  maxReceiveCount: 5,
  /** Items read per page of a step (one Query; one BatchWriteItem per 25). */
  pageSize: 500,
  /** The sweeper queues again any deletion requested longer ago than this and not finished. */
  sweepAfterMinutes: 30,
} as const;
