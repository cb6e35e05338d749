import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, dateInWeek, startOfLocalDay, WEEKDAYS } from '../../shared/time';
import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { testDb, TestClient, uniqueName } from './support/client';
import { assignmentFor, makeFamily, type Family } from './support/family';

describe('children', () => {
  let f: Family;
  beforeAll(async () => {
    f = await makeFamily({ kids: 1 });
  });

  it('creates a child with the spec defaults and lists it with every field', async () => {
    const created = await f.parent.post('/api/children', { displayName: '  Zoe ', age: '9', profileImageUrl: '', maxDifficultyLevel: 3 });
    const list = await f.parent.get('/api/children');
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ displayName: 'Zoe', age: 9, maxDifficultyLevel: 3, dailyChoresCount: 3, weeklyChoresCount: 2, continuousChoresCount: 2 });
    expect(created.body).not.toHaveProperty('profileImageUrl');
    const zoe = list.body.find((c: any) => c.id === created.body.id);
    expect(zoe).toMatchObject({ weeklyEarnings: '0.00', weekToDateEarned: '0.00', monthToDateEarned: '0.00', completedCount: 0, totalCount: 0, assignments: [] });
  });

  it.each([
    [{ displayName: '' }, 'Name is required'],
    [{ displayName: 'A', age: 0 }, 'Age must be a whole number from 1 to 18'],
    [{ displayName: 'A', age: 19 }, 'Age must be a whole number from 1 to 18'],
    [{ displayName: 'A', age: 2.5 }, 'Age must be a whole number from 1 to 18'],
    [{ displayName: 'A', profileImageUrl: 'javascript:alert(1)' }, 'Profile picture must be a valid http(s) URL'],
    [{ displayName: 'A', maxDifficultyLevel: 6 }, 'Max difficulty must be from 1 to 5'],
  ])('refuses child %j', async (body, message) => {
    const res = await f.parent.post('/api/children', body);
    expect(res).toMatchObject({ status: 400, body: { message } });
  });

  it('updates a profile and clears optional fields', async () => {
    const id = f.kids[0]!.id;
    const res = await f.parent.put(`/api/children/${id}`, { displayName: 'Renamed', age: '', profileImageUrl: 'https://example.com/me.png', maxDifficultyLevel: 2 });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ displayName: 'Renamed', profileImageUrl: 'https://example.com/me.png', maxDifficultyLevel: 2 });
    expect(res.body).not.toHaveProperty('age');
  });

  it('saves chore settings 0–10, blank as 0', async () => {
    const id = f.kids[0]!.id;
    const ok = await f.parent.put(`/api/children/${id}/chore-settings`, { dailyChoresCount: '4', weeklyChoresCount: '', continuousChoresCount: 10 });
    const bad = await f.parent.put(`/api/children/${id}/chore-settings`, { dailyChoresCount: 11, weeklyChoresCount: 1, continuousChoresCount: 1 });
    expect(ok.body).toMatchObject({ dailyChoresCount: 4, weeklyChoresCount: 0, continuousChoresCount: 10 });
    expect(bad).toMatchObject({ status: 400, body: { message: 'Each count must be a whole number from 0 to 10' } });
  });

  it('keeps usernames unique product-wide, and re-setting keeps the same child', async () => {
    const other = await makeFamily({ kids: 1 });
    const taken = await f.parent.post(`/api/children/${f.kids[0]!.id}/credentials`, { username: other.kids[0]!.username.toUpperCase(), password: 'x1' });
    const again = await f.parent.post(`/api/children/${f.kids[0]!.id}/credentials`, { username: f.kids[0]!.username, password: 'newpass' });
    const renamed = uniqueName('renamed');
    const moved = await f.parent.post(`/api/children/${f.kids[0]!.id}/credentials`, { username: renamed, password: 'newpass' });
    const oldLogin = await new TestClient().post('/api/auth/child-login', { username: f.kids[0]!.username, password: 'newpass' });
    const newLogin = await new TestClient().post('/api/auth/child-login', { username: renamed, password: 'newpass' });
    const empty = await f.parent.post(`/api/children/${f.kids[0]!.id}/credentials`, { username: 'x', password: '' });
    expect(taken).toMatchObject({ status: 409, body: { message: 'This username is already taken' } });
    expect(again.status).toBe(200);
    expect(moved.status).toBe(200);
    expect(oldLogin.status).toBe(401);
    expect(newLogin.body.id).toBe(f.kids[0]!.id);
    expect(empty).toMatchObject({ status: 400, body: { message: 'Please enter both username and password' } });
    f.kids[0]!.username = renamed;
  });

  it('answers unknown ids with 404', async () => {
    const id = 'no-such-child';
    for (const res of [
      await f.parent.put(`/api/children/${id}`, { displayName: 'X' }),
      await f.parent.delete(`/api/children/${id}`),
      await f.parent.post(`/api/children/${id}/reset-earnings`),
      await f.parent.put(`/api/children/${id}/chore-settings`, {}),
      await f.parent.post(`/api/children/${id}/credentials`, { username: uniqueName(), password: 'abc123' }),
      await f.parent.get(`/api/children/${id}/calendar`),
    ]) {
      expect(res).toMatchObject({ status: 404, body: { message: 'Child not found' } });
    }
  });
});

