/** Configuration from the environment, read once. */
export interface AppEnv {
  tableName: string;
  /** DynamoDB Local endpoint; absent in AWS. */
  dynamoEndpoint: string | undefined;
  /** AWS: the Secrets Manager secret holding the session signing key. */
  sessionSecretArn: string | undefined;
  /** Local: a file under the data directory holding the session signing key. */
  sessionSecretFile: string | undefined;
  /** `Secure` + `__Host-` cookies; only local plain-http runs turn this off. */
  secureCookies: boolean;
  sessionTtlSeconds: number;
  /** The Sunday job's queue (the dispatcher sends to it); absent in functions that do not send. */
  weeklyQueueUrl: string | undefined;
  /** The local queue's SQS endpoint; absent in AWS. */
  sqsEndpoint: string | undefined;
  /** The sender address of every e-mail; set only for functions that send (AppFunction `email`). */
  mailFrom: string | undefined;
  /** Where replies go when that is not the sender address (optional). */
  mailReplyTo: string | undefined;
  /** The local SES (aws-ses-v2-local) endpoint; absent in AWS. */
  sesEndpoint: string | undefined;
  /** The app's public origin (e.g. `https://d123.cloudfront.net`), for links in e-mails. */
  appUrl: string | undefined;
  /** AWS: the Secrets Manager secret CloudFront sends as the origin header (functions/lib/edge-headers.ts). */
  originSecretArn: string | undefined;
  /** Local: the file holding the value the local gateway sends. */
  originSecretFile: string | undefined;
  /** AWS: the secret that signs links needing no stored token (the weekly report's unsubscribe link). */
  linkSecretArn: string | undefined;
  /** Local: the file holding it. */
  linkSecretFile: string | undefined;
  /** The family deletion job's queue (functions/jobs/family-deletion); set for the functions that send to it. */
  familyDeletionQueueUrl: string | undefined;
  /** The SES configuration set every send names (its event destinations report bounces and complaints); absent locally. */
  sesConfigurationSet: string | undefined;
  /** The weekly report queue (the Sunday worker sends one message per recipient; the report mailer sends them at SES's pace). */
  reportQueueUrl: string | undefined;
  /** AWS: the secret the VAPID key pair of Web Push is derived from (functions/lib/web-push.ts). */
  vapidSecretArn: string | undefined;
  /** Local: the file holding it. */
  vapidSecretFile: string | undefined;
  /** The reminder queue (the reminder dispatcher sends one message per person due in a slot). */
  reminderQueueUrl: string | undefined;
}

let cached: AppEnv | undefined;

export function appEnv(): AppEnv {
  if (cached) return cached;
  const tableName = process.env.TABLE_NAME;
  if (!tableName) throw new Error('TABLE_NAME is not set');
  cached = {
    tableName,
    dynamoEndpoint: process.env.DYNAMODB_ENDPOINT || undefined,
    sessionSecretArn: process.env.SESSION_SECRET_ARN || undefined,
    sessionSecretFile: process.env.SESSION_SECRET_FILE || undefined,
    secureCookies: process.env.SECURE_COOKIES !== 'false',
    sessionTtlSeconds: Number(process.env.SESSION_TTL_SECONDS ?? 7 * 24 * 3600),
    weeklyQueueUrl: process.env.WEEKLY_QUEUE_URL || undefined,
    sqsEndpoint: process.env.SQS_ENDPOINT || undefined,
    mailFrom: process.env.MAIL_FROM || undefined,
    mailReplyTo: process.env.MAIL_REPLY_TO || undefined,
    sesEndpoint: process.env.SES_ENDPOINT || undefined,
    appUrl: process.env.APP_URL || undefined,
    originSecretArn: process.env.ORIGIN_SECRET_ARN || undefined,
    originSecretFile: process.env.ORIGIN_SECRET_FILE || undefined,
    linkSecretArn: process.env.LINK_SECRET_ARN || undefined,
    linkSecretFile: process.env.LINK_SECRET_FILE || undefined,
    familyDeletionQueueUrl: process.env.FAMILY_DELETION_QUEUE_URL || undefined,
    sesConfigurationSet: process.env.SES_CONFIGURATION_SET || undefined,
    reportQueueUrl: process.env.REPORT_QUEUE_URL || undefined,
    vapidSecretArn: process.env.VAPID_SECRET_ARN || undefined,
    vapidSecretFile: process.env.VAPID_SECRET_FILE || undefined,
    reminderQueueUrl: process.env.REMINDER_QUEUE_URL || undefined,
  };
  return cached;
}

/** Tests and the local launcher change the environment between runs. */
export function resetAppEnv(): void {
  cached = undefined;
}
