/**
 * What is deployed, run (issue 20): `cdk synth` as a deploy would (offline, esbuild bundling
 * locally), then every Lambda asset of the template is loaded under Node in a child process of its
 * own (the bundle's own module graph, no vitest transforms, no node_modules anywhere above it) and
 * invoked with the environment the template gives it, against DynamoDB Local, the local SES and a
 * local SQS endpoint. A bundling mistake (a module left external, a dynamic require, an ESM/CJS
 * interop error) that only AWS would show fails here.
 *
 * - Which functions: every AWS::Lambda::Function whose resource carries AppFunction's entry
 *   metadata (ENTRY_METADATA_KEY); each entry of LAMBDA_ENTRIES exactly once. Every other function
 *   must be one aws-cdk-lib brings (a prebuilt, not bundled, asset: BucketDeployment's handler,
 *   custom-resource providers) or have no asset at all (inline code): a function of ours that
 *   bypassed AppFunction fails the first test. CloudFront functions are not Lambda functions.
 * - Environment: a literal value as the template has it; a reference (Ref, Fn::GetAtt, Fn::Join)
 *   resolved to its local stand-in by the referenced resource's type (the table, a queue of the
 *   local SQS endpoint, the distribution's domain); a Secrets Manager ARN becomes the file variable
 *   the code reads locally (SECRET_FILE_VARIABLES). Anything else fails the environment test: a new
 *   variable needs a local stand-in here. Beside them only what the code reads to find the local
 *   services (DYNAMODB_ENDPOINT, SQS_ENDPOINT, SES_ENDPOINT), dummy credentials, and what the Lambda
 *   runtime itself sets (LAMBDA_RUNTIME_VARIABLES). Nothing of this process's environment leaks in.
 * - Invocations: CASES, one per function name, run in its order; a function of LAMBDA_ENTRIES without
 *   a case fails (`no case`). HTTP functions get API Gateway HTTP API v2 events through the edge
 *   (the origin secret, the viewer address), jobs the events their triggers send.
 *
 * Nothing is cached between runs: each run synthesizes into a fresh temporary directory.
 *
 * The set-up, the environment and the invocations are in support/deployed-bundles.ts, the calls and events in support/deployed-calls.ts; the cases and
 * the checks here. One file, one synth (most of the file's minutes).
 */
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { SQSRecord } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { weeklyRunIndexKeys } from '../../functions/data/planning/weekly-run-index';
import { runForWeek } from '../../functions/domain/weekly-run';
import { FAMILY_DELETION_SETTINGS } from '../../functions/jobs/family-deletion/settings';
import { sesEvent, snsEventFor } from '../../infra/local/ses-events';
import { ENTRY_METADATA_KEY } from '../../infra/stacks/app-function';
import { HTTP_FUNCTION_DOMAINS, LAMBDA_ENTRIES } from '../../infra/stacks/lambda-entries';
import { ACCOUNT_PAGES } from '../../shared/account-pages';
import { type Domain } from '../../shared/routes';
import { linkTo } from '../support/mailbox';
import { type Json, MAIL_FROM, LOCAL_TABLE_NAME, SET_UP_TIMEOUT_MS, cdkOut, template, functions, doc, mailbox, localEnvironment, invoke, setUpDeployment, tearDownDeployment } from './support/deployed-bundles';
import { Visitor, queueOf, newRecords, sentCount, scheduledEvent, sqsEvent, familyItem } from './support/deployed-calls';

// ---- The cases: one per function, in this order ---------------------------------------------------

const PARENT = { email: `deployed-${randomUUID().slice(0, 8)}@example.com`, password: 'secret-pass-1', timeZone: 'Europe/London' };
const DUE_WEEK = '2027-03-14';
const parent = () => state.parent!;
const state: { parent?: Visitor; familyId?: string; childId?: string; child?: { username: string; password: string }; weeklyRecords?: SQSRecord[]; reportRecords?: SQSRecord[]; deletionRecords?: SQSRecord[]; reminderRecords?: SQSRecord[] } = {};