describe('chores', () => {
  let f: Family;
  beforeAll(async () => {
    f = await makeFamily({ kids: 1 });
  });

  it('round-trips every cent value the form can send', async () => {
    for (const amount of ['0.01', '0.25', '1.1', '2.675', 19.99, '100']) {
      const res = await f.parent.post('/api/chores', { name: `C ${amount}`, category: 'weekly', amount, difficultyLevel: 2 });
      const expected = amount === '2.675' ? null : typeof amount === 'number' ? amount.toFixed(2) : Number(amount).toFixed(2);
      if (expected === null) {
        expect(res.status).toBe(400);
      } else {
        expect(res.body.amount).toBe(expected);
      }
    }
  });

  it.each([
    [{ name: '', category: 'daily', amount: '1', difficultyLevel: 3 }, 'Chore name is required'],
    [{ name: 'A', category: 'daily', amount: '0', difficultyLevel: 3 }, 'Amount must be greater than 0'],
    [{ name: 'A', category: 'daily', amount: '-1', difficultyLevel: 3 }, 'Amount must be greater than 0'],
    [{ name: 'A', category: 'daily', amount: 'abc', difficultyLevel: 3 }, 'Amount must be a dollar amount with at most 2 decimals'],
    [{ name: 'A', category: 'daily', amount: '1' }, 'Difficulty level is required'],
    [{ name: 'A', category: 'daily', amount: '1', difficultyLevel: 6 }, 'Difficulty level is required'],
    [{ name: 'A', category: 'hourly', amount: '1', difficultyLevel: 3 }, 'Category must be daily, weekly or continuous'],
    [{ name: 'A', amount: '1', difficultyLevel: 3 }, 'Category must be daily, weekly or continuous'],
    [{ name: 'A', category: 'daily', amount: '1', difficultyLevel: true }, 'Difficulty level is required'],
    [{ name: 'A', category: 'daily', amount: '1', difficultyLevel: [4] }, 'Difficulty level is required'],
    [{ name: 'A', category: 'daily', amount: '1', difficultyLevel: '' }, 'Difficulty level is required'],
    [{ name: 'A', category: 'daily', amount: '1', difficultyLevel: 2.5 }, 'Difficulty level is required'],
  ])('refuses chore %j', async (body, message) => {
    expect(await f.parent.post('/api/chores', body)).toMatchObject({ status: 400, body: { message } });
  });

  it('updates a chore and answers 404 for unknown ones', async () => {
    const upd = await f.parent.put(`/api/chores/${f.chores.daily.id}`, { name: 'Make the bed', description: 'Tidy', category: 'daily', amount: '0.75', difficultyLevel: 2 });
    const missing = await f.parent.put('/api/chores/nope', { name: 'X', category: 'daily', amount: '1', difficultyLevel: 1 });
    const del = await f.parent.delete('/api/chores/nope');
    expect(upd.body).toMatchObject({ name: 'Make the bed', description: 'Tidy', amount: '0.75', difficultyLevel: 2 });
    expect(missing).toMatchObject({ status: 404, body: { message: 'Chore not found' } });
    expect(del.status).toBe(404);
  });

  it('deleting a chore removes its pending assignments but keeps completed history and earnings', async () => {
    const g = await makeFamily({ kids: 1 });
    const kid = g.kids[0]!;
    const done = await g.parent.post('/api/assignments', assignmentFor(g, kid.id, g.chores.daily.id));
    const tomorrow = addDays(g.clock.today, 1);
    const pending = tomorrow < addDays(g.clock.weekStart, 7) ? await g.parent.post('/api/assignments', assignmentFor(g, kid.id, g.chores.daily.id, tomorrow)) : null;
    await g.parent.put(`/api/assignments/${done.body.id}/complete`, { completed: true });
    const del = await g.parent.delete(`/api/chores/${g.chores.daily.id}`);
    const child = (await g.parent.get('/api/children')).body[0];
    expect(del.status).toBe(200);
    expect(child.assignments.map((a: any) => a.id)).toContain(done.body.id);
    if (pending) expect(child.assignments.map((a: any) => a.id)).not.toContain(pending.body.id);
    expect(child.assignments.find((a: any) => a.id === done.body.id).chore.name).toBe('Make bed');
    expect(child.weekToDateEarned).toBe('0.50');
  });
});

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

