/**
 * The family API's assignments (split from family-api.test.ts): manual assignments, ticking once and
 * on the right day, continuous chores, clearing a week, and the calendar and child views of this week
 * and others. Each describe makes its own family.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, dateInWeek, startOfLocalDay, WEEKDAYS } from '../../shared/time';
import { SCREEN_HEADER, WHOLE_SCREEN } from '../../shared/start-data';
import { assignmentFor, makeFamily, type Family } from './support/family';

describe('assignments and completion', () => {
  let f: Family;
  beforeAll(async () => {
    f = await makeFamily({ kids: 2 });
  });

  it('creates a manual assignment once, even when sent twice', async () => {
    const body = assignmentFor(f, f.kids[0]!.id, f.chores.weekly.id);
    const first = await f.parent.post('/api/assignments', body);
    const second = await f.parent.post('/api/assignments', body);
    expect(first.status).toBe(201);
    expect(second.status).toBe(200);
    expect(second.body.id).toBe(first.body.id);
    expect(first.body).toMatchObject({ dayOfWeek: f.clock.weekday, weekStart: f.clock.weekStart, isCompleted: false, chore: { name: 'Vacuum', amount: '3.25' } });
  });

  it('validates assignment payloads', async () => {
    const kid = f.kids[0]!.id;
    expect(await f.parent.post('/api/assignments', { ...assignmentFor(f, kid, f.chores.weekly.id), weekStart: addDays(f.clock.weekStart, 1) })).toMatchObject({ status: 400, body: { message: 'weekStart must be a Sunday' } });
    expect(await f.parent.post('/api/assignments', { ...assignmentFor(f, kid, f.chores.weekly.id), dayOfWeek: 'Funday' })).toMatchObject({ status: 400 });
    for (const bad of [{ assignedDate: 'garbage' }, { weekStart: 'x' }, { assignedDate: `${f.clock.today}T25:00:00.000Z` }, { assignedDate: 42 }]) {
      expect(await f.parent.post('/api/assignments', { ...assignmentFor(f, kid, f.chores.weekly.id), ...bad })).toMatchObject({ status: 400, body: { message: 'Dates must be ISO dates (YYYY-MM-DD)' } });
    }
    expect(await f.parent.post('/api/assignments', assignmentFor(f, kid, 'nope'))).toMatchObject({ status: 404, body: { message: 'Chore not found' } });
    expect(await f.parent.post('/api/assignments', assignmentFor(f, 'nope', f.chores.weekly.id))).toMatchObject({ status: 404, body: { message: 'Child not found' } });
    expect(await f.parent.post('/api/assignments', assignmentFor(f, kid, f.chores.continuous.id))).toMatchObject({ status: 400, body: { message: 'Use a continuous assignment for continuous chores' } });
    expect(await f.parent.post('/api/assignments', assignmentFor(f, kid, f.chores.hard.id))).toMatchObject({ status: 400, body: { message: "This chore is above the child's difficulty limit" } });
  });

  it('ticks once: re-ticking changes nothing and earnings are counted once', async () => {
    const kid = f.kids[1]!;
    const a = await f.parent.post('/api/assignments', assignmentFor(f, kid.id, f.chores.daily.id));
    const t1 = await kid.client.post('/api/child/complete-assignment', { assignmentId: a.body.id, completed: true });
    const t2 = await kid.client.post('/api/child/complete-assignment', { assignmentId: a.body.id, completed: true });
    const t3 = await f.parent.put(`/api/assignments/${a.body.id}/complete`, { completed: true });
    const mine = await kid.client.get('/api/child/assignments');
    expect([t1.status, t2.status, t3.status]).toEqual([200, 200, 200]);
    expect(t2.body.completedAt).toBe(t1.body.completedAt);
    expect(mine.body.earnings).toMatchObject({ today: '0.50', weekToDate: '0.50', monthToDate: '0.50', yearToDate: '0.50' });
    const untick = await f.parent.put(`/api/assignments/${a.body.id}/complete`, { completed: false });
    expect(untick.body.isCompleted).toBe(false);
    expect((await kid.client.get('/api/child/assignments')).body.earnings.weekToDate).toBe('0.00');
  });

  it('lets a weekly chore be ticked only on its assigned day', async () => {
    const kid = f.kids[0]!;
    const other = WEEKDAYS.find((d) => d !== f.clock.weekday && dateInWeek(f.clock.weekStart, d) < f.clock.today);
    if (!other) return; // Sunday: there is no earlier day this week to try
    const a = await f.parent.post('/api/assignments', assignmentFor(f, kid.id, f.chores.weekly.id, dateInWeek(f.clock.weekStart, other)));
    const res = await kid.client.post('/api/child/complete-assignment', { assignmentId: a.body.id, completed: true });
    expect(res).toMatchObject({ status: 400, body: { message: 'This chore can only be ticked on its assigned day' } });
  });

  it('refuses to tick a dated chore before its day', async () => {
    const kid = f.kids[0]!;
    const later = addDays(f.clock.today, 1);
    if (later >= addDays(f.clock.weekStart, 7)) return; // Saturday: no later day this week
    const a = await f.parent.post('/api/assignments', assignmentFor(f, kid.id, f.chores.daily.id, later));
    const res = await f.parent.put(`/api/assignments/${a.body.id}/complete`, { completed: true });
    expect(res).toMatchObject({ status: 400, body: { message: "This chore's day has not come yet" } });
  });

  it("lets a child tick only its own assignments", async () => {
    const [a, b] = f.kids as [Family['kids'][0], Family['kids'][0]];
    const mine = await f.parent.post('/api/assignments', assignmentFor(f, a.id, f.chores.daily.id));
    const res = await b.client.post('/api/child/complete-assignment', { assignmentId: mine.body.id, completed: true });
    expect(res).toMatchObject({ status: 404, body: { message: 'Assignment not found' } });
  });

  it('completes a continuous chore per day and deletes it', async () => {
    const kid = f.kids[0]!;
    const created = await f.parent.post('/api/continuous-assignments', { childId: kid.id, choreId: f.chores.continuous.id, daysOfWeek: [] });
    const notContinuous = await f.parent.post('/api/continuous-assignments', { childId: kid.id, choreId: f.chores.daily.id, daysOfWeek: [] });
    const tick = await kid.client.post('/api/child/complete-assignment', { assignmentId: created.body.id, completed: true });
    const list = await kid.client.get('/api/child/continuous-assignments');
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ isContinuous: true, daysOfWeek: [], chore: { name: 'Read' } });
    expect(notContinuous).toMatchObject({ status: 400, body: { message: 'Only continuous chores can be assigned continuously' } });
    expect(tick.body).toMatchObject({ isCompleted: true, completedDates: [f.clock.today], earned: '1.00' });
    expect(list.body.assignments).toHaveLength(1);
    const del = await f.parent.delete(`/api/continuous-assignments/child/${kid.id}/chore/${f.chores.continuous.id}`);
    const again = await f.parent.delete(`/api/continuous-assignments/child/${kid.id}/chore/${f.chores.continuous.id}`);
    expect(del.status).toBe(200);
    expect(again.status).toBe(404);
  });

  it('clears a child\'s pending assignments of a week and keeps completed ones', async () => {
    const g = await makeFamily({ kids: 2 });
    const [a, b] = g.kids as [Family['kids'][0], Family['kids'][0]];
    const done = await g.parent.post('/api/assignments', assignmentFor(g, a.id, g.chores.daily.id));
    await g.parent.put(`/api/assignments/${done.body.id}/complete`, { completed: true });
    await g.parent.post('/api/assignments', assignmentFor(g, a.id, g.chores.weekly.id));
    const bs = await g.parent.post('/api/assignments', assignmentFor(g, b.id, g.chores.weekly.id));
    const bad = await g.parent.delete(`/api/assignments/child/${a.id}/week`, { weekStart: addDays(g.clock.weekStart, 2) });
    const res = await g.parent.delete(`/api/assignments/child/${a.id}/week`, { weekStart: g.clock.weekStart });
    const kids = (await g.parent.get('/api/children')).body;
    expect(bad).toMatchObject({ status: 400, body: { message: 'weekStart must be a Sunday' } });
    expect(res.body).toMatchObject({ removed: 1, kept: 1 });
    expect(kids.find((k: any) => k.id === a.id).assignments.map((x: any) => x.id)).toEqual([done.body.id]);
    expect(kids.find((k: any) => k.id === b.id).assignments.map((x: any) => x.id)).toEqual([bs.body.id]);
  });
});

describe('calendar and child views', () => {
  it('returns a child\'s week for the calendar, and other weeks on request', async () => {
    const f = await makeFamily({ kids: 1 });
    const kid = f.kids[0]!;
    await f.parent.post('/api/assignments', assignmentFor(f, kid.id, f.chores.daily.id));
    const cal = await f.parent.get(`/api/children/${kid.id}/calendar?weekStart=${f.clock.weekStart}`);
    const next = await f.parent.get(`/api/children/${kid.id}/calendar?weekStart=${addDays(f.clock.weekStart, 7)}`);
    const bad = await f.parent.get(`/api/children/${kid.id}/calendar?weekStart=2026-13-01`);
    const childNext = await kid.client.get(`/api/child/assignments?weekStart=${addDays(f.clock.weekStart, 7)}`);
    expect(cal.body).toMatchObject({ child: { displayName: 'Kid 1' }, weekStart: f.clock.weekStart });
    expect(cal.body.assignments).toHaveLength(1);
    expect(next.body.assignments).toHaveLength(0);
    expect(bad.status).toBe(400);
    expect(childNext.body).toMatchObject({ shownWeekStart: addDays(f.clock.weekStart, 7), weekStart: f.clock.weekStart, assignments: [] });
    for (const path of [`/api/children/${kid.id}/calendar?weekStart=garbage`, '/api/reports/weekly?weekStart=garbage']) {
      expect(await f.parent.get(path)).toMatchObject({ status: 400, body: { message: 'Dates must be ISO dates (YYYY-MM-DD)' } });
    }
    expect(await kid.client.get('/api/child/assignments?weekStart=garbage')).toMatchObject({ status: 400, body: { message: 'Dates must be ISO dates (YYYY-MM-DD)' } });
  });

  it("answers a child's whole dashboard in its week call: the same user and ongoing chores as the calls it makes unnecessary (issue 31)", async () => {
    // Prepare: a child with a daily chore ticked today and an ongoing chore
    const f = await makeFamily({ kids: 2 });
    const kid = f.kids[0]!;
    const daily = await f.parent.post('/api/assignments', assignmentFor(f, kid.id, f.chores.daily.id));
    await f.parent.post('/api/continuous-assignments', { childId: kid.id, choreId: f.chores.continuous.id, daysOfWeek: [] });
    expect((await kid.client.post('/api/child/complete-assignment', { assignmentId: daily.body.id, completed: true })).status).toBe(200);
    // A goal, so the savings have something to say
    expect((await kid.client.post('/api/child/goals', { name: 'Kite', target: '5.00', icon: 'toy' })).status).toBe(201);
    // Act
    const whole = { [SCREEN_HEADER]: WHOLE_SCREEN };
    const [week, user, ongoing, money, activity] = await Promise.all([
      kid.client.get('/api/child/assignments', whole),
      kid.client.get('/api/auth/child-user'),
      kid.client.get('/api/child/continuous-assignments'),
      kid.client.get('/api/child/money'),
      kid.client.get('/api/child/activity'),
    ]);
    // Assess: the spec's week, with the other four answers inside it
    expect(week.status).toBe(200);
    expect(week.body).toMatchObject({ child: { id: kid.id }, weekStart: f.clock.weekStart, shownWeekStart: f.clock.weekStart, completedCount: 1 });
    expect(week.body.user).toEqual(user.body);
    expect(week.body.continuous).toEqual(ongoing.body);
    expect(week.body.continuous.assignments).toHaveLength(1);
    expect(week.body.money).toEqual(money.body);
    expect(week.body.money.goals).toHaveLength(1);
    expect(week.body.activity).toEqual(activity.body);
    expect(week.body.activity.events.length).toBeGreaterThan(0);
    // The spec's call as a tick's refresh makes it (no header), and another week (the week
    // switcher's), are the week with the user and the ongoing chores: no savings or log to read.
    for (const path of ['/api/child/assignments', `/api/child/assignments?weekStart=${addDays(f.clock.weekStart, 7)}`]) {
      const alone = await kid.client.get(path);
      expect(alone.body.user).toEqual(user.body);
      expect(alone.body.money).toBeUndefined();
      expect(alone.body.activity).toBeUndefined();
    }
    expect((await kid.client.get(`/api/child/assignments?weekStart=${addDays(f.clock.weekStart, 7)}`, whole)).body.money).toBeUndefined();
    // Only the child's own: the other child sees their own empty week, name, savings and log.
    const other = await f.kids[1]!.client.get('/api/child/assignments', whole);
    expect(other.body).toMatchObject({ user: { id: f.kids[1]!.id }, child: { id: f.kids[1]!.id }, assignments: [], continuous: { assignments: [] }, money: { goals: [] }, activity: { events: [] } });
  });

  it('answers a later week as its Sunday job will hand it out when asked (plan=1), writing nothing (issue 29)', async () => {
    const f = await makeFamily({ kids: 1 });
    const kid = f.kids[0]!;
    const next = addDays(f.clock.weekStart, 7);
    const planned = await f.parent.get(`/api/children/${kid.id}/calendar?weekStart=${next}&plan=1`);
    expect(planned.body).toMatchObject({ weekStart: next, planned: true });
    const daily = planned.body.assignments.filter((a: any) => a.choreId === f.chores.daily.id);
    expect(daily.length).toBeGreaterThan(0);
    for (const a of daily) expect(a.assignedDate >= next && a.assignedDate <= addDays(next, 6)).toBe(true);
    // A plan, not a write: the stored week is still empty, and this week is as stored.
    expect((await f.parent.get(`/api/children/${kid.id}/calendar?weekStart=${next}`)).body.assignments).toHaveLength(0);
    const thisWeek = await f.parent.get(`/api/children/${kid.id}/calendar?weekStart=${f.clock.weekStart}&plan=1`);
    expect(thisWeek.body.planned).toBeUndefined();
  });

  it('takes a week named by the instant of local Sunday 00:00, which east of UTC is a Saturday in UTC', async () => {
    const f = await makeFamily({ kids: 1, timeZone: 'Europe/Berlin' });
    const kid = f.kids[0]!;
    await f.parent.post('/api/assignments', assignmentFor(f, kid.id, f.chores.weekly.id));
    // What the browser's `startOfWeek(new Date()).toISOString()` sends in Berlin.
    const instant = startOfLocalDay(f.clock.weekStart, 'Europe/Berlin').toISOString();
    expect(instant.slice(0, 10)).toBe(addDays(f.clock.weekStart, -1));
    const q = encodeURIComponent(instant);

    const cal = await f.parent.get(`/api/children/${kid.id}/calendar?weekStart=${q}`);
    expect(cal).toMatchObject({ status: 200, body: { weekStart: f.clock.weekStart } });
    expect(cal.body.assignments).toHaveLength(1);
    expect((await kid.client.get(`/api/child/assignments?weekStart=${q}`)).body).toMatchObject({ shownWeekStart: f.clock.weekStart });
    expect((await f.parent.get(`/api/reports/weekly?weekStart=${q}`)).status).toBe(200);
    // A UTC-midnight instant of the Sunday is read as that date too.
    expect((await f.parent.get(`/api/children/${kid.id}/calendar?weekStart=${f.clock.weekStart}T00:00:00.000Z`)).body).toMatchObject({ weekStart: f.clock.weekStart });
    // An instant that is no Sunday in either reading is refused.
    expect(await f.parent.get(`/api/children/${kid.id}/calendar?weekStart=${encodeURIComponent(startOfLocalDay(addDays(f.clock.weekStart, 3), 'Europe/Berlin').toISOString())}`)).toMatchObject({ status: 400, body: { message: 'weekStart must be a Sunday' } });

    const cleared = await f.parent.delete(`/api/assignments/child/${kid.id}/week`, { weekStart: instant });
    expect(cleared).toMatchObject({ status: 200, body: { weekStart: f.clock.weekStart, removed: 1 } });
  });
});
