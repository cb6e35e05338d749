/**
 * The reminders' tunables (issue 32), in one place: the CDK stack deploys them and the local queue
 * runs with the same values. The arithmetic behind each number is in docs/capacity.md ("Reminders").
 */
export const REMINDER_SETTINGS = {
  /** The dispatcher runs every 15 minutes, one slot a run. */
  slotMinutes: 15,
  /**
   * Slots a run reads besides its own: a reminder whose run failed or was late is found by the next
   * runs for two hours (then sent only if not too late, and moved on either way).
   */
  lookbackSlots: 8,
  /**
   * The run at 00:00 UTC reads the whole last day instead: a reminder left behind by a longer outage
   * is moved on within a day, so none is ever lost (12 times the reads, once a day).
   */
  dailyLookbackSlots: 96,
  /** A reminder more than this late is not sent any more ("3 chores left" at bedtime helps nobody); it moves on. */
  lateLimitMinutes: 60,
  /** People per worker invocation (the SQS event source's batch size), processed in parallel. */
  workerBatchSize: 10,
  /** Concurrent worker invocations at most: the peak slot's pace (docs/capacity.md). */
  workerMaxConcurrency: 50,
  /** A person's reminder takes well under a second (a few reads, one push per device). */
  workerTimeoutSeconds: 60,
  /** Six times the worker's timeout, as AWS advises for SQS event sources. */
  visibilityTimeoutSeconds: 360,
  /** Receives before a person's message moves to the dead-letter queue. */
  maxReceiveCount: 4,
  /** The peak slot (~240,000 people at a million families) goes out in well under a minute (docs/capacity.md). */
  dispatcherTimeoutSeconds: 300,
  /** How long a push service keeps an undelivered reminder: it means nothing the next day. */
  pushTtlSeconds: 4 * 3600,
} as const;