describe('earnings, reset, delete child', () => {
  it('resets earnings into a payout without deleting history, and the report shows both', async () => {
    const f = await makeFamily({ kids: 1 });
    const kid = f.kids[0]!;
    const a = await f.parent.post('/api/assignments', assignmentFor(f, kid.id, f.chores.weekly.id));
    await kid.client.post('/api/child/complete-assignment', { assignmentId: a.body.id, completed: true });
    const before = (await f.parent.get('/api/dashboard')).body;
    const reset = await f.parent.post(`/api/children/${kid.id}/reset-earnings`);
    const after = (await f.parent.get('/api/dashboard')).body;
    const report = await f.parent.get('/api/reports/weekly');
    expect(before.children[0]).toMatchObject({ weeklyEarnings: '3.25', weekToDateEarned: '3.25', completedCount: 1 });
    expect(before.stats).toMatchObject({ completed: 1, totalEarnings: '3.25', activeChildren: 1 });
    expect(reset.body.payout.amount).toBe('3.25');
    expect(after.children[0]).toMatchObject({ weeklyEarnings: '0.00', weekToDateEarned: '0.00', monthToDateEarned: '0.00', yearToDateEarned: '0.00', completedCount: 0 });
    expect(after.children[0].assignments.find((x: any) => x.id === a.body.id).isCompleted).toBe(true);
    // The shown completed count starts again from zero, but the ticked chore is not pending again.
    expect(after.stats).toMatchObject({ completed: 0, pending: before.stats.pending, totalEarnings: '0.00' });
    expect(before.stats.pending).toBe(before.children[0].totalCount - 1);
    expect(report.headers.get('content-type')).toMatch(/text\/html/);
    expect(report.text).toContain('Kid 1');
    expect(report.text).toMatch(/earned <strong>\$3\.25<\/strong> this week/);
    expect(report.text).toContain('paid out $3.25');
    // The paid completion stays ticked: unticking it is refused, and no figure moves.
    expect(after.children[0].assignments.find((x: any) => x.id === a.body.id).isPaid).toBe(true);
    const untick = await f.parent.put(`/api/assignments/${a.body.id}/complete`, { completed: false });
    expect(untick).toMatchObject({ status: 409, body: { message: 'This chore was already paid out, so it stays ticked.' } });
    const undone = (await f.parent.get('/api/dashboard')).body.children[0];
    expect(undone).toMatchObject({ weeklyEarnings: '0.00', weekToDateEarned: '0.00', completedCount: 0 });
  });

  it('deletes a child with its assignments and leaves its sibling untouched', async () => {
    const f = await makeFamily({ kids: 2 });
    const [a, b] = f.kids as [Family['kids'][0], Family['kids'][0]];
    await f.parent.post('/api/assignments', assignmentFor(f, a.id, f.chores.daily.id));
    const bs = await f.parent.post('/api/assignments', assignmentFor(f, b.id, f.chores.daily.id));
    await f.parent.post('/api/continuous-assignments', { childId: a.id, choreId: f.chores.continuous.id, daysOfWeek: [] });
    await f.parent.post('/api/assignments/generate');
    const familyId = (await f.parent.get('/api/auth/parent-user')).body.familyId;
    const stored = async (childId: string) => {
      const { doc, tableName } = testDb();
      const out = await doc.send(new QueryCommand({ TableName: tableName, KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': `FAMILY#${familyId}` }, ConsistentRead: true }));
      return (out.Items ?? []).filter((i) => i.childId === childId);
    };
    // Its hand-made chore-day at least (Reassign gives each day's one-at-a-time chore to one child, so maybe no more), and its ongoing chore.
    const before = await stored(a.id);
    expect(before.filter((i) => i.type === 'Assignment').length).toBeGreaterThanOrEqual(1);
    expect(before.filter((i) => i.type !== 'Assignment' && i.type !== 'Child').length).toBeGreaterThanOrEqual(1);
    const del = await f.parent.delete(`/api/children/${a.id}`);
    const kids = (await f.parent.get('/api/children')).body;
    const login = await new TestClient().post('/api/auth/child-login', { username: a.username, password: a.password });
    const oldSession = await a.client.get('/api/child/assignments');
    expect(del.status).toBe(200);
    expect(kids.map((k: any) => k.id)).toEqual([b.id]);
    expect(kids[0].assignments.map((x: any) => x.id)).toContain(bs.body.id);
    expect(kids[0].assignments.every((x: any) => x.childId === b.id)).toBe(true);
    expect(login.status).toBe(401);
    expect(oldSession.status).toBe(401);
    // Nothing of the child is left in the table (its dated assignments are not in the child index).
    expect(await stored(a.id)).toEqual([]);
    expect((await stored(b.id)).length).toBeGreaterThan(0);
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

describe('ids in the path', () => {
  it('answers over-long and malformed ids with 404, never a 500', async () => {
    const f = await makeFamily({ kids: 1 });
    const kid = f.kids[0]!.id;
    const long = 'x'.repeat(1100);
    const calls: [string, string, unknown?][] = [
      ['PUT', `/api/children/${long}`, { displayName: 'X' }],
      ['DELETE', `/api/children/${long}`],
      ['GET', `/api/children/${long}/calendar`],
      ['PUT', `/api/children/${long}/chore-settings`, { dailyChoresCount: 1, weeklyChoresCount: 1, continuousChoresCount: 1 }],
      ['POST', `/api/children/${long}/credentials`, { username: uniqueName('u'), password: 'pass123' }],
      ['POST', `/api/children/${long}/reset-earnings`],
      ['PUT', `/api/chores/${long}`, { name: 'X', category: 'daily', amount: '1', difficultyLevel: 1 }],
      ['DELETE', `/api/chores/${long}`],
      ['PUT', `/api/assignments/${long}/complete`, { completed: true }],
      ['DELETE', `/api/assignments/child/${long}/week`, { weekStart: f.clock.weekStart }],
      ['DELETE', `/api/continuous-assignments/child/${kid}/chore/${long}`],
      ['GET', '/api/children/%E0%A4%A/calendar'],
    ];
    for (const [method, path, body] of calls) {
      const res = await f.parent.request(method, path, body);
      expect(res.status, `${method} ${path.slice(0, 60)}`).toBe(404);
      expect(typeof res.body?.message, `${method} ${path.slice(0, 60)}`).toBe('string');
    }
    expect((await f.parent.request('PUT', `/api/children/${long}`, { displayName: 'X' })).body).toEqual({ message: 'Child not found' });
    expect((await f.parent.request('DELETE', `/api/chores/${long}`)).body).toEqual({ message: 'Chore not found' });
  });
});

describe('earnings history', () => {
  it('answers a child\'s earnings per week for the last 12 weeks from the week aggregates, unchanged by Reset Earnings', async () => {
    // Prepare: two weeks ago earned $4.75 (an aggregate as the tick transaction writes it), today's chore ticked
    const f = await makeFamily({ kids: 2 });
    const [kid, other] = f.kids as [Family['kids'][number], Family['kids'][number]];
    const { doc, tableName } = testDb();
    const familyId = (await f.parent.get('/api/auth/parent-user')).body.familyId as string;
    const twoWeeksAgo = addDays(f.clock.weekStart, -14);
    const sk = `EARN#W#${twoWeeksAgo}#${kid.id}`;
    await doc.send(new PutCommand({ TableName: tableName, Item: { PK: `FAMILY#${familyId}`, SK: sk, GSI1PK: `CHILD#${kid.id}`, GSI1SK: sk, type: 'WeekEarnings', childId: kid.id, period: twoWeeksAgo, cents: 475, count: 3 } }));
    const today = await f.parent.post('/api/assignments', assignmentFor(f, kid.id, f.chores.daily.id));
    await f.parent.post('/api/assignments', assignmentFor(f, other.id, f.chores.weekly.id));
    await kid.client.post('/api/child/complete-assignment', { assignmentId: today.body.id, completed: true });
    // Act
    const history = await f.parent.get(`/api/children/${kid.id}/earnings-history?weeks=12`);
    const byDefault = await f.parent.get(`/api/children/${kid.id}/earnings-history`);
    await f.parent.post(`/api/children/${kid.id}/reset-earnings`, {});
    const afterReset = await f.parent.get(`/api/children/${kid.id}/earnings-history`);
    const three = await f.parent.get(`/api/children/${kid.id}/earnings-history?weeks=3`);
    const otherKid = await f.parent.get(`/api/children/${other.id}/earnings-history`);
    // Assess
    expect(history.status).toBe(200);
    expect(history.body.childId).toBe(kid.id);
    expect(history.body.weeks).toHaveLength(12);
    expect(history.body.weeks[0].weekStart).toBe(addDays(f.clock.weekStart, -77));
    expect(history.body.weeks[11]).toEqual({ weekStart: f.clock.weekStart, amount: '0.50', completed: 1, paid: '0.00', saved: '0.00', gave: '0.00' });
    expect(history.body.weeks[9]).toEqual({ weekStart: twoWeeksAgo, amount: '4.75', completed: 3, paid: '0.00', saved: '0.00', gave: '0.00' });
    expect(history.body.weeks.filter((w: { amount: string }) => w.amount !== '0.00')).toHaveLength(2);
    expect(history.body.total).toBe('5.25');
    expect(byDefault.body).toEqual(history.body);
    // Resetting changes no earnings; the week shows what was paid out in it (issue 22).
    expect(afterReset.body).toEqual({ ...history.body, weeks: history.body.weeks.map((w: { weekStart: string }) => (w.weekStart === f.clock.weekStart ? { ...w, paid: '0.50' } : w)) });
    expect(three.body.weeks.map((w: { weekStart: string }) => w.weekStart)).toEqual([addDays(f.clock.weekStart, -14), addDays(f.clock.weekStart, -7), f.clock.weekStart]);
    expect(otherKid.body.total).toBe('0.00');
  });

  it('refuses a bad weeks value with 400 and an unknown child with 404', async () => {
    const f = await makeFamily({ kids: 1 });
    for (const weeks of ['0', '53', 'abc', '1.5', '-1', '12abc']) {
      expect(await f.parent.get(`/api/children/${f.kids[0]!.id}/earnings-history?weeks=${weeks}`), weeks).toMatchObject({ status: 400, body: { message: 'weeks must be a whole number from 1 to 52' } });
    }
    expect(await f.parent.get('/api/children/no-such-child/earnings-history')).toMatchObject({ status: 404, body: { message: 'Child not found' } });
  });
});