/** One real route per domain (the first case of each HTTP function), then whatever the jobs need. */
const HTTP_CASES: Record<Domain, () => Promise<void>> = {
  auth: async () => {
    state.parent = new Visitor();
    const signUp = await parent().call('POST /api/auth/parent-signup', { body: { email: PARENT.email, password: PARENT.password, firstName: 'Dee', lastName: 'Ployed', timeZone: PARENT.timeZone } });
    expect(signUp.status, JSON.stringify(signUp.body)).toBe(201);
    expect(parent().cookies.size).toBeGreaterThan(0);
    // The welcome e-mail through the local SES, and its link confirms the address (the deletion notice needs a confirmed owner).
    const welcome = await mailbox.waitFor(PARENT.email, { match: (m) => m.subject.startsWith('Welcome') });
    const token = new URLSearchParams(linkTo(welcome, ACCOUNT_PAGES.verifyEmail).hash.slice(1)).get('token');
    const verified = await new Visitor().call('POST /api/auth/verify-email', { body: { token } });
    expect(verified.status, JSON.stringify(verified.body)).toBe(200);
    const me = await parent().call('GET /api/auth/parent-user');
    expect(me.status).toBe(200);
    state.familyId = me.body.familyId;
    expect(state.familyId).toBeTruthy();
  },
  children: async () => {
    const created = await parent().call('POST /api/children', { body: { displayName: 'Kid One', age: 9, maxDifficultyLevel: 4 } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    state.childId = created.body.id;
    state.child = { username: `kid${randomUUID().replace(/-/g, '').slice(0, 10)}`, password: 'pass123' };
    const cred = await parent().call('POST /api/children/{id}/credentials', { params: { id: state.childId! }, body: state.child });
    expect(cred.status, JSON.stringify(cred.body)).toBe(200);
  },
  chores: async () => {
    for (const chore of [
      { name: 'Make bed', category: 'daily', amount: '0.50', difficultyLevel: 1 },
      { name: 'Vacuum', category: 'weekly', amount: '3.25', difficultyLevel: 3 },
    ]) {
      const created = await parent().call('POST /api/chores', { body: chore });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
    }
    const list = await parent().call('GET /api/chores');
    expect(list.status).toBe(200);
    expect(JSON.stringify(list.body)).toContain('Vacuum');
  },
  assignments: async () => {
    const generated = await parent().call('POST /api/assignments/generate', { body: {} });
    expect(generated.status, JSON.stringify(generated.body)).toBe(200);
  },
  dashboard: async () => {
    const dashboard = await parent().call('GET /api/dashboard');
    expect(dashboard.status, JSON.stringify(dashboard.body)).toBe(200);
    expect(JSON.stringify(dashboard.body)).toContain('Kid One');
  },
  child: async () => {
    const kid = new Visitor();
    const login = await kid.call('POST /api/auth/child-login', { body: state.child });
    expect(login.status, JSON.stringify(login.body)).toBe(200);
    const mine = await kid.call('GET /api/child/assignments');
    expect(mine.status, JSON.stringify(mine.body)).toBe(200);
  },
  reports: async () => {
    const activity = await parent().call('GET /api/family/activity');
    expect(activity.status, JSON.stringify(activity.body)).toBe(200);
    // The printable weekly report is the API's one HTML page.
    const report = await parent().call('GET /api/reports/weekly', { html: true });
    expect(report.status, report.body).toBe(200);
    expect(report.result.headers?.['content-type']).toMatch(/text\/html/);
    expect(report.body).toContain('Kid One');
  },
  account: async () => {
    const account = await parent().call('GET /api/account');
    expect(account.status, JSON.stringify(account.body)).toBe(200);
    expect(JSON.stringify(account.body)).toContain(PARENT.email);
    // The weekly e-mail report on: the Sunday worker then queues one for the report mailer.
    const report = await parent().call('PUT /api/account/weekly-report', { body: { enabled: true } });
    expect(report.status, JSON.stringify(report.body)).toBe(200);
  },
  family: async () => {
    const members = await parent().call('GET /api/family/members');
    expect(members.status, JSON.stringify(members.body)).toBe(200);
    expect(JSON.stringify(members.body)).toContain(PARENT.email);
  },
  push: async () => {
    // Issue 32: the VAPID public key (derived from the secret), and a device for the parent's reminders.
    const key = await new Visitor().call('GET /api/push/key');
    expect(key.status, JSON.stringify(key.body)).toBe(200);
    expect(key.body.publicKey).toMatch(/^B[A-Za-z0-9_-]{86}$/);
    const device = await parent().call('PUT /api/push/device', { body: { endpoint: 'https://push.example.test/deployed', keys: { p256dh: key.body.publicKey, auth: 'A'.repeat(22) } } });
    expect(device.status, JSON.stringify(device.body)).toBe(200);
  },
  export: async () => {
    const exported = await parent().call('GET /api/family/export');
    expect(exported.status, JSON.stringify(exported.body).slice(0, 500)).toBe(200);
    expect(JSON.stringify(exported.body)).toContain('Kid One');
  },
  board: async () => {
    // Issue 32: another device of the parent becomes the family board (the parent's session there ends).
    const device = new Visitor();
    const login = await device.call('POST /api/auth/parent-login', { body: { email: PARENT.email, password: PARENT.password } });
    expect(login.status, JSON.stringify(login.body)).toBe(200);
    const setUp = await device.call('POST /api/family/boards', { body: { password: PARENT.password, name: 'Kitchen' } });
    expect(setUp.status, JSON.stringify(setUp.body)).toBe(201);
    const board = await device.call('GET /api/board');
    expect(board.status, JSON.stringify(board.body)).toBe(200);
    expect(JSON.stringify(board.body)).toContain('Kid One');
  },
};

const CASES: Record<string, () => Promise<void>> = {
  ...Object.fromEntries(Object.entries(HTTP_CASES).map(([domain, run]) => [`http-${domain}`, run])),

  'weekly-dispatcher': async () => {
    // Due at its local Sunday 00:00 (London, GMT in March: 00:00Z), as if last run the week before.
    const k = weeklyRunIndexKeys(state.familyId!, runForWeek(DUE_WEEK, PARENT.timeZone));
    await doc.send(
      new UpdateCommand({
        TableName: LOCAL_TABLE_NAME,
        Key: { PK: `FAMILY#${state.familyId}`, SK: 'PROFILE' },
        UpdateExpression: 'SET GSI2PK = :pk, GSI2SK = :sk, nextRunWeekStart = :w REMOVE genClaim',
        ExpressionAttributeValues: { ':pk': k.GSI2PK, ':sk': k.GSI2SK, ':w': k.nextRunWeekStart },
      }),
    );
    const weeklyQueue = queueOf('weekly-dispatcher', 'WEEKLY_QUEUE_URL');
    const before = sentCount(weeklyQueue);
    const result = await invoke<{ dispatched: number; notSent: number }>('weekly-dispatcher', scheduledEvent(`${DUE_WEEK}T00:00:00Z`, 'WeeklyJobSchedule'));
    expect(result).toMatchObject({ dispatched: 1, notSent: 0 });
    state.weeklyRecords = await newRecords(weeklyQueue, before);
    expect(state.weeklyRecords[0]!.body).toContain(state.familyId);
  },

  'weekly-worker': async () => {
    const reportQueue = queueOf('weekly-worker', 'REPORT_QUEUE_URL');
    const before = sentCount(reportQueue);
    const result = await invoke<{ batchItemFailures: unknown[] }>('weekly-worker', sqsEvent(state.weeklyRecords!));
    expect(result).toEqual({ batchItemFailures: [] });
    expect(await familyItem(state.familyId!)).toMatchObject({ lastRunWeekStart: DUE_WEEK });
    const week = await doc.send(
      new QueryCommand({
        TableName: LOCAL_TABLE_NAME,
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :p)',
        ExpressionAttributeValues: { ':pk': `FAMILY#${state.familyId}`, ':p': `ASSIGN#${DUE_WEEK}#` },
        ConsistentRead: true,
      }),
    );
    expect(week.Items?.length ?? 0).toBeGreaterThan(0);
    // The confirmed parent's weekly report, queued for the report mailer.
    state.reportRecords = await newRecords(reportQueue, before);
    expect(state.reportRecords[0]!.body).toContain(state.familyId);
  },

  'report-mailer': async () => {
    expect(queueOf('report-mailer', 'REPORT_QUEUE_URL')).toBe(queueOf('weekly-worker', 'REPORT_QUEUE_URL'));
    const after = await mailbox.cursor(PARENT.email);
    const result = await invoke<{ batchItemFailures: unknown[] }>('report-mailer', sqsEvent(state.reportRecords!));
    expect(result).toEqual({ batchItemFailures: [] });
    // The report through the local SES, from the configured sender, with its one-click unsubscribe.
    const report = await mailbox.waitFor(PARENT.email, { after });
    expect(report.from).toContain(MAIL_FROM);
    expect(report.headers.map((h) => h.name.toLowerCase())).toContain('list-unsubscribe');
  },

  'ses-events': async () => {
    // SES's event publishing → SNS → the function: a permanent bounce of the parent's address.
    const event = snsEventFor(JSON.stringify(sesEvent('bounce', PARENT.email, { kind: 'weekly-report' })));
    const result = await invoke<{ outcomes: string[] }>('ses-events', event);
    expect(result).toEqual({ outcomes: ['marked'] });
    const account = await parent().call('GET /api/account');
    expect(account.status).toBe(200);
    expect(JSON.stringify(account.body)).toContain('"emailUndeliverable":true');
  },

  'reminder-dispatcher': async () => {
    // The parent's device (http-push) put their next reminder in the index: its slot's run finds it.
    const reminder = (await doc.send(new QueryCommand({ TableName: LOCAL_TABLE_NAME, KeyConditionExpression: 'PK = :pk AND begins_with(SK, :p)', ExpressionAttributeValues: { ':pk': `FAMILY#${state.familyId}`, ':p': 'REMIND#PARENT#' }, ConsistentRead: true }))).Items?.[0];
    expect(reminder?.slot).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);
    const queue = queueOf('reminder-dispatcher', 'REMINDER_QUEUE_URL');
    const before = sentCount(queue);
    const result = await invoke<{ dispatched: number; notSent: number }>('reminder-dispatcher', scheduledEvent(`${reminder!.slot}:00Z`, 'RemindersSchedule'));
    expect(result.notSent).toBe(0);
    state.reminderRecords = await newRecords(queue, before);
    expect(state.reminderRecords[0]!.body).toContain(state.familyId);
  },

  'reminder-worker': async () => {
    // No tick waits for an OK: nothing to say, and the reminder moves on to its next slot.
    const result = await invoke<{ batchItemFailures: unknown[] }>('reminder-worker', sqsEvent(state.reminderRecords!));
    expect(result).toEqual({ batchItemFailures: [] });
  },

  'family-deletion-sweeper': async () => {
    // The owner asks (the family function queues the deletion) …
    const deletionQueue = queueOf('family-deletion-sweeper', 'FAMILY_DELETION_QUEUE_URL');
    expect(queueOf('http-family', 'FAMILY_DELETION_QUEUE_URL')).toBe(deletionQueue);
    let before = sentCount(deletionQueue);
    const asked = await parent().call('DELETE /api/family', { body: { password: PARENT.password } });
    expect(asked.status, JSON.stringify(asked.body)).toBe(202);
    expect((await newRecords(deletionQueue, before))[0]!.body).toContain(state.familyId);
    // … and the hourly sweep, later than sweepAfterMinutes, queues the unfinished deletion again.
    before = sentCount(deletionQueue);
    const later = new Date(Date.now() + (FAMILY_DELETION_SETTINGS.sweepAfterMinutes + 5) * 60_000).toISOString();
    const result = await invoke<{ queued: number }>('family-deletion-sweeper', scheduledEvent(later, 'FamilyDeletionSweepSchedule'));
    expect(result).toEqual({ queued: 1 });
    state.deletionRecords = await newRecords(deletionQueue, before);
    expect(state.deletionRecords[0]!.body).toContain(state.familyId);
  },

  'family-deletion-worker': async () => {
    const result = await invoke<{ batchItemFailures: unknown[] }>('family-deletion-worker', sqsEvent(state.deletionRecords!));
    expect(result).toEqual({ batchItemFailures: [] });
    expect(await familyItem(state.familyId!)).toBeUndefined();
    // The owner is told, through the local SES.
    const notice = await mailbox.waitFor(PARENT.email, { match: (m) => /deleted/i.test(m.subject) });
    expect(notice.from).toContain(MAIL_FROM);
  },
};
// ---- Set-up: synth, the local services (support/deployed-bundles.ts) ------------------------------

