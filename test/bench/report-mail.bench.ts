/**
 * `npm run bench:mail` (part of `npm run bench`): the weekly reports' e-mail path at SES's pace
 * (docs/decisions/050-email-at-ses-pace.md), on the local stack in this process (DynamoDB Local,
 * the local SES, the gateway, the report queue and its mailer with the stack's settings: batch 10,
 * M = 2, share 80%).
 *
 * SES is the throttling wrapper of test/support/throttled-ses.ts: a real SESv2Client that forwards
 * to the local SES, reports the simulated quota through GetAccount and refuses every send above it
 * with TooManyRequestsException, the HTTP functions' account e-mails included. For each quota
 * (14/s, SES's starting quota, and 200/s) the reports are queued at once, as the Sunday worker does,
 * and a parent asks for a password reset through the API a few times during the burst. Printed:
 * reports/s achieved against the quota, reports lost and duplicated (accepted sends per recipient),
 * sends SES throttled, and how long each reset took from the request to SES accepting it.
 *
 * Counts: BENCH_MAIL_REPORTS (default 2,000) at 200/s; BENCH_MAIL_REPORTS_LOW (default 500) at
 * 14/s, scaled down so the run stays near a minute (2,000 at 11.2/s would take ~180 s).
 * Prints figures; asserts nothing.
 */
import { randomUUID } from 'node:crypto';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { batchWriteAll } from '../../functions/data/batch-write';
import { encodeReportMailMessage } from '../../functions/jobs/report-mail/message';
import { resetSendQuota } from '../../functions/jobs/report-mail/quota';
import { REPORT_MAIL_SETTINGS } from '../../functions/jobs/report-mail/settings';
import { db, tableName } from '../../functions/lib/db';
import { setSesClient } from '../../functions/lib/mailer';
import { startLocalStack, type LocalStack } from '../../infra/local/stack';
import { ThrottledSes } from '../support/throttled-ses';

const HIGH = Number(process.env.BENCH_MAIL_REPORTS ?? 2_000);
const LOW = Number(process.env.BENCH_MAIL_REPORTS_LOW ?? 500);
const RUNS = [
  { quota: 14, reports: LOW },
  { quota: 200, reports: HIGH },
];
const WEEK = '2026-11-22';
const RESET_KINDS = new Set(['password-reset', 'verify-before-reset']);

async function seedRecipients(n: number): Promise<{ familyId: string; parentId: string; email: string }[]> {
  const out: { familyId: string; parentId: string; email: string }[] = [];
  const items: Record<string, unknown>[] = [];
  const now = new Date().toISOString();
  for (let i = 0; i < n; i += 10) {
    const familyId = randomUUID();
    items.push({ PK: `FAMILY#${familyId}`, SK: 'PROFILE', type: 'Family', familyId, name: 'Bench family', timeZone: 'UTC', createdAt: now });
    for (let p = 0; p < Math.min(10, n - i); p++) {
      const parentId = randomUUID();
      const email = `report-${parentId.slice(0, 12)}@example.com`;
      out.push({ familyId, parentId, email });
      items.push({ PK: `FAMILY#${familyId}`, SK: `PARENT#${parentId}`, type: 'Parent', parentId, familyId, email, firstName: `P${p}`, lastName: 'Bench', createdAt: now, emailVerified: true, weeklyReport: true });
    }
  }
  const left = await batchWriteAll(items.map((Item) => ({ PutRequest: { Item } })));
  if (left.length) throw new Error(`${left.length} items not written`);
  return out;
}

/** A parent who signed up through the API, with a confirmed address. */
async function resetParent(stack: LocalStack): Promise<string> {
  const email = `reset-${randomUUID().slice(0, 8)}@example.com`;
  const res = await fetch(`${stack.url}/api/auth/parent-signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' },
    body: JSON.stringify({ email, password: 'secret123', firstName: 'Reset', lastName: 'Bench', timeZone: 'UTC' }),
  });
  if (res.status !== 201) throw new Error(`signup: ${res.status} ${await res.text()}`);
  const user = (await res.json()) as { id: string; familyId: string };
  await db().send(new UpdateCommand({ TableName: tableName(), Key: { PK: `FAMILY#${user.familyId}`, SK: `PARENT#${user.id}` }, UpdateExpression: 'SET emailVerified = :t', ExpressionAttributeValues: { ':t': true } }));
  return email;
}

const pct = (values: number[], p: number) => {
  const s = [...values].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]! : NaN;
};

