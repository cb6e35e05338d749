/**
 * The weekly e-mail report: the Sunday worker queues one message per recipient on the report queue
 * and the report mailer sends it (both in this process, on their own local queues) through the local
 * SES: who gets it, what it says, RFC 8058 one-click unsubscribe, at most once per parent and week
 * under redelivery, a throttled e-mail that is sent later and never makes the week be generated
 * again, and a time zone change made while the worker holds the family's claim.
 */
import { SESv2Client } from '@aws-sdk/client-sesv2';
import { SendMessageBatchCommand, type SQSClient } from '@aws-sdk/client-sqs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { ACCOUNT_PAGES } from '../../shared/account-pages';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { addDays, familyClock } from '../../shared/time';
import { weeklyRunIndexKeys } from '../../functions/data/planning/weekly-run-index';
import { runForWeek } from '../../functions/domain/weekly-run';
import { encodeWeeklyRunMessage } from '../../functions/jobs/weekly/message';
import { localClientConfig } from '../../functions/lib/local-aws';
import { resetSesClient, setSesClient } from '../../functions/lib/mailer';
import { setSqsClient, sqs } from '../../functions/lib/sqs';
import type { LocalWeeklyJob } from '../../infra/local/weekly-job';
import { headerOf, linkTo, type SentEmail } from '../support/mailbox';
import { linkToken, mailbox, partition } from './support/account';
import { TestClient, testDb, uniqueEmail } from './support/client';
import { expectLogs } from './support/expected-logs';
import { assignmentFor, makeFamily, type Family } from './support/family';
import { beforeDynamoCall, familyIdOf, familyItem, startJob, weekItems } from './support/weekly-job';

let job: LocalWeeklyJob;
let removeHook: (() => void) | undefined;
beforeAll(async () => {
  job = await startJob({ visibilityTimeoutMs: 150 });
});
afterAll(async () => job?.stop());
afterEach(() => {
  removeHook?.();
  removeHook = undefined;
  setSesClient(undefined);
  resetSesClient();
});

const isReport = (m: SentEmail) => m.subject.startsWith('Your ChoreQuest week');

/** Hands the family to the worker as the dispatcher would at its next Sunday (UTC), and waits for it and the reports it queued. */
async function runSunday(familyId: string, week: string, tick = `${week}T00:00:00.000Z`) {
  job.queue.send(encodeWeeklyRunMessage({ familyId, dueWeek: week, tick }));
  await job.queue.drained();
  await job.reportMail.queue.drained();
}

/** A UTC family this week: a chore done and paid out by the co-parent, another pending; the owner confirmed. */
async function familyWithAWeek() {
  const f = await makeFamily({ kids: 2 });
  const familyId = await familyIdOf(f);
  const welcome = await mailbox.waitFor(f.email, { match: (m) => m.subject.startsWith('Welcome') });
  await new TestClient().post('/api/auth/verify-email', { token: linkToken(welcome, ACCOUNT_PAGES.verifyEmail).token });
  const coEmail = uniqueEmail('co');
  const { mail } = await mailbox.next(coEmail, () => f.parent.post('/api/family/invitations', { email: coEmail }));
  const co = new TestClient();
  await co.post('/api/auth/accept-invitation', { token: linkToken(mail, ACCOUNT_PAGES.invitation).token, firstName: 'Robin', lastName: 'Co', password: 'co-pass-1' });
  // Today as the chores are assigned: a family made just before midnight would otherwise assign
  // yesterday, a day before the assignment was made, which is never due (issue 29).
  const g: Family = { ...f, clock: familyClock(new Date(), f.clock.timeZone) };
  const kid = g.kids[0]!;
  const done = await g.parent.post('/api/assignments', assignmentFor(g, kid.id, g.chores.daily.id));
  await g.parent.post('/api/assignments', assignmentFor(g, kid.id, g.chores.weekly.id));
  await kid.client.post('/api/child/complete-assignment', { assignmentId: done.body.id, completed: true });
  await co.post(`/api/children/${kid.id}/reset-earnings`);
  return { f: g, co, coEmail, familyId, next: addDays(g.clock.weekStart, 7) };
}

