/**
 * Streaks (issue 32 point 5) over the local stack: the child's screen, the parent's dashboard and
 * the children page show the same streak; today counts once everything due is done (a tick waiting
 * for a parent's OK too), an untick or a send-back takes it away again; the weeks before come from
 * the carry the week's planning keeps on the child (a Reassign here, the Sunday job on Sundays),
 * settled once a week. Whatever day of the week this runs on: the server's today decides.
 */
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { datedRecord, newDatedItem } from '../../functions/data/planning/assignments';
import { addDays, weekdayOf } from '../../shared/time';
import { testDb } from './support/client';
import { assignmentFor, makeFamily, type Family } from './support/family';
import { familyIdOf } from './support/weekly-job';

/** The streak as the child, the dashboard and the children page each answer it (they must agree). */
async function streaks(f: Family) {
  const kid = f.kids[0]!;
  const mine = (await kid.client.get('/api/child/assignments')).body.streak;
  const dash = (await f.parent.get('/api/dashboard')).body.children.find((c: { id: string }) => c.id === kid.id).streak;
  const card = (await f.parent.get('/api/children')).body.find((c: { id: string }) => c.id === kid.id).streak;
  expect(dash).toEqual(mine);
  expect(card).toEqual(mine);
  return mine as { days: number; doneToday: boolean };
}

/** Ticks, as the child, every chore due for them today. */
async function tickAllToday(f: Family) {
  const kid = f.kids[0]!;
  const { today, assignments } = (await kid.client.get('/api/child/assignments')).body;
  const due = assignments.filter(
    (a: any) => !a.isCompleted && !a.takenBy && (a.isContinuous ? (a.dueDates ?? []).includes(today) : a.assignedDate === today && a.isDue !== false),
  );
  for (const a of due) expect((await kid.client.post('/api/child/complete-assignment', { assignmentId: a.id, completed: true })).status).toBe(200);
  return due.length as number;
}

describe('a child’s streak', () => {
  it('counts today once everything due is done; an untick takes it away again', async () => {
    const f = await makeFamily({ kids: 1 });
    const kid = f.kids[0]!;
    const a = await f.parent.post('/api/assignments', assignmentFor(f, kid.id, f.chores.daily.id));
    expect(a.status, a.text).toBe(201);
    // Added today: no day before counts, and today is not over.
    expect(await streaks(f)).toEqual({ days: 0, doneToday: false });
    await tickAllToday(f);
    expect(await streaks(f)).toEqual({ days: 1, doneToday: true });
    expect((await kid.client.post('/api/child/complete-assignment', { assignmentId: a.body.id, completed: false })).status).toBe(200);
    expect(await streaks(f)).toEqual({ days: 0, doneToday: false });
  });

  it('a tick that waits for a parent’s OK counts; sent back, it no longer does', async () => {
    const f = await makeFamily({ kids: 1 });
    const kid = f.kids[0]!;
    const gated = await f.parent.post('/api/chores', { name: 'Dishes', category: 'daily', amount: '1.50', difficultyLevel: 1, needsApproval: true });
    const a = await f.parent.post('/api/assignments', assignmentFor(f, kid.id, gated.body.id));
    const tick = await kid.client.post('/api/child/complete-assignment', { assignmentId: a.body.id, completed: true });
    expect(tick.body).toMatchObject({ waiting: true });
    expect(await streaks(f)).toEqual({ days: 1, doneToday: true });
    expect((await f.parent.post(`/api/assignments/${a.body.id}/send-back`, { note: 'Not yet' })).status).toBe(200);
    expect(await streaks(f)).toEqual({ days: 0, doneToday: false });
  });

  it('carries the weeks before: kept when the week is planned, settled once a week, added to this week', async () => {
    const f = await makeFamily({ kids: 1 });
    const kid = f.kids[0]!;
    const familyId = await familyIdOf(f);
    const { doc, tableName } = testDb();
    const childKey = { PK: `FAMILY#${familyId}`, SK: `CHILD#${kid.id}` };
    const lastWeek = addDays(f.clock.weekStart, -7);
    const longAgo = new Date(Date.now() - 20 * 86_400_000);
    // The child has been with the family three weeks; last week they did their daily chore every day but Monday.
    await doc.send(new UpdateCommand({ TableName: tableName, Key: childKey, UpdateExpression: 'SET createdAt = :at', ExpressionAttributeValues: { ':at': longAgo.toISOString() } }));
    const chore = { choreId: f.chores.daily.id, name: 'Make bed', category: 'daily' as const, amountCents: 50, difficultyLevel: 1 };
    let saturday: { PK: string; SK: string } | undefined;
    for (let i = 0; i < 7; i++) {
      const date = addDays(lastWeek, i);
      const item = newDatedItem({ familyId, child: { childId: kid.id }, chore, weekStart: lastWeek, assignedDate: date, dayOfWeek: weekdayOf(date), source: 'manual', now: longAgo });
      const done = i !== 1 ? { isCompleted: true, completedAt: `${date}T18:00:00.000Z`, completedOn: date, earnedCents: 50 } : {};
      const record = datedRecord({ ...item, ...done });
      await doc.send(new PutCommand({ TableName: tableName, Item: record }));
      saturday = { PK: record.PK, SK: record.SK };
    }

    // Reassign plans this week: the streak as it stood on Saturday (Tuesday to Saturday) is kept.
    expect((await f.parent.post('/api/assignments/generate', {})).status).toBe(200);
    const kept = async () => (await doc.send(new GetCommand({ TableName: tableName, Key: childKey, ConsistentRead: true }))).Item!.streak;
    expect(await kept()).toEqual({ weekStart: f.clock.weekStart, days: 5 });

    // This week: today's chore makes it six once done. The week's planning gave today's chores, or a parent does.
    await f.parent.post('/api/assignments', assignmentFor(f, kid.id, f.chores.daily.id));
    const open = await streaks(f);
    expect(open).toEqual({ days: 5, doneToday: false });
    expect(await tickAllToday(f)).toBeGreaterThan(0);
    expect(await streaks(f)).toEqual({ days: 6, doneToday: true });

    // Last week is settled: a second Reassign this week keeps the carry, whatever changed since.
    await doc.send(
      new UpdateCommand({ TableName: tableName, Key: saturday, UpdateExpression: 'SET isCompleted = :f', ExpressionAttributeValues: { ':f': false } }),
    );
    expect((await f.parent.post('/api/assignments/generate', {})).status).toBe(200);
    expect(await kept()).toEqual({ weekStart: f.clock.weekStart, days: 5 });
  });
});
