/**
 * The report mailer (decision 050) in this process, over the suite's DynamoDB Local and local SES,
 * with a throttled SES in front (test/support/throttled-ses.ts): nothing lost and each report sent
 * exactly once when SES throttles, the account e-mails of an API running in this process getting
 * through during the burst, a permanent rejection not retried, a redelivered message not sent twice.
 */
import { readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { randomUUID } from 'node:crypto';
import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { encodeReportMailMessage } from '../../functions/jobs/report-mail/message';
import { resetSendQuota } from '../../functions/jobs/report-mail/quota';
import { resetSesClient, setSesClient } from '../../functions/lib/mailer';
import { resetOriginSecret } from '../../functions/lib/edge-headers';
import { resetAppEnv } from '../../functions/lib/env';
import { createGateway } from '../../infra/local/gateway';
import type { LocalWeeklyJob } from '../../infra/local/weekly-job';
import { ThrottledSes } from '../support/throttled-ses';
import { mailbox, signUpVerified } from './support/account';
import { TestClient, testDb, uniqueEmail, useStackInThisProcess } from './support/client';
import { expectLogs } from './support/expected-logs';
import { startJob } from './support/weekly-job';

const WEEK = '2026-11-22';
let job: LocalWeeklyJob;
let ses: ThrottledSes | undefined;
let api: { server: Server; url: string } | undefined;

beforeAll(async () => {
  job = await startJob();
  // The API's handlers in this process too, so that their account e-mails share the throttled SES.
  useStackInThisProcess();
  resetAppEnv();
  resetOriginSecret();
  const { domainHandlers } = await import('../../functions/http/index');
  const server = createGateway({ handlers: domainHandlers, originSecret: readFileSync(inject('originSecretFile'), 'utf8').trim() });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const addr = server.address();
  api = { server, url: `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}` };
});
afterAll(async () => {
  await job?.stop();
  if (api) await new Promise<void>((r) => api!.server.close(() => r()));
});
afterEach(() => {
  ses?.destroy();
  ses = undefined;
  setSesClient(undefined);
  resetSesClient();
  resetSendQuota();
});

function useSes(opts: Omit<ConstructorParameters<typeof ThrottledSes>[0], 'endpoint'>): ThrottledSes {
  ses = new ThrottledSes({ endpoint: inject('sesEndpoint'), ...opts });
  setSesClient(ses);
  resetSendQuota();
  return ses;
}

/** Families of `perFamily` parents who want the report, confirmed, written straight to the table. */
async function recipients(families: number, perFamily: number): Promise<{ familyId: string; parentId: string; email: string }[]> {
  const { doc, tableName } = testDb();
  const out: { familyId: string; parentId: string; email: string }[] = [];
  const items: Record<string, unknown>[] = [];
  for (let f = 0; f < families; f++) {
    const familyId = randomUUID();
    items.push({ PK: `FAMILY#${familyId}`, SK: 'PROFILE', type: 'Family', familyId, name: 'Report family', timeZone: 'UTC', createdAt: new Date().toISOString() });
    for (let p = 0; p < perFamily; p++) {
      const parentId = randomUUID();
      const email = uniqueEmail('report');
      out.push({ familyId, parentId, email });
      items.push({ PK: `FAMILY#${familyId}`, SK: `PARENT#${parentId}`, type: 'Parent', parentId, familyId, email, firstName: `P${p}`, lastName: 'Report', createdAt: new Date().toISOString(), emailVerified: true, weeklyReport: true });
    }
  }
  for (let i = 0; i < items.length; i += 25) await doc.send(new BatchWriteCommand({ RequestItems: { [tableName]: items.slice(i, i + 25).map((Item) => ({ PutRequest: { Item } })) } }));
  return out;
}

const queueReports = (list: { familyId: string; parentId: string }[]) => {
  for (const r of list) job.reportMail.queue.send(encodeReportMailMessage({ familyId: r.familyId, parentId: r.parentId, week: WEEK }));
};

describe('the report mailer', () => {
  it('loses nothing and sends each report exactly once when SES throttles', async () => {
    // Prepare: SES reports 20/s but accepts only 6/s, so the mailer (at 80% of 20/s) is throttled often
    expectLogs({ level: 'error', message: 'email not sent' }, { level: 'warn', message: 'SES throttled the weekly report; back on the queue' });
    const list = await recipients(3, 10);
    const throttled = useSes({ enforcedRate: 6, reportedRate: 20 });
    const stats = job.reportMail.queue.stats();
    // Act
    queueReports(list);
    await job.reportMail.queue.drained();
    // Assess
    const sent = throttled.sentTo('weekly-report');
    expect(throttled.count('throttled', 'weekly-report')).toBeGreaterThan(0);
    expect(list.filter((r) => sent.get(r.email) !== 1)).toEqual([]);
    const after = job.reportMail.queue.stats();
    expect(after.succeeded - stats.succeeded).toBe(list.length);
    expect(after.failedReceives - stats.failedReceives).toBe(throttled.count('throttled', 'weekly-report'));
    expect(after.deadLettered).toBe(stats.deadLettered);
    // The local mailbox has each one once.
    const all = await mailbox.all();
    for (const r of list) expect(all.filter((m) => m.to.includes(r.email)), r.email).toHaveLength(1);
  });

  it('keeps to 80% of the quota, and a password reset through the API goes out at once during the burst', async () => {
    // Prepare: an honest quota of 10/s; a parent who will forget the password
    const parent = await signUpVerified();
    const list = await recipients(4, 10);
    const quota = useSes({ enforcedRate: 10 });
    const started = Date.now();
    // Act: 40 reports (4 s at 8/s), and a reset asked for a second into the burst
    queueReports(list);
    await new Promise((r) => setTimeout(r, 1000));
    const before = await mailbox.cursor(parent.email);
    const asked = Date.now();
    const reset = await new TestClient(api!.url).post('/api/auth/forgot-password', { email: parent.email });
    const mail = await mailbox.waitFor(parent.email, { after: before, match: (m) => m.subject.toLowerCase().includes('password') });
    await job.reportMail.queue.drained();
    // Assess: the reset was accepted on its first try, while reports were still going out
    expect(reset.status).toBe(202);
    expect(mail).toBeDefined();
    const resets = quota.log.filter((r) => r.kind === 'password-reset');
    expect(resets.map((r) => r.outcome)).toEqual(['sent']);
    expect(resets[0]!.at - asked).toBeLessThan(1500);
    const reports = quota.log.filter((r) => r.kind === 'weekly-report');
    expect(reports.every((r) => r.outcome === 'sent')).toBe(true);
    expect(reports.some((r) => r.at > resets[0]!.at)).toBe(true);
    // 40 reports at no more than 8/s (80% of 10/s): at least ~4.9 s for the 39 intervals.
    const elapsed = (Math.max(...reports.map((r) => r.at)) - started) / 1000;
    expect(elapsed).toBeGreaterThanOrEqual(39 / 8 - 0.3);
    expect(list.length / elapsed).toBeLessThanOrEqual(8.2);
  });

  it('does not retry a report SES refuses for good', async () => {
    // Prepare
    expectLogs({ level: 'error', message: 'email not sent' }, { level: 'warn', message: 'weekly report refused by SES; not sent' });
    const [refused, fine] = await recipients(1, 2);
    const rejecting = useSes({ enforcedRate: 50, rejects: (to) => to === refused!.email });
    const stats = job.reportMail.queue.stats();
    // Act
    queueReports([refused!, fine!]);
    await job.reportMail.queue.drained();
    queueReports([refused!]);
    await job.reportMail.queue.drained();
    // Assess: one attempt (the claim is kept: the second message sends nothing), no failed receive
    expect(rejecting.log.filter((r) => r.to === refused!.email).map((r) => r.outcome)).toEqual(['rejected']);
    expect(rejecting.sentTo('weekly-report').get(fine!.email)).toBe(1);
    expect(job.reportMail.queue.stats().failedReceives).toBe(stats.failedReceives);
  });

  it('does not send a redelivered or duplicated message twice', async () => {
    // Prepare
    const [one] = await recipients(1, 1);
    const quota = useSes({ enforcedRate: 50 });
    // Act: the same message three times, two at once
    queueReports([one!, one!]);
    await job.reportMail.queue.drained();
    queueReports([one!]);
    await job.reportMail.queue.drained();
    // Assess
    expect(quota.sentTo('weekly-report').get(one!.email)).toBe(1);
    expect((await mailbox.to(one!.email)).length).toBe(1);
  });
});
