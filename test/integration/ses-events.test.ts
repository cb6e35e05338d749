/**
 * Bounces and complaints (issue 20, decision 051): SES's events, built as SES publishes them and
 * delivered as SNS delivers them (infra/local/ses-events.ts), run through the same handler the stack
 * deploys, in this process, over the suite's DynamoDB Local. The API runs in the suite's stack; the
 * Sunday job and the report mailer in this process (support/weekly-job.ts), sending through the
 * suite's local SES.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_PAGES } from '../../shared/account-pages';
import { addDays } from '../../shared/time';
import { encodeWeeklyRunMessage } from '../../functions/jobs/weekly/message';
import { deliverSesEvent, deliverSnsMessage, sesEvent } from '../../infra/local/ses-events';
import type { LocalWeeklyJob } from '../../infra/local/weekly-job';
import type { SentEmail } from '../support/mailbox';
import { linkToken, mailbox } from './support/account';
import { TestClient, testDb, uniqueEmail } from './support/client';
import { expectLogs } from './support/expected-logs';
import { makeFamily } from './support/family';
import { familyIdOf, familyItem, startJob } from './support/weekly-job';

let job: LocalWeeklyJob;
beforeAll(async () => {
  job = await startJob({ visibilityTimeoutMs: 150 });
});
afterAll(async () => job?.stop());

const isReport = (m: SentEmail) => m.subject.startsWith('Your ChoreQuest week');

async function runSunday(familyId: string, week: string) {
  job.queue.send(encodeWeeklyRunMessage({ familyId, dueWeek: week, tick: `${week}T00:00:00.000Z` }));
  await job.queue.drained();
  await job.reportMail.queue.drained();
}

/** A family whose owner confirmed the address and turned the weekly report on. */
async function confirmedWithReport() {
  const f = await makeFamily({ kids: 1 });
  const familyId = await familyIdOf(f);
  const welcome = await mailbox.waitFor(f.email, { match: (m) => m.subject.startsWith('Welcome') });
  await new TestClient().post('/api/auth/verify-email', { token: linkToken(welcome, ACCOUNT_PAGES.verifyEmail).token });
  await f.parent.put('/api/account/weekly-report', { enabled: true });
  const parentId = (await f.parent.get('/api/account')).body.id as string;
  return { f, familyId, parentId };
}

async function parentItem(familyId: string, parentId: string): Promise<Record<string, any>> {
  const { doc, tableName } = testDb();
  return (await doc.send(new GetCommand({ TableName: tableName, Key: { PK: `FAMILY#${familyId}`, SK: `PARENT#${parentId}` }, ConsistentRead: true }))).Item!;
}