beforeAll(setUpDeployment, SET_UP_TIMEOUT_MS);

afterAll(tearDownDeployment);

// ---- The tests --------------------------------------------------------------------------------------

describe('the synthesized stack', () => {
  it('has one bundled asset per function of lambda-entries.ts, and no other function of ours', () => {
    const names = functions.map((f) => f.name).sort();
    expect(names, 'functions carrying AppFunction entry metadata').toEqual(Object.keys(LAMBDA_ENTRIES).sort());
    for (const fn of functions) {
      expect(fn.handler, fn.name).toBe('index.handler');
      expect(existsSync(join(fn.assetDir, 'index.mjs')), `${fn.name}: ${fn.assetDir}/index.mjs`).toBe(true);
    }
    expect(new Set(functions.map((f) => f.assetDir)).size, 'each function its own asset').toBe(functions.length);
    // The exclusion rule: any other function must be aws-cdk-lib's (a prebuilt asset it ships, not
    // bundled from our code) or inline code; a NodejsFunction of ours outside AppFunction fails here.
    const others = Object.entries(template.Resources).filter(([, r]) => r.Type === 'AWS::Lambda::Function' && r.Metadata?.[ENTRY_METADATA_KEY] === undefined);
    for (const [id, r] of others) {
      const inline = typeof (r.Properties?.Code as Json | undefined)?.ZipFile === 'string';
      expect(inline || r.Metadata?.['aws:asset:is-bundled'] === false, `${id} (${String(r.Metadata?.['aws:cdk:path'])}) is a bundled function outside AppFunction`).toBe(true);
      expect(r.Properties?.Runtime, id).not.toBe('nodejs22.x');
    }
  });

  it('bundles production builds only (Lambda sets no NODE_ENV: a development build would run)', () => {
    for (const fn of functions) {
      const map = JSON.parse(readFileSync(join(fn.assetDir, 'index.mjs.map'), 'utf8')) as { sources: string[] };
      expect(map.sources.filter((source) => /\.development\.js$/.test(source)), fn.name).toEqual([]);
    }
  });

  it('runs the bundles where no node_modules can stand in for a module left out', () => {
    for (let dir = cdkOut; dir !== dirname(dir); dir = dirname(dir)) expect(existsSync(join(dir, 'node_modules')), join(dir, 'node_modules')).toBe(false);
  });

  it('gives every variable of every function a local value (a new variable needs a stand-in here)', () => {
    const problems: string[] = [];
    for (const fn of functions) {
      try {
        localEnvironment(fn);
      } catch (err) {
        problems.push((err as Error).message);
      }
    }
    expect(problems).toEqual([]);
  });

  it('has a case below for every function of lambda-entries.ts and every API domain', () => {
    expect(Object.keys(LAMBDA_ENTRIES).filter((name) => !CASES[name]), 'functions without a case in CASES').toEqual([]);
    expect(HTTP_FUNCTION_DOMAINS.filter((d) => !HTTP_CASES[d])).toEqual([]);
  });
});

describe.sequential('each deployed bundle, invoked under Node', () => {
  const names = [...Object.keys(CASES), ...Object.keys(LAMBDA_ENTRIES).filter((n) => !CASES[n])];
  for (const name of names) {
    it(name, async () => {
      const run = CASES[name];
      if (!run) throw new Error(`${name} (${LAMBDA_ENTRIES[name]}) has no case in CASES of test/infra/deployed-bundles.test.ts: add one that invokes its bundle as its trigger would`);
      if (!functions.some((f) => f.name === name)) throw new Error(`${name} is in CASES but not a function of the synthesized stack`);
      await run();
    });
  }
});
