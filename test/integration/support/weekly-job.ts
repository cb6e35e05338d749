/**
 * The Sunday job inside the test process (the dispatcher, the local queue and the worker, over the
 * suite's DynamoDB Local), plus what the job tests need around it: making a family due for a week,
 * reading its items, and stepping into the job's DynamoDB calls to stage a race at an exact moment.
 */
import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { inject } from 'vitest';
import { weeklyRunIndexKeys } from '../../../functions/data/planning/weekly-run-index';
import { runForWeek } from '../../../functions/domain/weekly-run';
import { setDbClient } from '../../../functions/lib/db';
import { resetAppEnv } from '../../../functions/lib/env';
import { logger } from '../../../functions/lib/logger';
import { resetSesClient } from '../../../functions/lib/mailer';
import { resetLinkKey } from '../../../functions/lib/signed-links';
import { resetVapidKeys } from '../../../functions/lib/web-push';
import { startLocalWeeklyJob, type LocalWeeklyJob, type LocalWeeklyJobOptions } from '../../../infra/local/weekly-job';
import { startLocalJobs, type LocalFamilyDeletion, type LocalJobOptions, type LocalJobs } from '../../../infra/local/jobs';
import { aroundDynamoCalls } from '../../support/dynamo-calls';
import { testDb } from './client';
import type { Family } from './family';

/** Points the test process's data layer, mailer and link signing at the suite's stack, as the stack configures a job's Lambda. */
function useJobEnvironment(): void {
  Object.assign(process.env, {
    TABLE_NAME: inject('tableName'),
    DYNAMODB_ENDPOINT: inject('dynamoEndpoint'),
    // The worker e-mails weekly reports through the suite's local SES, with signed unsubscribe links.
    SES_ENDPOINT: inject('sesEndpoint'),
    MAIL_FROM: inject('mailFrom'),
    APP_URL: inject('baseUrl'),
    LINK_SECRET_FILE: inject('linkSecretFile'),
    VAPID_SECRET_FILE: inject('vapidSecretFile'),
    POWERTOOLS_METRICS_DISABLED: 'true',
  });
  // The suite's level (WARN, from the stack), or JOB_LOG_LEVEL=DEBUG to follow the jobs. Set on the
  // logger itself: it read the environment when it was created. Expected errors: support/expected-logs.ts.
  if (process.env.JOB_LOG_LEVEL) logger.setLogLevel(process.env.JOB_LOG_LEVEL as Parameters<typeof logger.setLogLevel>[0]);
  resetAppEnv();
  setDbClient(undefined);
  resetSesClient();
  resetLinkKey();
  resetVapidKeys();
}

/** Starts the Sunday job in the test process (its own local queue), over the suite's stack. */
export async function startJob(opts: LocalWeeklyJobOptions = {}): Promise<LocalWeeklyJob> {
  useJobEnvironment();
  return startLocalWeeklyJob(opts);
}

/** Starts the reminders (dispatcher, local queue, worker) in the test process, over the suite's stack. */
export async function startReminderJob(opts: LocalJobOptions = {}): Promise<LocalJobs> {
  useJobEnvironment();
  return startLocalJobs({ reminders: opts });
}

/** Starts the family deletion job in the test process (its own local queue), over the suite's stack. */
export async function startDeletionJob(opts: LocalJobOptions = {}): Promise<LocalFamilyDeletion> {
  useJobEnvironment();
  return (await startLocalJobs({ familyDeletion: opts })).familyDeletion;
}

/** One dispatcher tick, then everything it queued (retries included) worked off. */
export async function tick(job: LocalWeeklyJob, iso: string) {
  const result = await job.dispatch(new Date(iso));
  await job.queue.drained();
  return result;
}

export const familyIdOf = async (f: Family): Promise<string> => (await f.parent.get('/api/auth/parent-user')).body.familyId;

export async function familyItem(familyId: string): Promise<Record<string, any>> {
  const { doc, tableName } = testDb();
  return (await doc.send(new GetCommand({ TableName: tableName, Key: { PK: `FAMILY#${familyId}`, SK: 'PROFILE' }, ConsistentRead: true }))).Item!;
}

/** Makes a family due for `weekStart` (its local Sunday 00:00 in `tz`), as if its last run had been the week before. */
export async function makeDue(familyId: string, weekStart: string, tz: string, index: { GSI2PK?: string } = {}) {
  const { doc, tableName } = testDb();
  const k = weeklyRunIndexKeys(familyId, runForWeek(weekStart, tz));
  await doc.send(
    new UpdateCommand({
      TableName: tableName,
      Key: { PK: `FAMILY#${familyId}`, SK: 'PROFILE' },
      UpdateExpression: 'SET GSI2PK = :pk, GSI2SK = :sk, nextRunWeekStart = :w REMOVE genClaim',
      ExpressionAttributeValues: { ':pk': index.GSI2PK ?? k.GSI2PK, ':sk': k.GSI2SK, ':w': k.nextRunWeekStart },
    }),
  );
}

/** Every dated assignment of a family's week, straight from the table. */
export async function weekItems(familyId: string, weekStart: string): Promise<Record<string, any>[]> {
  const { doc, tableName } = testDb();
  const out = await doc.send(
    new QueryCommand({
      TableName: tableName,
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :p)',
      ExpressionAttributeValues: { ':pk': `FAMILY#${familyId}`, ':p': `ASSIGN#${weekStart}#` },
      ConsistentRead: true,
    }),
  );
  return out.Items ?? [];
}

/** (child, chore, day) slots held by more than one assignment. */
export const duplicateSlots = (items: Record<string, any>[]) => {
  const seen = new Map<string, number>();
  for (const a of items) seen.set(`${a.childId}|${a.choreId}|${a.dayOfWeek}`, (seen.get(`${a.childId}|${a.choreId}|${a.dayOfWeek}`) ?? 0) + 1);
  return [...seen].filter(([, n]) => n > 1).map(([slot]) => slot);
};

/**
 * Runs `hook` before every DynamoDB call of the test process for which `match` is true (the job's
 * calls: it runs in this process). Returns the function that removes the hook.
 */
export function beforeDynamoCall(match: (command: string, partition: string | undefined, input: any) => boolean, hook: (command: string, input: any) => Promise<void> | void): () => void {
  return aroundDynamoCalls(async (call, send) => {
    if (match(call.command, call.partition, call.input)) await hook(call.command, call.input);
    return send();
  });
}