describe('a permanent bounce', () => {
  it('marks the parent undeliverable, shows it in the API, stops the weekly report, and confirming the address again clears it', async () => {
    // Prepare
    const { f, familyId, parentId } = await confirmedWithReport();
    const at = new Date('2026-11-20T08:00:00.000Z');
    // Act: SES reports the address bounced for good (in another case than it was signed up with)
    expectLogs({ level: 'warn', message: 'permanent bounce' });
    const result = await deliverSesEvent('bounce', f.email.toUpperCase(), { at });
    // Assess: the parent item, both DTOs
    expect(result).toEqual({ outcomes: ['marked'] });
    expect((await parentItem(familyId, parentId)).emailUndeliverable).toEqual({ at: at.toISOString(), reason: 'Permanent: General' });
    expect((await f.parent.get('/api/account')).body).toMatchObject({ emailUndeliverable: true, emailVerified: true, weeklyReport: true });
    expect((await f.parent.get('/api/auth/parent-user')).body).toMatchObject({ emailUndeliverable: true });

    // Act: the Sunday run
    const before = await mailbox.cursor(f.email);
    const queued = job.reportMail.queue.stats().sent;
    await runSunday(familyId, addDays(f.clock.weekStart, 7));
    // Assess: the week was generated, no report queued or sent to the address
    expect((await familyItem(familyId)).lastRunWeekStart).toBe(addDays(f.clock.weekStart, 7));
    expect(job.reportMail.queue.stats().sent - queued).toBe(0);
    expect((await mailbox.newSince(f.email, before)).filter(isReport)).toEqual([]);

    // Act: the parent asks for a new confirmation link for the same address (allowed while it bounced) and follows it
    const { mail, result: asked } = await mailbox.next(f.email, () => f.parent.post('/api/account/verification-email'));
    expect(asked.status).toBe(202);
    await new TestClient().post('/api/auth/verify-email', { token: linkToken(mail, ACCOUNT_PAGES.verifyEmail).token });
    // Assess: the mark is gone (the Sunday run queues the report again), and the address is confirmed as before
    expect((await parentItem(familyId, parentId)).emailUndeliverable).toBeUndefined();
    expect((await f.parent.get('/api/account')).body).toMatchObject({ emailUndeliverable: false, emailVerified: true });
    expect((await f.parent.post('/api/account/verification-email')).status).toBe(409);
  });

  it('is cleared by a confirmed change to a new address, in the same write', async () => {
    // Prepare
    const { f, familyId, parentId } = await confirmedWithReport();
    expectLogs({ level: 'warn', message: 'permanent bounce' });
    await deliverSesEvent('bounce', f.email);
    const newEmail = uniqueEmail('moved');
    // Act
    const { mail } = await mailbox.next(newEmail, () => f.parent.post('/api/account/email-change', { email: newEmail, password: 'secret123' }));
    const confirmed = await f.parent.post('/api/auth/confirm-email-change', { token: linkToken(mail, ACCOUNT_PAGES.confirmEmail).token });
    // Assess
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    const item = await parentItem(familyId, parentId);
    expect(item.email).toBe(newEmail);
    expect(item.emailUndeliverable).toBeUndefined();
    expect((await f.parent.get('/api/account')).body).toMatchObject({ email: newEmail, emailUndeliverable: false });
  });

  it('delivered again (SNS delivers at least once) changes nothing more', async () => {
    // Prepare
    const { f, familyId, parentId } = await confirmedWithReport();
    const message = JSON.stringify(sesEvent('bounce', f.email, { at: new Date('2026-11-20T08:00:00.000Z') }));
    expectLogs({ level: 'warn', message: 'permanent bounce' });
    await deliverSnsMessage(message);
    const first = await parentItem(familyId, parentId);
    // Act: the same message, and a later bounce of the same address
    const again = await deliverSnsMessage(message);
    const later = await deliverSesEvent('bounce', f.email, { at: new Date('2026-11-21T08:00:00.000Z') });
    // Assess: the first mark stands
    expect(again).toEqual({ outcomes: ['already-marked'] });
    expect(later).toEqual({ outcomes: ['already-marked'] });
    expect(await parentItem(familyId, parentId)).toEqual(first);
  });
});

describe('a complaint', () => {
  it('turns the weekly report off as the unsubscribe link does, and again is harmless', async () => {
    // Prepare
    const { f, familyId, parentId } = await confirmedWithReport();
    expect((await familyItem(familyId)).reportParents).toEqual(new Set([parentId]));
    // Act
    expectLogs({ level: 'warn', message: 'complaint: weekly report turned off' });
    const result = await deliverSesEvent('complaint', f.email);
    const again = await deliverSesEvent('complaint', f.email);
    // Assess: the setting and the family's list of report parents; the address stays deliverable
    expect(result).toEqual({ outcomes: ['unsubscribed'] });
    expect(again).toEqual({ outcomes: ['unsubscribed'] });
    expect((await f.parent.get('/api/account')).body).toMatchObject({ weeklyReport: false, emailUndeliverable: false });
    expect((await familyItem(familyId)).reportParents).toBeUndefined();
  });
});

describe('events that change nothing', () => {
  it('a transient bounce leaves the parent as it was', async () => {
    const { f, familyId, parentId } = await confirmedWithReport();
    const before = await parentItem(familyId, parentId);
    expect(await deliverSesEvent('transient-bounce', f.email)).toEqual({ outcomes: ['transient'] });
    expect(await parentItem(familyId, parentId)).toEqual(before);
    expect((await f.parent.get('/api/account')).body).toMatchObject({ weeklyReport: true, emailUndeliverable: false });
  });

  it('an address no parent has is ignored', async () => {
    expectLogs({ level: 'warn', message: 'permanent bounce' }, { level: 'warn', message: 'complaint: weekly report turned off' });
    expect(await deliverSesEvent('bounce', uniqueEmail('nobody'))).toEqual({ outcomes: ['unknown-address'] });
    expect(await deliverSesEvent('complaint', uniqueEmail('nobody'))).toEqual({ outcomes: ['unknown-address'] });
  });

  it('a malformed SNS message is logged and dropped, not thrown (SNS and Lambda would only retry it)', async () => {
    expectLogs({ level: 'error', message: 'unreadable SES event dropped' });
    await expect(deliverSnsMessage('{"eventType":"Bounce","bounce":{"bounceType":"Permanent"}}')).resolves.toEqual({ outcomes: ['unreadable'] });
    await expect(deliverSnsMessage('not json')).resolves.toEqual({ outcomes: ['unreadable'] });
  });
});
