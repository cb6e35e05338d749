/**
 * The report mailer's tunables (docs/decisions/050-email-at-ses-pace.md), in one place: the CDK
 * stack deploys them (each overridable with a context value of the same name, docs/deploy.md) and
 * the local queue runs with the same values.
 */
export const REPORT_MAIL_SETTINGS = {
  /**
   * Concurrent mailer invocations at most (the SQS event source's maximum concurrency; 2 is SQS's
   * minimum). Each invocation sends at `sendSharePercent`% of SES's MaxSendRate divided by this
   * number, so together they never go over the share, whatever the quota.
   */
  mailerMaxConcurrency: 2,
  /** The share of the account's SES sending rate the reports may use; the rest is kept for account e-mails. */
  sendSharePercent: 80,
  /** Reports per invocation (the event source's batch size); sent in parallel, paced. */
  mailerBatchSize: 10,
  /**
   * A batch of ten at the slowest pace (1/s fallback × 80% / 2 = 0.4/s) takes 25 s; a minute leaves
   * room for DynamoDB reads and a slow SES answer.
   */
  mailerTimeoutSeconds: 60,
  /** Six times the mailer's timeout, as AWS advises for SQS event sources. */
  visibilityTimeoutSeconds: 360,
  /**
   * Receives before a report moves to the dead-letter queue. Throttling puts a message back and
   * counts as a receive: twenty backoffs (2 s … 5 min each) ride out an hour of SES refusing.
   */
  maxReceiveCount: 20,
  /**
   * How long a queued report may wait: four days. At the lowest quota (1/s) a million families'
   * reports would take longer than that, but then the deploy has asked for too little (docs/deploy.md);
   * a report older than the next Sunday's is stale, and four days outlast a weekend's outage of SES.
   */
  retentionDays: 4,
  /** An oldest message older than this raises the backlog alarm. */
  backlogAlarmSeconds: 2 * 3600,
} as const;

export type ReportMailSettings = { -readonly [K in keyof typeof REPORT_MAIL_SETTINGS]: number };

/** SES's rate when GetAccount fails in AWS: conservative, a sandbox account's is 1/s. */
export const FALLBACK_MAX_SEND_RATE = 1;
/** Locally (SES_ENDPOINT set), when the local SES has no account to answer GetAccount with: SES's starting quota. */
export const LOCAL_MAX_SEND_RATE = 14;
/** How long a container keeps SES's answer to GetAccount. */
export const QUOTA_CACHE_MS = 5 * 60_000;
/** Backoff after throttling or a passing failure (ChangeMessageVisibility), in seconds. */
export const RETRY_BACKOFF = { minSeconds: 2, baseSeconds: 2, maxSeconds: 300 } as const;
