/**
 * Reminders by Web Push (issue 32) end to end over the local stack: a device turned on through the
 * API with a subscription made by the local push service (as a browser's PushManager makes one), the
 * reminder dispatcher and worker running in this process with their own local queue, and the local
 * push service checking each push's VAPID signature and decrypting it as a browser would. The slots
 * are in March 2027, across New York's DST change, so nothing else in the suite is due in them.
 */
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { datedRecord, newDatedItem } from '../../functions/data/planning/assignments';
import { refreshReminder } from '../../functions/data/push/reminders';
import type { LocalJobs } from '../../infra/local/jobs';
import { REMINDER_TEXT } from '../../shared/push-schemas';
import { addDays, weekStartOfDate, weekdayOf } from '../../shared/time';
import { testDb } from './support/client';
import { makeFamily, type Family } from './support/family';
import { familyIdOf, startReminderJob } from './support/weekly-job';

const PUSH = inject('pushUrl');
let jobs: LocalJobs;
beforeAll(async () => {
  jobs = await startReminderJob({ visibilityTimeoutMs: 100 });
});
afterAll(async () => jobs?.stop());

interface Subscription {
  id: string;
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** A subscription as a browser's PushManager would make one, from the local push service. */
async function browserSubscription(label: string): Promise<Subscription> {
  const res = await fetch(`${PUSH}/subscriptions`, { method: 'POST', body: JSON.stringify({ label }) });
  expect(res.status).toBe(201);
  return (await res.json()) as Subscription;
}

/** What the local push service received for a subscription, decrypted. */
async function received(sub: Subscription): Promise<{ payload: { title: string; body: string; url: string; tag: string }; ttl: number }[]> {
  return (await (await fetch(`${PUSH}/notifications?subscription=${sub.id}`)).json()) as never;
}

/** One dispatcher run at `iso`, and every reminder it queued handled. */
async function runSlot(iso: string) {
  const result = await jobs.reminders.dispatch(new Date(iso));
  await jobs.reminders.queue.drained();
  return result;
}

async function reminderItem(familyId: string, sk: string) {
  const { doc, tableName } = testDb();
  return (await doc.send(new GetCommand({ TableName: tableName, Key: { PK: `FAMILY#${familyId}`, SK: sk }, ConsistentRead: true }))).Item;
}

/** Puts a dated chore for the child on `date` straight into the table (the API assigns this week only), assigned a week before. */
async function choreOn(f: Family, familyId: string, date: string, done = false, which: 'daily' | 'hard' = 'daily') {
  const { doc, tableName } = testDb();
  const chore = { choreId: f.chores[which].id, name: f.chores[which].name, category: 'daily' as const, amountCents: 50, difficultyLevel: 1 };
  const item = newDatedItem({ familyId, child: { childId: f.kids[0]!.id }, chore, weekStart: weekStartOfDate(date), assignedDate: date, dayOfWeek: weekdayOf(date), source: 'manual', now: new Date(`${addDays(date, -7)}T12:00:00Z`) });
  await doc.send(new PutCommand({ TableName: tableName, Item: datedRecord({ ...item, ...(done ? { isCompleted: true, completedAt: `${date}T15:00:00.000Z`, completedOn: date, earnedCents: 50 } : {}) }) }));
}

/** A New York family whose child turned reminders on for a device; the reminder moved to `from` on (2027). */
async function childWithDevice(from: string) {
  const f = await makeFamily({ timeZone: 'America/New_York', kids: 1 });
  const familyId = await familyIdOf(f);
  const sub = await browserSubscription('Kid’s phone');
  const on = await f.kids[0]!.client.put('/api/child/push/device', { ...sub, label: 'Kid’s phone' });
  expect(on.status, on.text).toBe(200);
  await refreshReminder(familyId, { kind: 'CHILD', id: f.kids[0]!.id }, new Date(from));
  return { f, familyId, sub, sk: `REMIND#CHILD#${f.kids[0]!.id}` };
}

describe('a child’s reminder', () => {
  it('arrives decrypted at the family’s 16:00 on both sides of a DST change, says how many chores are left, and moves to the next day', async () => {
    const { f, familyId, sub, sk } = await childWithDevice('2027-03-13T12:00:00Z');
    await choreOn(f, familyId, '2027-03-13');
    await choreOn(f, familyId, '2027-03-14');
    await choreOn(f, familyId, '2027-03-14', false, 'hard');
    // Saturday 16:00 EST is 21:00Z.
    expect(await reminderItem(familyId, sk)).toMatchObject({ slot: '2027-03-13T21:00' });
    await runSlot('2027-03-13T20:45:00Z');
    expect(await received(sub)).toEqual([]);
    await runSlot('2027-03-13T21:00:00Z');
    expect((await received(sub)).map((p) => p.payload)).toEqual([{ title: 'ChoreQuest', body: REMINDER_TEXT.choresLeft(1), url: '/', tag: 'chores-left' }]);
    // The clocks go forward that night: Sunday 16:00 EDT is 20:00Z.
    expect(await reminderItem(familyId, sk)).toMatchObject({ slot: '2027-03-14T20:00' });
    await runSlot('2027-03-14T20:00:00Z');
    const pushes = await received(sub);
    expect(pushes.map((p) => p.payload.body)).toEqual(['1 chore left today', '2 chores left today']);
    expect(pushes[1]!.ttl).toBeGreaterThan(0);
    // Run again (a late run's lookback): nothing twice.
    await runSlot('2027-03-14T20:15:00Z');
    expect(await received(sub)).toHaveLength(2);
  });

  it('stays quiet when all is done, on an away day, and when the family is paused; it keeps its time', async () => {
    const { f, familyId, sub, sk } = await childWithDevice('2027-03-15T12:00:00Z');
    await choreOn(f, familyId, '2027-03-15', true);
    await choreOn(f, familyId, '2027-03-16');
    await choreOn(f, familyId, '2027-03-17');
    await f.parent.put(`/api/children/${f.kids[0]!.id}/availability`, { cycles: [], away: [{ from: '2027-03-16', to: '2027-03-16', label: 'Trip' }], pause: null });
    // All done on Monday, away on Tuesday: nothing. Wednesday: the one chore left.
    await runSlot('2027-03-15T20:00:00Z');
    await runSlot('2027-03-16T20:00:00Z');
    expect(await received(sub)).toEqual([]);
    await runSlot('2027-03-17T20:00:00Z');
    expect((await received(sub)).map((p) => p.payload.body)).toEqual(['1 chore left today']);
    expect(await reminderItem(familyId, sk)).toMatchObject({ slot: '2027-03-18T20:00' });
    // The family pauses from Thursday: nothing that day, though a chore is there.
    await choreOn(f, familyId, '2027-03-18');
    const paused = await f.parent.put('/api/family/pause', { from: '2027-03-18', to: '2027-03-19' });
    expect(paused.status, paused.text).toBe(200);
    await runSlot('2027-03-18T20:00:00Z');
    expect(await received(sub)).toHaveLength(1);
    expect(await reminderItem(familyId, sk)).toMatchObject({ slot: '2027-03-19T20:00' });
  });

  it('follows the time a parent sets, and stops when the parent turns it off', async () => {
    const { f, familyId, sub, sk } = await childWithDevice('2027-03-15T12:00:00Z');
    await choreOn(f, familyId, '2027-03-15');
    const set = await f.parent.put(`/api/children/${f.kids[0]!.id}/reminder`, { enabled: true, time: '18:30' });
    expect(set.status, set.text).toBe(200);
    await refreshReminder(familyId, { kind: 'CHILD', id: f.kids[0]!.id }, new Date('2027-03-15T12:00:00Z'));
    expect(await reminderItem(familyId, sk)).toMatchObject({ slot: '2027-03-15T22:30' });
    await runSlot('2027-03-15T22:30:00Z');
    expect(await received(sub)).toHaveLength(1);
    expect((await f.parent.put(`/api/children/${f.kids[0]!.id}/reminder`, { enabled: false, time: '18:30' })).status).toBe(200);
    expect(await reminderItem(familyId, sk)).toBeUndefined();
    // Bad input: a clear 400, nothing changed.
    const bad = await f.parent.put(`/api/children/${f.kids[0]!.id}/reminder`, { enabled: true, time: '18:10' });
    expect(bad).toMatchObject({ status: 400, body: { message: 'Choose a time on the quarter hour, like 16:00 or 16:15' } });
  });
});

describe('devices that can no longer receive', () => {
  it('a push service answering 410 removes the device at once, and with no device left the reminder leaves the index', async () => {
    const { f, familyId, sub, sk } = await childWithDevice('2027-03-15T12:00:00Z');
    await choreOn(f, familyId, '2027-03-15');
    await fetch(`${PUSH}/subscriptions/${sub.id}`, { method: 'DELETE' });
    await runSlot('2027-03-15T20:00:00Z');
    expect((await f.kids[0]!.client.get('/api/child/push/settings')).body.devices).toEqual([]);
    expect(await reminderItem(familyId, sk)).toBeUndefined();
  });

  it('a device whose session ended (signed out) gets nothing and is removed', async () => {
    const { f, familyId, sub, sk } = await childWithDevice('2027-03-15T12:00:00Z');
    await choreOn(f, familyId, '2027-03-15');
    expect((await f.kids[0]!.client.get('/api/logout')).status).toBeLessThan(400);
    await runSlot('2027-03-15T20:00:00Z');
    expect(await received(sub)).toEqual([]);
    expect(await reminderItem(familyId, sk)).toBeUndefined();
  });

  it('a busy push service (503) makes the reminder come again, and it then arrives once', async () => {
    const { f, familyId, sub } = await childWithDevice('2027-03-15T12:00:00Z');
    await choreOn(f, familyId, '2027-03-15');
    await fetch(`${PUSH}/subscriptions/${sub.id}/fail-next?status=503`, { method: 'POST' });
    await runSlot('2027-03-15T20:00:00Z');
    expect((await received(sub)).map((p) => p.payload.body)).toEqual(['1 chore left today']);
  });
});

describe('a parent’s reminders', () => {
  it('"N chores are waiting for your OK" at the digest time when ticks wait, never in quiet hours; "Send a test" arrives at once', async () => {
    const f = await makeFamily({ timeZone: 'America/New_York', kids: 1 });
    const familyId = await familyIdOf(f);
    const sub = await browserSubscription('Parent’s laptop');
    expect((await f.parent.put('/api/push/device', sub)).status).toBe(200);
    // Send a test: at once, to this device.
    const test = await f.parent.post('/api/push/test', { endpoint: sub.endpoint });
    expect(test.status, test.text).toBe(200);
    expect((await received(sub)).map((p) => p.payload.body)).toEqual([REMINDER_TEXT.test]);
    // A tick waiting for an OK.
    const gated = await f.parent.post('/api/chores', { name: 'Dishes', category: 'daily', amount: '1.00', difficultyLevel: 1, needsApproval: true });
    const a = await f.parent.post('/api/assignments', { childId: f.kids[0]!.id, choreId: gated.body.id, weekStart: f.clock.weekStart, assignedDate: f.clock.today, dayOfWeek: f.clock.weekday });
    expect((await f.kids[0]!.client.post('/api/child/complete-assignment', { assignmentId: a.body.id, completed: true })).body.waiting).toBe(true);
    // Quiet from 11:00 to 18:00: the 12:00 and 17:00 digests fold into one at 18:00 (EDT: 22:00Z).
    const saved = await f.parent.put('/api/push/settings', { approvals: true, weeklyReport: true, quietHours: { from: '11:00', to: '18:00' } });
    expect(saved.status, saved.text).toBe(200);
    await refreshReminder(familyId, { kind: 'PARENT', id: (await f.parent.get('/api/auth/parent-user')).body.id }, new Date('2027-03-15T12:00:00Z'));
    await runSlot('2027-03-15T16:00:00Z');
    expect(await received(sub)).toHaveLength(1);
    await runSlot('2027-03-15T22:00:00Z');
    expect((await received(sub)).map((p) => p.payload)).toContainEqual({ title: 'ChoreQuest', body: REMINDER_TEXT.waiting(1), url: '/', tag: 'approvals' });
    expect(saved.body).toMatchObject({ approvals: true, weeklyReport: true, quietHours: { from: '11:00', to: '18:00' }, timeZone: 'America/New_York' });
  });

  it('a test to a device never turned on is not found; bad devices are refused with a clear message', async () => {
    const f = await makeFamily({ kids: 1 });
    expect(await f.parent.post('/api/push/test', { endpoint: 'https://push.example.test/none' })).toMatchObject({ status: 404, body: { message: 'This device does not receive reminders. Turn reminders on first.' } });
    expect(await f.parent.put('/api/push/device', { endpoint: 'ftp://x', keys: { p256dh: 'x', auth: 'y' } })).toMatchObject({ status: 400, body: { message: 'This device’s push address is not valid' } });
    expect(await f.parent.put('/api/push/device', { endpoint: 'https://push.example.test/a', keys: { p256dh: 'x', auth: 'y' } })).toMatchObject({ status: 400, body: { message: 'This device’s push keys are not valid' } });
  });
});
