/**
 * The family API's chores (split from family-api.test.ts): amounts, validation, updates and deletion
 * (history kept), and ids in the path that no route can hold answered 404. Each describe makes its
 * own family.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../shared/time';
import { uniqueName } from './support/client';
import { assignmentFor, makeFamily, type Family } from './support/family';

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
