/**
 * Issue 29, points 4 and 5, end to end: a chore for one child at a time goes to one child per
 * chore-day even when both children's chore settings ask for one (the other is told in the
 * preview), and a chore a parent assigned by hand stays with that child through Reassign and the
 * Sunday job's week, never duplicated.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { runDueFamily } from '../../functions/jobs/weekly/run-family';
import { addDays, weekdayOf, type IsoDate } from '../../shared/time';
import { useStackInThisProcess } from './support/client';
import { makeFamily, type Family } from './support/family';
import { familyIdOf, makeDue, startJob, weekItems } from './support/weekly-job';

beforeAll(async () => {
  useStackInThisProcess();
  await (await startJob()).stop();
});

const ONE_DAILY = { dailyChoresCount: 1, weeklyChoresCount: 0, continuousChoresCount: 0 };

/** Two children asking for one daily chore each; the family's only daily chore is "Make bed". */
async function twoChildrenOneDailyChore(): Promise<Family> {
  const f = await makeFamily({ kids: 2 });
  for (const kid of f.kids) expect((await f.parent.put(`/api/children/${kid.id}/chore-settings`, ONE_DAILY)).status).toBe(200);
  const who = await f.parent.put(`/api/chores/${f.chores.daily.id}`, { ...f.chores.daily, who: { mode: 'one', turns: 'balanced' } });
  expect(who.status).toBe(200);
  return f;
}

/** child ids holding the chore, per date of the week. */
function holdersByDate(items: Record<string, any>[], choreId: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const a of items.filter((x) => x.choreId === choreId)) out.set(a.assignedDate, [...(out.get(a.assignedDate) ?? []), a.childId]);
  return out;
}

const datesFrom = (from: IsoDate, weekStart: IsoDate) => Array.from({ length: 7 }, (_, i) => addDays(weekStart, i)).filter((d) => d >= from);

describe('one child at a time (issue 29 point 4)', () => {
  it('gives a one-at-a-time daily chore to one child per day when both ask for one, and the preview says who gets fewer', async () => {
    // Prepare
    const f = await twoChildrenOneDailyChore();
    const id = await familyIdOf(f);
    // Act
    const preview = await f.parent.post('/api/assignments/preview', { seed: 'one-at-a-time' });
    const gen = await f.parent.post('/api/assignments/generate', { seed: 'one-at-a-time' });
    const items = await weekItems(id, f.clock.weekStart);
    // Assess: every day, one child only; the whole week the same child.
    expect(gen.status).toBe(200);
    const byDate = holdersByDate(items, f.chores.daily.id);
    expect(byDate.size).toBeGreaterThan(0);
    for (const [date, kids] of byDate) expect(kids, date).toHaveLength(1);
    const holders = new Set([...byDate.values()].flat());
    expect(holders.size).toBe(1);
    const [taker] = [...holders];
    const short = preview.body.children.find((c: any) => c.childId !== taker);
    expect(short.shortfalls).toEqual([{ category: 'daily', asked: 1, available: 0 }]);
    expect(preview.body.children.find((c: any) => c.childId === taker).shortfalls).toEqual([]);
  });
});

describe('hand-assigned chores stay (issue 29 point 5)', () => {
  it('keeps a chore assigned to a child by hand with that child through Reassign: never given to the sibling as well', async () => {
    // Prepare: the parent gives Make bed to Kid 1 by hand for the rest of the week.
    const f = await twoChildrenOneDailyChore();
    const id = await familyIdOf(f);
    const [ava, ben] = f.kids;
    const dates = datesFrom(f.clock.today, f.clock.weekStart);
    for (const date of dates) {
      const res = await f.parent.post('/api/assignments', { childId: ava!.id, choreId: f.chores.daily.id, weekStart: f.clock.weekStart, assignedDate: date, dayOfWeek: weekdayOf(date) });
      expect(res.status).toBe(201);
    }
    const before = (await weekItems(id, f.clock.weekStart)).map((a) => a.id).sort();
    // Act: Reassign twice (one click, then another).
    const first = await f.parent.post('/api/assignments/generate');
    const second = await f.parent.post('/api/assignments/generate');
    const items = await weekItems(id, f.clock.weekStart);
    // Assess: Ava keeps every hand-assigned day, Ben gets none of it, nothing is duplicated.
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    const bed = items.filter((a) => a.choreId === f.chores.daily.id);
    expect(bed.filter((a) => a.childId === ben!.id)).toEqual([]);
    expect(bed.map((a) => a.id).sort()).toEqual(before);
    expect(bed.map((a) => a.assignedDate).sort()).toEqual(dates);
    const preview = await f.parent.post('/api/assignments/preview');
    expect(preview.body.children.find((c: any) => c.childId === ben!.id).shortfalls).toEqual([{ category: 'daily', asked: 1, available: 0 }]);
  });

  it('keeps a hand assignment in the week the Sunday job plans, for its child alone', async () => {
    // Prepare: a week in the future with Make bed given to Kid 1 by hand on its Monday and Tuesday.
    const f = await twoChildrenOneDailyChore();
    const id = await familyIdOf(f);
    const [ava, ben] = f.kids;
    const week = '2027-10-03';
    for (const date of [addDays(week, 1), addDays(week, 2)]) {
      const res = await f.parent.post('/api/assignments', { childId: ava!.id, choreId: f.chores.daily.id, weekStart: week, assignedDate: date, dayOfWeek: weekdayOf(date) });
      expect(res.status).toBe(201);
    }
    await makeDue(id, week, 'UTC');
    // Act
    const run = await runDueFamily({ v: 1, familyId: id, dueWeek: week, tick: `${week}T00:00:00.000Z` });
    const items = await weekItems(id, week);
    // Assess
    expect(run).toMatchObject({ outcome: 'generated', weekStart: week });
    const bed = items.filter((a) => a.choreId === f.chores.daily.id);
    expect(bed.filter((a) => a.childId === ben!.id)).toEqual([]);
    expect(bed.filter((a) => a.childId === ava!.id).map((a) => a.assignedDate).sort()).toEqual([addDays(week, 1), addDays(week, 2)]);
  });
});
