/**
 * The planner for real households (issue 21), first wins, end to end on DynamoDB Local through the
 * API (split from household-planner.test.ts): a chore-day offered to several children is paid once
 * whoever ticks it first, even at the same moment, in a family larger than one transaction, and after
 * a chore done today becomes first-wins and the week is reassigned.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { type Family } from './support/family';
import { calendar, chore, datedOf, quietFamily, ZERO } from './support/household';

describe('first wins', () => {
  let f: Family;
  let trash: any;
  const todays = async (k: number) => (await calendar(f, f.kids[k]!.id)).assignments.find((a: any) => a.choreId === trash.id && a.assignedDate === f.clock.today);
  beforeAll(async () => {
    f = await quietFamily(2);
    trash = await chore(f, { name: 'Trash out', category: 'daily', amount: '2.00', who: { mode: 'first' } });
    await f.parent.post('/api/assignments/generate');
  });

  it('pays a chore-day once when two children tick it at the same moment; the other sees who did it', async () => {
    // Prepare
    const [a0, a1] = [await todays(0), await todays(1)];
    expect(a0).toMatchObject({ firstWins: true, takenBy: null });
    expect(a1).toMatchObject({ firstWins: true, takenBy: null });
    const totalsBefore = new Map<string, number>((await f.parent.get('/api/children')).body.map((c: any) => [c.id, c.totalCount]));
    // Act
    const ticks = await Promise.all([
      f.kids[0]!.client.post('/api/child/complete-assignment', { assignmentId: a0.id, completed: true }),
      f.kids[1]!.client.post('/api/child/complete-assignment', { assignmentId: a1.id, completed: true }),
    ]);
    // Assess
    expect(ticks.map((t) => t.status).sort()).toEqual([200, 409]);
    const winner = ticks[0]!.status === 200 ? 0 : 1;
    const loser = 1 - winner;
    const names = (await f.parent.get('/api/children')).body;
    const winnerName = names.find((c: any) => c.id === f.kids[winner]!.id).displayName;
    expect(ticks[loser]!.body.message).toBe(`${winnerName} already did this one today`);
    const owed = names.map((c: any) => c.weeklyEarnings).sort();
    expect(owed).toEqual(['0.00', '2.00']);
    expect(await todays(loser)).toMatchObject({ isCompleted: false, takenBy: { childId: f.kids[winner]!.id, displayName: winnerName } });
    // The taken chore-day is no longer the other child's to do: out of its week's count, not the winner's.
    expect(names.find((c: any) => c.id === f.kids[loser]!.id).totalCount).toBe(totalsBefore.get(f.kids[loser]!.id)! - 1);
    expect(names.find((c: any) => c.id === f.kids[winner]!.id).totalCount).toBe(totalsBefore.get(f.kids[winner]!.id));
    // A parent completing it for the other child follows the same rule.
    const parentTick = await f.parent.put(`/api/assignments/${(await todays(loser)).id}/complete`, { completed: true });
    expect(parentTick.status).toBe(409);
    expect((await f.parent.get('/api/children')).body.map((c: any) => c.weeklyEarnings).sort()).toEqual(['0.00', '2.00']);
  });

  it('gives the chore-day back when the tick is taken back, and the other child can then take it', async () => {
    // Prepare
    const done = [await todays(0), await todays(1)];
    const winner = done[0].isCompleted ? 0 : 1;
    const loser = 1 - winner;
    // Act
    const back = await f.kids[winner]!.client.post('/api/child/complete-assignment', { assignmentId: done[winner].id, completed: false });
    const freed = await todays(loser);
    const taken = await f.kids[loser]!.client.post('/api/child/complete-assignment', { assignmentId: freed.id, completed: true });
    // Assess
    expect(back.status).toBe(200);
    expect(freed.takenBy).toBeNull();
    expect(taken.status).toBe(200);
    expect((await todays(winner)).takenBy).toMatchObject({ childId: f.kids[loser]!.id });
    expect((await f.parent.get('/api/children')).body.map((c: any) => c.weeklyEarnings).sort()).toEqual(['0.00', '2.00']);
  });

  it('lets a parent take it for a child and give it back, and a send-back of a waiting tick releases it too', async () => {
    // Prepare: whoever holds today's trash, a parent un-completes it; a gated first-wins chore waits for an OK.
    const holder = (await todays(0)).isCompleted ? 0 : 1;
    const gated = await chore(f, { name: 'Dog walk', category: 'daily', amount: '1.50', needsApproval: true, who: { mode: 'first' } });
    await f.parent.post('/api/assignments/generate');
    const walk = async (k: number) => (await calendar(f, f.kids[k]!.id)).assignments.find((a: any) => a.choreId === gated.id && a.assignedDate === f.clock.today);
    // Act
    const undone = await f.parent.put(`/api/assignments/${(await todays(holder)).id}/complete`, { completed: false });
    const afterUndo = await todays(1 - holder);
    const parentTick = await f.parent.put(`/api/assignments/${(await todays(0)).id}/complete`, { completed: true });
    const afterParentTick = await todays(1);
    const waiting = await f.kids[1]!.client.post('/api/child/complete-assignment', { assignmentId: (await walk(1)).id, completed: true });
    const whileWaiting = await walk(0);
    const sentBack = await f.parent.post(`/api/assignments/${(await walk(1)).id}/send-back`, { note: 'Longer, please' });
    const afterSendBack = await walk(0);
    // Assess
    expect(undone.status).toBe(200);
    expect(afterUndo.takenBy).toBeNull();
    expect(parentTick.status).toBe(200);
    expect(afterParentTick.takenBy).toMatchObject({ childId: f.kids[0]!.id });
    expect(waiting.body).toMatchObject({ waiting: true });
    expect(whileWaiting.takenBy).toMatchObject({ childId: f.kids[1]!.id });
    expect(sentBack.status).toBe(200);
    expect(afterSendBack.takenBy).toBeNull();
    // Kid 1 (first) owes the trash of today once, taken by the parent for kid 0; the waiting walk counts nowhere.
    const owed = Object.fromEntries((await f.parent.get('/api/children')).body.map((c: any) => [c.id, c.weeklyEarnings]));
    expect(owed).toEqual({ [f.kids[0]!.id]: '2.00', [f.kids[1]!.id]: '0.00' });
  });
});

describe('first wins in a very large family', () => {
  it('takes a chore-day offered to more children than one transaction can mark: the tick counts, the rest are refused', async () => {
    // Prepare: 2 signed-in children and 98 more, all offered the same chore-day (a transaction holds 100 items).
    const f = await quietFamily(2);
    for (let i = 0; i < 98; i++) {
      const res = await f.parent.post('/api/children', { displayName: `Extra ${i + 1}`, maxDifficultyLevel: 5, ...ZERO });
      if (res.status !== 201) throw new Error(`child: ${res.status} ${res.text}`);
    }
    const big = await chore(f, { name: 'Feed the cat', category: 'weekly', amount: '2.00', rhythm: { kind: 'days', days: [f.clock.weekday] }, who: { mode: 'first' } });
    expect((await f.parent.post('/api/assignments/generate')).status).toBe(200);
    const mine = async (k: number) => (await calendar(f, f.kids[k]!.id)).assignments.find((a: any) => a.choreId === big.id && a.assignedDate === f.clock.today);
    const [a0, a1] = [await mine(0), await mine(1)];
    // Act
    const first = await f.kids[0]!.client.post('/api/child/complete-assignment', { assignmentId: a0.id, completed: true });
    const second = await f.kids[1]!.client.post('/api/child/complete-assignment', { assignmentId: a1.id, completed: true });
    // Assess
    expect(first.status).toBe(200);
    expect(second.status).toBe(409);
    const owed = (await f.parent.get('/api/children')).body.map((c: any) => c.weeklyEarnings);
    expect(owed.filter((o: string) => o !== '0.00')).toEqual(['2.00']);
  }, 120_000);
});

describe('first wins after a change of who', () => {
  it('pays a chore-day once when a chore done today becomes first-wins and the week is reassigned', async () => {
    // Prepare: Kid 1 alone does the trash and ticks today's; the parent then offers it to whoever is first.
    const f = await quietFamily(2);
    const [k1, k2] = f.kids;
    const base = { name: 'Trash', category: 'daily', amount: '2.00', difficultyLevel: 1 };
    const trash = await chore(f, { ...base, who: { mode: 'one', turns: 'fair', children: [k1!.id] } });
    await f.parent.post('/api/assignments/generate');
    const mine = datedOf(await calendar(f, k1!.id), trash.id).find((a: any) => a.assignedDate === f.clock.today);
    expect((await k1!.client.post('/api/child/complete-assignment', { assignmentId: mine.id, completed: true })).status).toBe(200);
    expect((await f.parent.put(`/api/chores/${trash.id}`, { ...base, who: { mode: 'first' } })).status).toBe(200);
    // Act
    expect((await f.parent.post('/api/assignments/generate')).status).toBe(200);
    const offered = datedOf(await calendar(f, k2!.id), trash.id);
    const today = offered.find((a: any) => a.assignedDate === f.clock.today);
    const tick = today ? await k2!.client.post('/api/child/complete-assignment', { assignmentId: today.id, completed: true }) : undefined;
    // Assess: Kid 2 is offered the other days, not today's (done already); today's $2.00 is paid once.
    expect(offered.length).toBeGreaterThan(0);
    expect(today).toBeUndefined();
    expect(tick).toBeUndefined();
    expect((await f.parent.get('/api/children')).body.map((c: any) => c.weeklyEarnings).sort()).toEqual(['0.00', '2.00']);
  });
});