describe('the weekly e-mail report', () => {
  it('goes after the Sunday run to each parent who turned it on, with last week per child and the new week', async () => {
    // Prepare: the owner and the co-parent turn it on; another family's parent turned it on unconfirmed
    const { f, co, coEmail, familyId, next } = await familyWithAWeek();
    await f.parent.put('/api/account/weekly-report', { enabled: true });
    await co.put('/api/account/weekly-report', { enabled: true });
    const other = await makeFamily({ kids: 1 });
    await other.parent.put('/api/account/weekly-report', { enabled: true });
    const [ownerBefore, coBefore, otherBefore] = await Promise.all([mailbox.cursor(f.email), mailbox.cursor(coEmail), mailbox.cursor(other.email)]);
    // Act
    await runSunday(familyId, next);
    await runSunday(await familyIdOf(other), addDays(other.clock.weekStart, 7));
    const report = await mailbox.waitFor(f.email, { after: ownerBefore, match: isReport });
    const coReport = await mailbox.waitFor(coEmail, { after: coBefore, match: isReport });
    // Assess
    expect((await familyItem(familyId)).lastRunWeekStart).toBe(next);
    expect(await mailbox.newSince(other.email, otherBefore)).toEqual([]);
    expect(coReport.text).toContain('Hi Robin,');
    expect(report.text).toContain('Hi Pat,');
    // Last week: Kid 1 did 1 of 2 chores, earned 0.50, Robin paid it out; Kid 2 had nothing.
    expect(report.text).toContain('- Kid 1: done 1 of 2, earned $0.50, paid out $0.50, owed $0.00');
    expect(report.text).toContain('- Kid 2: done 0 of 0, earned $0.00, paid out $0.00, owed $0.00');
    expect(report.html).toContain('1 of 2');
    expect(report.text).toContain('Robin Co paid out $0.50 to Kid 1.');
    // This week: what the Sunday run handed out (dated and continuous chore-days, and their worth).
    const kid2 = f.kids[1]!.id;
    const dated = (await weekItems(familyId, next)).filter((a) => a.childId === kid2);
    const continuous = (await partition(familyId)).filter((i) => i.SK.startsWith(`CONT#${kid2}#`));
    const days = (c: any) => c.daysOfWeek.length || 7;
    const chores = dated.length + continuous.reduce((n, c) => n + days(c), 0);
    const cents = dated.reduce((n, a) => n + a.chore.amountCents, 0) + continuous.reduce((n, c) => n + days(c) * c.chore.amountCents, 0);
    expect(chores).toBeGreaterThan(0);
    expect(report.text).toContain(`- Kid 2: chores ${chores}, to earn $${(cents / 100).toFixed(2)}`);
    expect(report.html).toContain('Robin Co paid out $0.50 to Kid 1.');
    // RFC 8058: a one-click POST target in the header, the same signed link in the footer.
    const unsubscribe = linkTo(report, '/api/email/unsubscribe');
    expect(headerOf(report, 'List-Unsubscribe')).toBe(`<${unsubscribe.toString()}>`);
    expect(headerOf(report, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    expect(unsubscribe.searchParams.get('token')).toMatch(/^u2\./);
  });

  it('unsubscribes with one click: GET only shows a button, the POST a mail provider makes turns it off', async () => {
    // Prepare
    const { f, familyId, next } = await familyWithAWeek();
    await f.parent.put('/api/account/weekly-report', { enabled: true });
    const { mail } = await mailbox.next(f.email, () => runSunday(familyId, next), { match: isReport });
    const url = linkTo(mail, '/api/email/unsubscribe');
    const path = `${url.pathname}${url.search}`;
    const provider = new TestClient(undefined, {});
    // Act
    const page = await new TestClient().get(path);
    const stillOn = (await f.parent.get('/api/account')).body.weeklyReport;
    const oneClick = await provider.request('POST', path, 'List-Unsubscribe=One-Click', { 'content-type': 'application/x-www-form-urlencoded' });
    const twice = await provider.request('POST', path, 'List-Unsubscribe=One-Click', { 'content-type': 'application/x-www-form-urlencoded' });
    const forged = await provider.request('POST', path.replace(/.{4}$/, 'AAAA'), 'List-Unsubscribe=One-Click', { 'content-type': 'application/x-www-form-urlencoded' });
    // Assess
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    expect(page.text).toContain('<form method="post">');
    expect(stillOn).toBe(true);
    expect(oneClick.status).toBe(200);
    expect(oneClick.text).toContain('You are unsubscribed');
    expect(twice.status).toBe(200);
    expect(forged.status).toBe(400);
    expect((await f.parent.get('/api/account')).body.weeklyReport).toBe(false);
    // Next Sunday: no report.
    const before = await mailbox.cursor(f.email);
    await runSunday(familyId, addDays(next, 7));
    expect((await mailbox.newSince(f.email, before)).filter(isReport)).toEqual([]);
  });

  it('goes at most once per parent and week when the message is delivered again', async () => {
    const { f, familyId, next } = await familyWithAWeek();
    await f.parent.put('/api/account/weekly-report', { enabled: true });
    const before = await mailbox.cursor(f.email);
    await runSunday(familyId, next);
    await mailbox.waitFor(f.email, { after: before, match: isReport });
    const runAt = (await familyItem(familyId)).lastRunAt;
    await runSunday(familyId, next);
    await runSunday(familyId, next);
    expect((await mailbox.newSince(f.email, before)).filter(isReport)).toHaveLength(1);
    expect((await familyItem(familyId)).lastRunAt).toBe(runAt);
  });

  it('sends a throttled report later from the report queue, without generating the week again', async () => {
    // Prepare: SES fails once (throttling), for whichever parent's report goes first
    expectLogs({ level: 'error', message: 'email not sent' }, { level: 'warn', message: 'SES throttled the weekly report; back on the queue' });
    const { f, co, coEmail, familyId, next } = await familyWithAWeek();
    await f.parent.put('/api/account/weekly-report', { enabled: true });
    await co.put('/api/account/weekly-report', { enabled: true });
    const real = new SESv2Client(localClientConfig(inject('sesEndpoint')));
    let failures = 1;
    setSesClient({
      send: (command: Parameters<SESv2Client['send']>[0]) =>
        failures-- > 0 ? Promise.reject(Object.assign(new Error('Maximum sending rate exceeded'), { name: 'TooManyRequestsException' })) : real.send(command),
    } as unknown as SESv2Client);
    const [ownerBefore, coBefore] = await Promise.all([mailbox.cursor(f.email), mailbox.cursor(coEmail)]);
    const stats = job.queue.stats();
    const reportStats = job.reportMail.queue.stats();
    let runs = 0;
    removeHook = beforeDynamoCall(
      (command, pk, input) => command.startsWith('UpdateItem') && pk === `FAMILY#${familyId}` && String(input.UpdateExpression).includes('lastRunWeekStart'),
      () => void runs++,
    );
    // Act
    await runSunday(familyId, next);
    // Assess
    // The family's message went through once; one report was put back (with a backoff) and sent on its second receive.
    expect(job.queue.stats().failedReceives - stats.failedReceives).toBe(0);
    expect(job.reportMail.queue.stats().failedReceives - reportStats.failedReceives).toBe(1);
    expect(job.reportMail.queue.stats().succeeded - reportStats.succeeded).toBe(2);
    expect(runs).toBe(1);
    expect((await familyItem(familyId)).reportWeek).toBeUndefined();
    await mailbox.waitFor(f.email, { after: ownerBefore, match: isReport });
    await mailbox.waitFor(coEmail, { after: coBefore, match: isReport });
    expect((await mailbox.newSince(f.email, ownerBefore)).filter(isReport)).toHaveLength(1);
    expect((await mailbox.newSince(coEmail, coBefore)).filter(isReport)).toHaveLength(1);
    expect((await weekItems(familyId, next)).length).toBeGreaterThan(0);
  });

  it('keeps reportWeek until the reports are queued: a failed SendMessageBatch makes the redelivery queue them, without a second week', async () => {
    // Prepare: the report queue refuses the first SendMessageBatch (every attempt of it)
    expectLogs({ level: 'warn', message: 'SendMessageBatch of weekly reports failed; sending again' }, { level: 'error', message: 'weekly run failed; the queue delivers it again' });
    const { f, familyId, next } = await familyWithAWeek();
    await f.parent.put('/api/account/weekly-report', { enabled: true });
    const real = sqs();
    let refuse = true;
    setSqsClient({
      send: (command: Parameters<SQSClient['send']>[0]) => {
        if (refuse && command instanceof SendMessageBatchCommand) return Promise.reject(Object.assign(new Error('Service unavailable'), { name: 'ServiceUnavailable' }));
        return real.send(command as never);
      },
    } as unknown as SQSClient);
    const before = await mailbox.cursor(f.email);
    const stats = job.queue.stats();
    let runs = 0;
    removeHook = beforeDynamoCall(
      (command, pk, input) => command.startsWith('UpdateItem') && pk === `FAMILY#${familyId}` && String(input.UpdateExpression).includes('lastRunWeekStart'),
      () => void runs++,
    );
    // Act: the first delivery commits the week but cannot queue; the redelivery queues
    job.queue.send(encodeWeeklyRunMessage({ familyId, dueWeek: next, tick: `${next}T00:00:00.000Z` }));
    while (job.queue.stats().failedReceives === stats.failedReceives) await new Promise((r) => setTimeout(r, 20));
    const between = await familyItem(familyId);
    refuse = false;
    await job.queue.drained();
    await job.reportMail.queue.drained();
    setSqsClient(real);
    // Assess
    expect(between).toMatchObject({ lastRunWeekStart: next, reportWeek: next });
    expect(runs).toBe(1);
    expect((await familyItem(familyId)).reportWeek).toBeUndefined();
    await mailbox.waitFor(f.email, { after: before, match: isReport });
    expect((await mailbox.newSince(f.email, before)).filter(isReport)).toHaveLength(1);
  });

  it('is queued only for parents whose address is confirmed and deliverable, and checked again when sent', async () => {
    // Prepare: the owner (confirmed) and the co-parent turn it on; SES reported the co-parent's address as bouncing
    const { f, co, coEmail, familyId, next } = await familyWithAWeek();
    await f.parent.put('/api/account/weekly-report', { enabled: true });
    await co.put('/api/account/weekly-report', { enabled: true });
    const coParentId = (await co.get('/api/auth/parent-user')).body.id as string;
    const { doc, tableName } = testDb();
    await doc.send(
      new UpdateCommand({
        TableName: tableName,
        Key: { PK: `FAMILY#${familyId}`, SK: `PARENT#${coParentId}` },
        UpdateExpression: 'SET emailUndeliverable = :u',
        ExpressionAttributeValues: { ':u': { at: new Date().toISOString(), reason: 'Permanent/General' } },
      }),
    );
    const [ownerBefore, coBefore] = await Promise.all([mailbox.cursor(f.email), mailbox.cursor(coEmail)]);
    const sent = job.reportMail.queue.stats().sent;
    // Act
    await runSunday(familyId, next);
    // Assess: one message queued (the owner's), one report sent, nothing to the bouncing address
    expect(job.reportMail.queue.stats().sent - sent).toBe(1);
    await mailbox.waitFor(f.email, { after: ownerBefore, match: isReport });
    expect((await mailbox.newSince(coEmail, coBefore)).filter(isReport)).toEqual([]);
    expect((await familyItem(familyId)).reportWeek).toBeUndefined();
  });
});

describe('a time zone change and the Sunday run', () => {
  it('waits for the worker holding the family, and the next run then follows the new zone', async () => {
    // Prepare
    const f: Family = await makeFamily({ kids: 1 });
    const familyId = await familyIdOf(f);
    const next = addDays(f.clock.weekStart, 7);
    let change: Promise<{ status: number; body: any }> | undefined;
    removeHook = beforeDynamoCall(
      (command, pk, input) => command.startsWith('UpdateItem') && pk === `FAMILY#${familyId}` && String(input.UpdateExpression).includes('lastRunWeekStart'),
      async () => {
        // The parent saves a new zone while the worker, holding the claim, is about to commit.
        change = f.parent.put('/api/family/time-zone', { timeZone: 'Pacific/Auckland' });
        await new Promise((r) => setTimeout(r, 400));
      },
    );
    // Act
    await runSunday(familyId, next);
    const answer = await change!;
    // Assess
    const family = await familyItem(familyId);
    expect(answer.status).toBe(200);
    expect(family).toMatchObject({ lastRunWeekStart: next, nextRunWeekStart: addDays(next, 7), timeZone: 'Pacific/Auckland' });
    const expected = weeklyRunIndexKeys(familyId, runForWeek(addDays(next, 7), 'Pacific/Auckland'));
    expect(family.GSI2SK).toBe(expected.GSI2SK);
    expect(answer.body.nextRunWeekStart).toBe(addDays(next, 7));
  });

  it('does not run a family early when its new zone has not reached Sunday yet', async () => {
    // Prepare: queued for its UTC Sunday, then moved to Los Angeles (Sunday 00:00 there is 08:00Z)
    const f = await makeFamily({ kids: 1, timeZone: 'UTC' });
    const familyId = await familyIdOf(f);
    const next = addDays(f.clock.weekStart, 7);
    expect((await f.parent.put('/api/family/time-zone', { timeZone: 'America/Los_Angeles' })).status).toBe(200);
    // Act
    await runSunday(familyId, next, `${next}T00:00:00.000Z`);
    const early = await familyItem(familyId);
    await runSunday(familyId, next, `${next}T08:00:00.000Z`);
    // Assess
    expect(early.lastRunWeekStart).toBeUndefined();
    expect(early.nextRunWeekStart).toBe(next);
    expect(early.GSI2SK).toBe(`${next}T08#FAMILY#${familyId}`);
    expect((await familyItem(familyId)).lastRunWeekStart).toBe(next);
  });
});
