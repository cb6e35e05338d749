/**
 * The family API's children (split from family-api.test.ts): creating, listing, updating a child and
 * its chore settings and login, Reset Earnings into a payout, deleting a child, and a child's earnings
 * per week. Each describe makes its own family.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../shared/time';
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

/** $4.75 from 3 ticks two weeks ago, as the tick transaction writes a week's aggregate; answers that week's start. */
async function earnedTwoWeeksAgo(f: Family, kidId: string): Promise<string> {
  const { doc, tableName } = testDb();
  const familyId = (await f.parent.get('/api/auth/parent-user')).body.familyId as string;
  const twoWeeksAgo = addDays(f.clock.weekStart, -14);
  const sk = `EARN#W#${twoWeeksAgo}#${kidId}`;
  await doc.send(new PutCommand({ TableName: tableName, Item: { PK: `FAMILY#${familyId}`, SK: sk, GSI1PK: `CHILD#${kidId}`, GSI1SK: sk, type: 'WeekEarnings', childId: kidId, period: twoWeeksAgo, cents: 475, count: 3 } }));
  return twoWeeksAgo;
}

describe('earnings history', () => {
  it('answers a child\'s earnings per week for the last 12 weeks from the week aggregates, unchanged by Reset Earnings', async () => {
    // Prepare: two weeks ago earned $4.75 (an aggregate as the tick transaction writes it), today's chore ticked
    const f = await makeFamily({ kids: 2 });
    const [kid, other] = f.kids as [Family['kids'][number], Family['kids'][number]];
    const twoWeeksAgo = await earnedTwoWeeksAgo(f, kid.id);
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

describe("the parent's screens in one call (issue 31)", () => {
  it('answers the dashboard with the same user, children, chores, waiting ticks and earnings histories as the calls it makes unnecessary', async () => {
    // Prepare: a tick waiting for an OK, a tick paid out this week, and earnings two weeks ago
    const f = await makeFamily({ kids: 2 });
    const [kid, other] = f.kids as [Family['kids'][number], Family['kids'][number]];
    const familyId = (await f.parent.get('/api/auth/parent-user')).body.familyId as string;
    await earnedTwoWeeksAgo(f, kid.id);
    const gated = (await f.parent.post('/api/chores', { name: 'Gated', category: 'daily', amount: '1.00', difficultyLevel: 1, needsApproval: true })).body;
    const waiting = await f.parent.post('/api/assignments', assignmentFor(f, kid.id, gated.id));
    const paid = await f.parent.post('/api/assignments', assignmentFor(f, other.id, f.chores.daily.id));
    await kid.client.post('/api/child/complete-assignment', { assignmentId: waiting.body.id, completed: true });
    await other.client.post('/api/child/complete-assignment', { assignmentId: paid.body.id, completed: true });
    await f.parent.post(`/api/children/${other.id}/reset-earnings`, {});
    const stranger = await makeFamily({ kids: 1 });
    // Act
    const [screen, user, children, chores, approvals, ...histories] = await Promise.all([
      f.parent.get('/api/dashboard'),
      f.parent.get('/api/auth/parent-user'),
      f.parent.get('/api/children'),
      f.parent.get('/api/chores'),
      f.parent.get('/api/family/approvals'),
      ...f.kids.map((k) => f.parent.get(`/api/children/${k.id}/earnings-history?weeks=12`)),
    ]);
    // Assess: the spec's dashboard, with the other answers inside it
    expect(screen.status).toBe(200);
    expect(screen.body).toMatchObject({ weekStart: f.clock.weekStart, stats: { activeChildren: 2 }, weekToDateEarned: expect.any(String), monthToDateEarned: expect.any(String), yearToDateEarned: expect.any(String) });
    expect(screen.body.user).toEqual(user.body);
    expect(screen.body.children).toEqual(children.body);
    expect(screen.body.chores).toEqual(chores.body);
    expect(screen.body.approvals).toEqual(approvals.body);
    expect(screen.body.approvals.count).toBe(1);
    // In the children's order (by name), as each child's own call answers it.
    const byChild = new Map(histories.map((h) => [h.body.childId as string, h.body]));
    expect(screen.body.earningsHistories).toEqual(children.body.map((c: { id: string }) => byChild.get(c.id)));
    expect(byChild.get(kid.id).total).toBe('4.75');
    expect(byChild.get(other.id).weeks.at(-1)).toMatchObject({ amount: '0.50', paid: '0.50' });
    // The same authorization: a parent's call only, and the caller's own family only.
    expect((await kid.client.get('/api/dashboard')).status).toBe(401);
    expect((await new TestClient().get('/api/dashboard')).status).toBe(401);
    const theirs = await stranger.parent.get('/api/dashboard');
    expect(theirs.body.user.familyId).not.toBe(familyId);
    expect(theirs.body).toMatchObject({ chores: expect.any(Array), approvals: { count: 0, children: [] } });
    expect(theirs.body.earningsHistories.map((h: { childId: string }) => h.childId)).toEqual([stranger.kids[0]!.id]);
    for (const id of [familyId, kid.id, other.id, gated.id, waiting.body.id]) expect(theirs.text).not.toContain(id);
  });
});
