/**
 * Deleting a family over the local stack: only the owner, with the password; every session ends and
 * every login is refused at once; every address can sign up again straight away; a second request
 * behaves; the deletion job (the server's local queue) removes every item, login and invitation and
 * mails the owner. Then the job on its own queue in this process: a family of 5,000 items deleted in
 * continued steps (time and DynamoDB requests printed), a step that fails half-way delivered again
 * and finished, a lost message picked up by the sweeper.
 */
import { BatchWriteCommand, GetCommand } from '@aws-sdk/lib-dynamodb';
import type { Context } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_PAGES } from '../../shared/account-pages';
import { API_ERRORS } from '../../shared/messages';
import { getFamily, listParents } from '../../functions/data/family/accounts';
import { markFamilyForDeletion } from '../../functions/data/family/family-deletion';
import { queueFamilyDeletion } from '../../functions/lib/family-deletion-queue';
import { FAMILY_DELETION_SETTINGS } from '../../functions/jobs/family-deletion/settings';
import type { LocalFamilyDeletion } from '../../infra/local/jobs';
import { aroundDynamoCalls } from '../support/dynamo-calls';
import { expectLogs } from './support/expected-logs';
import { linkToken, mailbox, partition } from './support/account';
import { TestClient, testDb, uniqueEmail } from './support/client';
import { makeFamily, type Family } from './support/family';
import { beforeDynamoCall, startDeletionJob } from './support/weekly-job';

const familyIdOf = async (f: Family): Promise<string> => (await f.parent.get('/api/auth/parent-user')).body.familyId;

async function loginRecord(pk: string): Promise<Record<string, any> | undefined> {
  const { doc, tableName } = testDb();
  return (await doc.send(new GetCommand({ TableName: tableName, Key: { PK: pk, SK: 'LOGIN' }, ConsistentRead: true }))).Item;
}

