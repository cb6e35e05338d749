/**
 * The planner for real households (issue 21) end to end on DynamoDB Local, through the API and the
 * Sunday job's own path: who does it (each, with days per child; first wins), turns over several
 * weeks (keep it for a week, fair), away days and the family's pause, the preview (= what generate
 * writes with the same seed), validation, and a family using none of it planning exactly as before.
 * First wins: household-planner-first-wins.test.ts.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, dateInWeek, WEEKDAYS, type IsoDate } from '../../shared/time';
import { NO_AVAILABILITY } from '../../shared/planning';
import { PLANNER_MESSAGES } from '../../shared/messages';
import { planWeek } from '../../functions/domain/planner';
import { runDueFamily } from '../../functions/jobs/weekly/run-family';
import { useStackInThisProcess } from './support/client';
import { makeFamily } from './support/family';
import { calendar, chore, datedOf, quietFamily, slotsOf } from './support/household';
import { familyIdOf, makeDue, startJob, weekItems } from './support/weekly-job';

beforeAll(async () => {
  // The Sunday job's calls run in this process, against the suite's table.
  useStackInThisProcess();
  await (await startJob()).stop();
});

describe('who does it: each child, with days per child', () => {
  it('gives every listed child their own chore on their own days, and the chore says so', async () => {
    // Prepare
    const f = await quietFamily();
    const [emma, liam] = f.kids;
    const dishes = await chore(f, { name: 'Dishes', category: 'daily', who: { mode: 'each', children: [{ childId: emma!.id, days: ['monday', 'wednesday'] }, { childId: liam!.id, days: ['tuesday', 'thursday'] }] } });
    // Act
    const gen = await f.parent.post('/api/assignments/generate');
    const [e, l] = [await calendar(f, emma!.id), await calendar(f, liam!.id)];
    // Assess
    expect(gen.status).toBe(200);
    expect(dishes.who).toEqual({ mode: 'each', children: [{ childId: emma!.id, days: ['monday', 'wednesday'] }, { childId: liam!.id, days: ['tuesday', 'thursday'] }] });
    expect(datedOf(e, dishes.id).map((a: any) => a.dayOfWeek).sort()).toEqual(['monday', 'wednesday']);
    expect(datedOf(l, dishes.id).map((a: any) => a.dayOfWeek).sort()).toEqual(['thursday', 'tuesday']);
    expect([...datedOf(e, dishes.id), ...datedOf(l, dishes.id)].every((a: any) => a.firstWins === false && a.takenBy === null)).toBe(true);
    expect((await f.parent.get('/api/chores')).body.find((c: any) => c.id === dishes.id).who.mode).toBe('each');
  });
});

describe('availability and the family pause', () => {
  it('gives nothing on a child\'s away days and shows them in the children list, the calendar and the child\'s own view', async () => {
    // Prepare: Kid 1 is at Dad's every Monday and Wednesday (a 7-day cycle from this week's Sunday).
    const f = await quietFamily();
    const [kid, other] = f.kids;
    const week = f.clock.weekStart;
    const bed = await chore(f, { name: 'Bed', category: 'daily', who: { mode: 'each' } });
    const put = await f.parent.put(`/api/children/${kid!.id}/availability`, { cycles: [{ start: week, length: 7, away: [1, 3], label: "At Dad's" }], away: [], pause: null });
    // Act
    await f.parent.post('/api/assignments/generate');
    const cal = await calendar(f, kid!.id);
    const list = (await f.parent.get('/api/children')).body;
    const own = (await kid!.client.get('/api/child/assignments')).body;
    // Assess
    expect(put.status).toBe(200);
    expect(put.body.availability.cycles[0]).toMatchObject({ length: 7, away: [1, 3], label: "At Dad's" });
    const away = [{ date: dateInWeek(week, 'monday'), label: "At Dad's" }, { date: dateInWeek(week, 'wednesday'), label: "At Dad's" }];
    expect(cal.awayDays).toEqual(away);
    expect(own.awayDays).toEqual(away);
    expect(list.find((c: any) => c.id === kid!.id).awayDays).toEqual(away);
    expect(list.find((c: any) => c.id === other!.id)).toMatchObject({ awayDays: [], availability: NO_AVAILABILITY });
    expect(datedOf(cal, bed.id).map((a: any) => a.dayOfWeek).sort()).toEqual(WEEKDAYS.filter((d) => d !== 'monday' && d !== 'wednesday').sort());
    expect(datedOf(await calendar(f, other!.id), bed.id)).toHaveLength(7);
  });

  it('generates nothing in a week the whole family is paused, shows it as "Family paused", and resumes', async () => {
    // Prepare
    const f = await makeFamily({ kids: 2 });
    const week = f.clock.weekStart;
    // Act
    const paused = await f.parent.put('/api/family/pause', { from: addDays(week, -3), to: addDays(week, 10) });
    const read = await f.parent.get('/api/family/pause');
    const preview = await f.parent.post('/api/assignments/preview', {});
    const gen = await f.parent.post('/api/assignments/generate');
    const cal = await calendar(f, f.kids[0]!.id);
    const resumed = await f.parent.delete('/api/family/pause');
    const after = await f.parent.get('/api/family/pause');
    // Assess
    expect(paused.body).toEqual({ pause: { from: addDays(week, -3), to: addDays(week, 10) } });
    expect(read.body).toEqual(paused.body);
    expect(preview.body).toMatchObject({ paused: true });
    expect(preview.body.children.every((c: any) => c.count === 0 && c.days.every((d: any) => d.away && d.awayLabel === 'Family paused'))).toBe(true);
    expect(gen.body.created).toBe(0);
    expect(cal.assignments).toEqual([]);
    expect(cal.awayDays.map((d: any) => d.label)).toEqual(Array(7).fill('Family paused'));
    expect(resumed.body).toEqual({ pause: null });
    expect(after.body).toEqual({ pause: null });
  });
});

describe('turns over several weeks (the Sunday job)', () => {
  it('keeps a chore for a week per child in turn, and shares a fair chore evenly', async () => {
    // Prepare: two children who take nothing from the pool; the job runs four Sundays in a row.
    const f = await quietFamily();
    const id = await familyIdOf(f);
    const kept = await chore(f, { name: 'Trash', category: 'daily', rhythm: { kind: 'days', days: ['monday', 'thursday'] }, who: { mode: 'one', turns: 'week' } });
    const fair = await chore(f, { name: 'Feed cat', category: 'daily', rhythm: { kind: 'days', days: ['monday', 'wednesday', 'friday'] }, who: { mode: 'one', turns: 'fair' } });
    const weeks = ['2027-09-05', '2027-09-12', '2027-09-19', '2027-09-26'];
    await makeDue(id, weeks[0]!, 'UTC');
    // Act
    const holders: string[][] = [];
    const fairCount: Record<string, number> = {};
    for (const w of weeks) {
      const run = await runDueFamily({ v: 1, familyId: id, dueWeek: w, tick: `${w}T00:00:00.000Z` });
      expect(run).toMatchObject({ outcome: 'generated', weekStart: w });
      const items = await weekItems(id, w);
      holders.push([...new Set(items.filter((a) => a.choreId === kept.id).map((a) => a.childId as string))]);
      expect(items.filter((a) => a.choreId === kept.id).map((a) => a.dayOfWeek).sort()).toEqual(['monday', 'thursday']);
      const fairs = items.filter((a) => a.choreId === fair.id);
      expect(fairs.map((a) => a.dayOfWeek).sort()).toEqual(['friday', 'monday', 'wednesday']);
      for (const a of fairs) fairCount[a.childId] = (fairCount[a.childId] ?? 0) + 1;
    }
    // Assess: one child a week, the other the week after; fair: 12 occurrences, 6 each.
    expect(holders.every((h) => h.length === 1)).toBe(true);
    for (let i = 1; i < holders.length; i++) expect(holders[i]![0]).not.toBe(holders[i - 1]![0]);
    expect(Object.values(fairCount).sort()).toEqual([6, 6]);
  });
});

describe('preview', () => {
  it('shows exactly what generate then writes with the same seed, and writes nothing itself', async () => {
    // Prepare: the balanced pool, a first-wins chore and an each chore.
    const f = await makeFamily({ kids: 3 });
    const [a, b] = f.kids;
    await chore(f, { name: 'Trash', category: 'daily', who: { mode: 'first', children: [a!.id, b!.id] } });
    await chore(f, { name: 'Plants', category: 'weekly', rhythm: { kind: 'days', days: ['saturday'] }, who: { mode: 'each' } });
    const id = await familyIdOf(f);
    // Act
    const preview = await f.parent.post('/api/assignments/preview', { seed: 'try-2' });
    const untouched = await weekItems(id, f.clock.weekStart);
    const next = await f.parent.post('/api/assignments/preview', { weekStart: addDays(f.clock.weekStart, 7) });
    const gen = await f.parent.post('/api/assignments/generate', { seed: 'try-2' });
    const written = await weekItems(id, f.clock.weekStart);
    // Assess
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({ weekStart: f.clock.weekStart, seed: 'try-2', paused: false });
    expect(untouched).toEqual([]);
    expect(next.status).toBe(200);
    expect(next.body.seed).toBe(`${id}:${addDays(f.clock.weekStart, 7)}`);
    const planned = preview.body.children.flatMap((c: any) => c.days.flatMap((d: any) => d.chores.map((x: any) => ({ childId: c.childId, choreId: x.choreId, date: d.date, firstWins: x.firstWins }))));
    expect(gen.body.created).toBeGreaterThan(0);
    expect(slotsOf(written.map((w) => ({ childId: w.childId, choreId: w.choreId, date: w.assignedDate })))).toEqual(slotsOf(planned));
    expect(written.filter((w) => w.firstWins).length).toBe(planned.filter((p: any) => p.firstWins).length);
    // The totals are what is still ahead (issue 29): every chore-day from today on, the days behind listed but not counted.
    for (const c of preview.body.children) {
      const ahead = c.days.filter((d: any) => d.date >= f.clock.today).flatMap((d: any) => d.chores);
      expect(c.count).toBeGreaterThanOrEqual(ahead.length);
    }
    // After generating, the same preview shows everything as kept.
    const again = await f.parent.post('/api/assignments/preview', { seed: 'try-2' });
    expect(again.body.children.flatMap((c: any) => c.days.flatMap((d: any) => d.chores)).every((x: any) => x.kept)).toBe(true);
  });

  it('answers 400 for a week other than this one or the next, and for a bad seed', async () => {
    const f = await makeFamily({ kids: 1 });
    const far = await f.parent.post('/api/assignments/preview', { weekStart: addDays(f.clock.weekStart, 14) });
    const past = await f.parent.post('/api/assignments/preview', { weekStart: addDays(f.clock.weekStart, -7) });
    const seed = await f.parent.post('/api/assignments/preview', { seed: 'no spaces!' });
    const genSeed = await f.parent.post('/api/assignments/generate', { seed: '' });
    expect([far.status, past.status, seed.status, genSeed.status]).toEqual([400, 400, 400, 400]);
    expect(far.body.message).toMatch(/this week or next week/);
    expect(seed.body.message).toBe(PLANNER_MESSAGES.seedInvalid);
  });
});

describe('validation (issue 21)', () => {
  it('answers bad rhythms, who, availability and pauses with a 400 and a message', async () => {
    const f = await makeFamily({ kids: 1 });
    const base = { name: 'X', amount: '1.00', difficultyLevel: 1 };
    const cases = [
      await f.parent.post('/api/chores', { ...base, category: 'daily', rhythm: { kind: 'days', days: [] } }),
      await f.parent.post('/api/chores', { ...base, category: 'daily', rhythm: { kind: 'everyNDays', every: 500, start: f.clock.today } }),
      await f.parent.post('/api/chores', { ...base, category: 'continuous', rhythm: { kind: 'days', days: ['monday'] } }),
      await f.parent.post('/api/chores', { ...base, category: 'daily', who: { mode: 'everyone' } }),
      await f.parent.post('/api/chores', { ...base, category: 'daily', who: { mode: 'first', children: ['nobody-here'] } }),
      await f.parent.put(`/api/children/${f.kids[0]!.id}/availability`, { cycles: [{ start: f.clock.weekStart, length: 5, away: [0] }], away: [], pause: null }),
      await f.parent.put(`/api/children/${f.kids[0]!.id}/availability`, { cycles: [], away: [{ from: f.clock.today, to: addDays(f.clock.today, -2) }], pause: null }),
      await f.parent.put('/api/family/pause', { from: f.clock.today, to: addDays(f.clock.today, -1) }),
      await f.parent.put('/api/family/pause', { to: f.clock.today }),
    ];
    for (const res of cases) {
      expect(res.status, res.text).toBe(400);
      expect(typeof res.body.message).toBe('string');
      expect(res.body.message.length).toBeGreaterThan(5);
    }
    expect(cases[4]!.body.message).toMatch(/not in your family/);
    expect((await f.parent.get('/api/chores')).body).toHaveLength(4);
  });

  it('a first-wins chore made continuous keeps no first-wins who (the same chore sent back is still accepted)', async () => {
    const f = await quietFamily(2);
    const base = { name: 'Tidy', amount: '1.00', difficultyLevel: 1 };
    const c = await chore(f, { ...base, category: 'daily', who: { mode: 'first', children: [f.kids[0]!.id, f.kids[1]!.id] } });
    // The chore becomes ongoing without saying who does it: its rhythm goes, and so must "first".
    const made = await f.parent.put(`/api/chores/${c.id}`, { ...base, category: 'continuous' });
    const again = await f.parent.put(`/api/chores/${c.id}`, { ...base, category: 'continuous', who: made.body.who });
    expect(made.status).toBe(200);
    expect(made.body.who).toEqual({ mode: 'one', turns: 'balanced', children: [f.kids[0]!.id, f.kids[1]!.id] });
    expect(again.status).toBe(200);
  });

  it('removes a rhythm or who with null, and forgets a deleted child named in who', async () => {
    const f = await quietFamily(2);
    const c = await chore(f, { name: 'Sweep', category: 'daily', rhythm: { kind: 'days', days: ['friday'] }, who: { mode: 'one', turns: 'fair', children: [f.kids[0]!.id, f.kids[1]!.id] } });
    expect((await f.parent.delete(`/api/children/${f.kids[1]!.id}`)).status).toBe(200);
    // The chore as the dialog shows it, sent back unchanged: the deleted child is dropped, not refused.
    const kept = await f.parent.put(`/api/chores/${c.id}`, { name: 'Sweep', category: 'daily', amount: '1.00', difficultyLevel: 1, rhythm: c.rhythm, who: c.who });
    const gen = await f.parent.post('/api/assignments/generate');
    const cleared = await f.parent.put(`/api/chores/${c.id}`, { name: 'Sweep', category: 'daily', amount: '1.00', difficultyLevel: 1, rhythm: null, who: null });
    expect(kept.status).toBe(200);
    expect(kept.body.who.children).toEqual([f.kids[0]!.id]);
    expect(gen.status).toBe(200);
    expect(cleared.status).toBe(200);
    expect(cleared.body.rhythm).toBeUndefined();
    expect(cleared.body.who).toBeUndefined();
  });
});

describe('a family that uses none of it', () => {
  it('plans exactly as the balancing planner did before issue 21', async () => {
    // Prepare
    const f = await makeFamily({ kids: 3 });
    for (const [name, category, difficultyLevel] of [['Dishes', 'daily', 2], ['Table', 'daily', 1], ['Laundry', 'weekly', 3], ['Plants', 'continuous', 1]] as const) {
      await chore(f, { name, category, difficultyLevel });
    }
    const id = await familyIdOf(f);
    const kids = (await f.parent.get('/api/children')).body;
    const chores = (await f.parent.get('/api/chores')).body;
    // Act
    const gen = await f.parent.post('/api/assignments/generate');
    const written = await weekItems(id, f.clock.weekStart);
    // Assess: what the planner of before (planWeek, the same seed, nothing kept, no last week) gives.
    const plan = planWeek({
      children: kids.map((c: any) => ({ id: c.id, maxDifficultyLevel: c.maxDifficultyLevel, dailyChoresCount: c.dailyChoresCount, weeklyChoresCount: c.weeklyChoresCount, continuousChoresCount: c.continuousChoresCount })),
      chores: chores.map((c: any) => ({ id: c.id, category: c.category, difficultyLevel: c.difficultyLevel, amountCents: Math.round(Number(c.amount) * 100) })),
      lastWeek: {},
      fixed: [],
      seed: `${id}:${f.clock.weekStart}`,
    });
    const expected: { childId: string; choreId: string; date: IsoDate }[] = [];
    for (const [childId, p] of Object.entries(plan.children)) {
      for (const choreId of p.daily) for (const d of WEEKDAYS) expected.push({ childId, choreId, date: dateInWeek(f.clock.weekStart, d) });
      for (const w of p.weekly) expected.push({ childId, choreId: w.choreId, date: dateInWeek(f.clock.weekStart, w.dayOfWeek) });
    }
    const continuous = (await f.parent.get('/api/children')).body.flatMap((c: any) => c.assignments.filter((a: any) => a.isContinuous).map((a: any) => `${c.id}|${a.choreId}`));
    expect(gen.status).toBe(200);
    expect(slotsOf(written.map((w) => ({ childId: w.childId, choreId: w.choreId, date: w.assignedDate })))).toEqual(slotsOf(expected));
    expect(continuous.sort()).toEqual(Object.entries(plan.children).flatMap(([childId, p]) => p.continuous.map((choreId) => `${childId}|${choreId}`)).sort());
    expect(written.every((w) => w.firstWins === undefined && w.takenBy === undefined)).toBe(true);
    expect(kids.every((k: any) => k.availability && k.awayDays.length === 0)).toBe(true);
    expect(chores.every((c: any) => c.rhythm === undefined && c.who === undefined)).toBe(true);
  });
});