async function run(stack: LocalStack, quota: number, count: number) {
  const ses = new ThrottledSes({ endpoint: stack.mail.endpoint, enforcedRate: quota });
  setSesClient(ses);
  resetSendQuota();
  const email = await resetParent(stack);
  const list = await seedRecipients(count);
  const queue = stack.weekly.reportMail.queue;
  const before = queue.stats();
  const expectedSeconds = count / ((quota * REPORT_MAIL_SETTINGS.sendSharePercent) / 100);
  const started = Date.now();
  for (const r of list) queue.send(encodeReportMailMessage({ familyId: r.familyId, parentId: r.parentId, week: WEEK }));
  // Four resets spread over the burst (the per-address limit allows ten an hour).
  const resets: { asked: number; status: number }[] = [];
  const asking = (async () => {
    for (let i = 1; i <= 4; i++) {
      await new Promise((r) => setTimeout(r, (expectedSeconds * 1000 * i) / 5 - (Date.now() - started)));
      const asked = Date.now();
      const res = await fetch(`${stack.url}/api/auth/forgot-password`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' },
        body: JSON.stringify({ email }),
      });
      resets.push({ asked, status: res.status });
    }
  })();
  await asking;
  await queue.drained();
  const after = queue.stats();
  const reports = ses.log.filter((r) => r.kind === 'weekly-report');
  const sent = reports.filter((r) => r.outcome === 'sent');
  const perRecipient = ses.sentTo('weekly-report');
  const lost = list.filter((r) => !perRecipient.get(r.email)).length;
  const duplicated = list.filter((r) => (perRecipient.get(r.email) ?? 0) > 1).length;
  const first = Math.min(...sent.map((r) => r.at));
  const last = Math.max(...sent.map((r) => r.at));
  const rate = (sent.length - 1) / ((last - first) / 1000);
  const resetSends = ses.log.filter((r) => RESET_KINDS.has(r.kind) && r.to === email);
  const delays = resets.map((q) => {
    const accepted = resetSends.find((s) => s.outcome === 'sent' && s.at >= q.asked);
    return accepted ? accepted.at - q.asked : NaN;
  });
  ses.destroy();
  return {
    quota,
    count,
    rate,
    share: rate / quota,
    seconds: (last - started) / 1000,
    lost,
    duplicated,
    throttled: reports.filter((r) => r.outcome === 'throttled').length,
    deadLettered: after.deadLettered - before.deadLettered,
    resetsAccepted: resetSends.filter((s) => s.outcome === 'sent').length,
    resetsThrottled: resetSends.filter((s) => s.outcome === 'throttled').length,
    resetStatuses: resets.map((r) => r.status),
    delays,
  };
}

async function main() {
  process.env.POWERTOOLS_LOG_LEVEL ??= 'ERROR';
  const stack = await startLocalStack({ dataDir: null });
  try {
    const rows = [];
    for (const { quota, reports } of RUNS) {
      console.log(`quota ${quota}/s: ${reports} reports queued at once, 4 password resets during the burst…`);
      rows.push(await run(stack, quota, reports));
    }
    console.log('\nWeekly reports at SES pace (share 80%, mailer batch 10, M = 2):\n');
    console.log('| SES quota | reports | sent/s | of quota | time (s) | lost | duplicated | throttled | dead letters | reset: accepted / throttled | reset delay p50 / max (ms) |');
    console.log('|---|---|---|---|---|---|---|---|---|---|---|');
    for (const r of rows) {
      console.log(
        `| ${r.quota}/s | ${r.count} | ${r.rate.toFixed(1)} | ${(r.share * 100).toFixed(0)}% | ${r.seconds.toFixed(1)} | ${r.lost} | ${r.duplicated} | ${r.throttled} | ${r.deadLettered} | ${r.resetsAccepted} / ${r.resetsThrottled} | ${pct(r.delays, 50).toFixed(0)} / ${Math.max(...r.delays).toFixed(0)} |`,
      );
    }
    console.log(`\nReset answers: ${rows.map((r) => `${r.quota}/s: ${r.resetStatuses.join(', ')}`).join('; ')}`);
  } finally {
    setSesClient(undefined);
    await stack.stop();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
