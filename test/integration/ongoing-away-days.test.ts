/**
 * Ongoing chores and away days (issue 29 point 7, decision 053: away means nothing is due or
 * counts). An ongoing chore a child holds is not due on a day the child is away or the family is
 * paused: not on the child's list (isDue false, not in dueDates), in no count (the child's, the
 * card's, the dashboard's, the weekly report's), and a tick that day is refused with a clear message
 * and pays nothing. Whatever day of the week this runs on: the server's today decides.
 */
import { describe, expect, it } from 'vitest';
import { FORM_MESSAGES } from '../../shared/messages';
import { addDays } from '../../shared/time';
import { makeFamily, type Family } from './support/family';

const ongoingId = (f: Family) => `c.${f.kids[0]!.id}.${f.chores.continuous.id}`;

/** A family whose one child holds the ongoing chore "Read" every day from today on. */
async function familyWithOngoing(): Promise<Family> {
  const f = await makeFamily({ kids: 1 });
  const held = await f.parent.post('/api/continuous-assignments', { childId: f.kids[0]!.id, choreId: f.chores.continuous.id, daysOfWeek: [] });
  expect(held.status, held.text).toBe(201);
  return f;
}

async function counts(f: Family) {
  const kid = f.kids[0]!;
  const mine = (await kid.client.get('/api/child/assignments')).body;
  const card = (await f.parent.get('/api/children')).body.find((c: { id: string }) => c.id === kid.id);
  const dash = (await f.parent.get('/api/dashboard')).body;
  const report = (await f.parent.get('/api/reports/weekly')).text;
  const ongoing = mine.assignments.find((a: { isContinuous: boolean }) => a.isContinuous);
  return { mine, card, dash, report, ongoing };
}

describe('an ongoing chore on a day the child is away', () => {
  it('is not due today, is in no count, and a tick is refused with a clear message that pays nothing', async () => {
    const f = await familyWithOngoing();
    const kid = f.kids[0]!;
    const { today, weekStart } = f.clock;
    // Home: due every day from today on.
    const before = await counts(f);
    const daysAhead = [0, 1, 2, 3, 4, 5, 6].map((i) => addDays(weekStart, i)).filter((d) => d >= today);
    expect(before.ongoing).toMatchObject({ isDue: true, dueDates: daysAhead });
    expect(before.mine.totalCount).toBe(daysAhead.length);

    // Away today and tomorrow (a trip).
    const away = await f.parent.put(`/api/children/${kid.id}/availability`, { cycles: [], away: [{ from: today, to: addDays(today, 1), label: 'Trip' }], pause: null });
    expect(away.status, away.text).toBe(200);
    const after = await counts(f);
    const home = daysAhead.filter((d) => d !== today && d !== addDays(today, 1));
    expect(after.ongoing).toMatchObject({ isDue: false, isCompleted: false, dueDates: home });
    expect(after.mine.totalCount).toBe(home.length);
    expect(after.card).toMatchObject({ totalCount: home.length, completedCount: 0 });
    expect(after.dash.stats).toMatchObject({ completed: 0, pending: home.length });
    expect(after.report).toContain(`<strong>0</strong> of <strong>${home.length}</strong> chores done`);

    // The child's tick and a parent's are refused, and nothing is paid.
    const tick = await kid.client.post('/api/child/complete-assignment', { assignmentId: ongoingId(f), completed: true });
    expect(tick).toMatchObject({ status: 400, body: { message: FORM_MESSAGES.awayThatDay('Kid 1', 'Trip') } });
    const parentTick = await f.parent.put(`/api/assignments/${ongoingId(f)}/complete`, { completed: true });
    expect(parentTick).toMatchObject({ status: 400, body: { message: FORM_MESSAGES.awayThatDay('Kid 1', 'Trip') } });
    const money = await counts(f);
    expect(money.card).toMatchObject({ weeklyEarnings: '0.00', earnedToday: '0.00' });
    expect(money.mine.earnings.today).toBe('0.00');
  });

  it('a tick made before the day became an away day stays done and counted; back home, it is due again', async () => {
    const f = await familyWithOngoing();
    const kid = f.kids[0]!;
    const { today } = f.clock;
    expect((await kid.client.post('/api/child/complete-assignment', { assignmentId: ongoingId(f), completed: true })).status).toBe(200);
    await f.parent.put(`/api/children/${kid.id}/availability`, { cycles: [], away: [{ from: today, to: today }], pause: null });
    const away = await counts(f);
    expect(away.ongoing).toMatchObject({ isCompleted: true, isDue: true, earned: '1.00' });
    expect(away.mine.completedCount).toBe(1);
    expect(away.card.weeklyEarnings).toBe('1.00');
    await f.parent.put(`/api/children/${kid.id}/availability`, { cycles: [], away: [], pause: null });
    expect((await counts(f)).ongoing.dueDates).toContain(today);
  });

  it('the family’s pause works the same way', async () => {
    const f = await familyWithOngoing();
    const { today } = f.clock;
    const paused = await f.parent.put('/api/family/pause', { from: today, to: today });
    expect(paused.status, paused.text).toBe(200);
    const { ongoing, mine } = await counts(f);
    expect(ongoing).toMatchObject({ isDue: false });
    expect(ongoing.dueDates).not.toContain(today);
    expect(mine.totalCount).toBe(ongoing.dueDates.length);
    const tick = await f.kids[0]!.client.post('/api/child/complete-assignment', { assignmentId: ongoingId(f), completed: true });
    expect(tick).toMatchObject({ status: 400, body: { message: FORM_MESSAGES.awayThatDay('Kid 1', 'Family paused') } });
  });
});