async function waitUntil(check: () => Promise<boolean>, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** A family with a confirmed owner, a co-parent, an open invitation and children with logins. */
async function fullFamily() {
  const f = await makeFamily({ confirmed: true, kids: 2 });
  const welcome = await mailbox.waitFor(f.email, { match: (m) => m.subject.startsWith('Welcome') });
  await new TestClient().post('/api/auth/verify-email', { token: linkToken(welcome, ACCOUNT_PAGES.verifyEmail).token });
  const coEmail = uniqueEmail('co');
  const { mail } = await mailbox.next(coEmail, () => f.parent.post('/api/family/invitations', { email: coEmail }));
  const co = new TestClient();
  await co.post('/api/auth/accept-invitation', { token: linkToken(mail, ACCOUNT_PAGES.invitation).token, firstName: 'Co', password: 'co-pass-1' });
  const pending = uniqueEmail('pending');
  await mailbox.next(pending, () => f.parent.post('/api/family/invitations', { email: pending }));
  return { f, co, coEmail, familyId: await familyIdOf(f) };
}

describe('deleting the family (through the API)', () => {
  it('is only the owner\'s, with the password', async () => {
    const { f, co } = await fullFamily();
    expect(await co.delete('/api/family', { password: 'co-pass-1' })).toMatchObject({ status: 403, body: { message: API_ERRORS.ownerOnlyDelete } });
    expect(await f.parent.delete('/api/family', { password: 'wrong-one' })).toMatchObject({ status: 403, body: { message: API_ERRORS.wrongPassword } });
    expect(await f.parent.delete('/api/family', {})).toMatchObject({ status: 400, body: { message: 'Please enter your password' } });
    expect((await f.parent.get('/api/dashboard')).status).toBe(200);
  });

  it('ends every session and refuses every login at once, frees the addresses, then deletes everything and tells the owner', async () => {
    // Prepare
    const { f, co, coEmail, familyId } = await fullFamily();
    const ownerElsewhere = new TestClient();
    await ownerElsewhere.post('/api/auth/parent-login', { email: f.email, password: 'secret123' });
    const kid = f.kids[0]!;
    expect((await partition(familyId)).length).toBeGreaterThan(10);
    // Act
    const { result: deleted, mail: goodbye } = await mailbox.next(f.email, () => f.parent.delete('/api/family', { password: 'secret123' }), {
      match: (m) => m.subject.includes('was deleted'),
      timeoutMs: 60_000,
    });
    // Assess: at once
    expect(deleted).toMatchObject({ status: 202, body: { status: 'deleting', requestedAt: expect.any(String) } });
    expect(deleted.setCookies).toEqual([expect.stringMatching(/^cq_session=; .*Max-Age=0/), expect.stringMatching(/^cq_role=; .*Max-Age=0/)]);
    for (const client of [ownerElsewhere, co]) expect((await client.get('/api/dashboard')).status).toBe(401);
    expect((await kid.client.get('/api/child/assignments')).status).toBe(401);
    expect((await new TestClient().post('/api/auth/parent-login', { email: f.email, password: 'secret123' })).status).toBe(401);
    expect((await new TestClient().post('/api/auth/parent-login', { email: coEmail, password: 'co-pass-1' })).status).toBe(401);
    expect((await new TestClient().post('/api/auth/child-login', { username: kid.username, password: kid.password })).status).toBe(401);
    const again = await ownerElsewhere.delete('/api/family', { password: 'secret123' });
    expect(again.status).toBe(401);
    const fresh = new TestClient();
    const signup = await fresh.post('/api/auth/parent-signup', { email: f.email, password: 'new-life-1', firstName: 'Pat' });
    expect(signup.status).toBe(201);
    expect(signup.body.familyId).not.toBe(familyId);
    expect((await new TestClient().post('/api/auth/parent-signup', { email: coEmail, password: 'new-life-2', firstName: 'Co' })).status).toBe(201);
    // Assess: once the job is done
    await waitUntil(async () => (await partition(familyId)).length === 0);
    expect(goodbye.text).toContain('was deleted');
    for (const k of f.kids) expect(await loginRecord(`CHILDLOGIN#${k.username.toLowerCase()}`)).toBeUndefined();
    expect((await loginRecord(`PARENTLOGIN#${f.email}`))?.familyId).toBe(signup.body.familyId);
    // The new family is untouched and the usernames are free for anyone.
    expect((await fresh.get('/api/dashboard')).status).toBe(200);
    const child = await fresh.post('/api/children', { displayName: 'Again' });
    expect((await fresh.post(`/api/children/${child.body.id}/credentials`, { username: kid.username, password: 'x1' })).status).toBe(200);
  }, 120_000);

  it('answers two requests at the same moment sensibly: one deletion, no error', async () => {
    const f = await makeFamily({ kids: 1 });
    const familyId = await familyIdOf(f);
    const twin = new TestClient(undefined, undefined, f.parent.from);
    twin.cookie = f.parent.cookie;
    const answers = await Promise.all([f.parent.delete('/api/family', { password: 'secret123' }), twin.delete('/api/family', { password: 'secret123' })]);
    for (const a of answers) expect([202, 401]).toContain(a.status);
    expect(answers.some((a) => a.status === 202)).toBe(true);
    await waitUntil(async () => (await partition(familyId)).length === 0);
  }, 60_000);
});

describe('the deletion job', () => {
  let job: LocalFamilyDeletion;
  /** Each step gets a second of work (the function's remaining time less the margin, floored at 1 s). */
  const shortSteps = { getRemainingTimeInMillis: () => FAMILY_DELETION_SETTINGS.stepMarginSeconds * 1000 + 1_000 } as Partial<Context>;
  let steps = 0;
  beforeAll(async () => {
    const { handler } = await import('../../functions/jobs/family-deletion/worker');
    job = await startDeletionJob({
      visibilityTimeoutMs: 300,
      consumer: (event) => {
        steps += event.Records.length;
        return handler(event, shortSteps as Context);
      },
    });
  });
  afterAll(async () => {
    await job.stop();
  });

  /** Adds `n` assignment-shaped items (with their GSI1 keys) to a family's partition. */
  async function addItems(familyId: string, childId: string, n: number): Promise<void> {
    const { doc, tableName } = testDb();
    const items = Array.from({ length: n }, (_, i) => {
      const sk = `ASSIGN#2025-01-05#${childId}#bulk-${String(i).padStart(5, '0')}`;
      return { PK: `FAMILY#${familyId}`, SK: sk, GSI1PK: `CHILD#${childId}`, GSI1SK: sk, type: 'Assignment', childId, note: 'x'.repeat(200) };
    });
    const batches = Array.from({ length: Math.ceil(items.length / 25) }, (_, b) => items.slice(b * 25, b * 25 + 25));
    for (let i = 0; i < batches.length; i += 8) {
      await Promise.all(batches.slice(i, i + 8).map((batch) => doc.send(new BatchWriteCommand({ RequestItems: { [tableName]: batch.map((Item) => ({ PutRequest: { Item } })) } }))));
    }
  }

  /** Marks a family for deletion as the API does (without queueing it). */
  async function mark(familyId: string, requestedAt = new Date().toISOString()) {
    const family = (await getFamily(familyId, true))!;
    await markFamilyForDeletion(family, await listParents(familyId, true), { requestedAt, requestedBy: family.ownerId! });
  }

  it('deletes a family of 5,000 items in steps of a second, continuing where each stopped', async () => {
    // Prepare
    const f = await makeFamily({ kids: 2 });
    const familyId = await familyIdOf(f);
    await addItems(familyId, f.kids[0]!.id, 5_000);
    const total = (await partition(familyId)).length;
    await mark(familyId);
    let requests = 0;
    const stopCounting = aroundDynamoCalls((_call, send) => {
      requests++;
      return send();
    });
    steps = 0;
    // Act
    const started = performance.now();
    await queueFamilyDeletion(familyId);
    await job.queue.drained();
    const ms = performance.now() - started;
    stopCounting();
    // Assess
    console.log(`deleting a family of ${total} items: ${(ms / 1000).toFixed(1)} s, ${requests} DynamoDB requests, ${steps} steps`);
    expect(total).toBeGreaterThanOrEqual(5_000);
    expect(await partition(familyId)).toEqual([]);
    for (const k of f.kids) expect(await loginRecord(`CHILDLOGIN#${k.username.toLowerCase()}`)).toBeUndefined();
    expect(await loginRecord(`PARENTLOGIN#${f.email}`)).toBeUndefined();
    // ⌈items / 25⌉ batches, a Query per 500 items, and a few reads and writes per step.
    expect(requests).toBeLessThan(Math.ceil(total / 25) + Math.ceil(total / 500) + 12 * steps);
    expect(job.queue.stats().deadLettered).toBe(0);
  }, 300_000);

  it('finishes a deletion whose step failed half-way when the queue delivers it again', async () => {
    // Prepare
    expectLogs({ level: 'error', message: 'family deletion step failed; the queue delivers it again' });
    const f = await makeFamily({ kids: 1 });
    const familyId = await familyIdOf(f);
    await addItems(familyId, f.kids[0]!.id, 600);
    await mark(familyId);
    let batchWrites = 0;
    const stopFailing = beforeDynamoCall(
      (command, pk) => command === 'BatchWriteItemCommand' || pk === `FAMILY#${familyId}`,
      (command) => {
        if (command === 'BatchWriteItemCommand' && ++batchWrites === 5) throw new Error('the network went away');
      },
    );
    const before = job.queue.stats();
    // Act
    await queueFamilyDeletion(familyId);
    await job.queue.drained();
    stopFailing();
    // Assess
    const after = job.queue.stats();
    expect(after.failedReceives - before.failedReceives).toBe(1);
    expect(await partition(familyId)).toEqual([]);
    expect(after.deadLettered).toBe(0);
  }, 120_000);

  it('queues again, from the sweeper, a deletion whose message was lost', async () => {
    // Prepare: marked long ago, never queued
    expectLogs({ level: 'warn', message: 'unfinished family deletions queued again' });
    const f = await makeFamily({ kids: 1 });
    const familyId = await familyIdOf(f);
    const longAgo = new Date(Date.now() - (FAMILY_DELETION_SETTINGS.sweepAfterMinutes + 5) * 60_000);
    await mark(familyId, longAgo.toISOString());
    const recent = await makeFamily({ kids: 1 });
    const recentId = await familyIdOf(recent);
    await mark(recentId);
    // Act
    const swept = await job.sweep(new Date());
    await job.queue.drained();
    // Assess
    expect(swept.queued).toBeGreaterThanOrEqual(1);
    expect(await partition(familyId)).toEqual([]);
    // A deletion asked for a moment ago is left to its own message.
    expect((await getFamily(recentId, true))?.deletion).toBeDefined();
  }, 60_000);
});
