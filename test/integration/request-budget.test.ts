/** The dashboard, the children list and a child's own view cost a bounded number of DynamoDB requests. */
import { describe, expect, it } from 'vitest';
import { assignmentFor, makeFamily, type Family } from './support/family';

async function budgets(f: Family) {
  const count = (r: { headers: Headers }) => Number(r.headers.get('x-dynamodb-requests'));
  return {
    dashboard: count(await f.parent.get('/api/dashboard')),
    children: count(await f.parent.get('/api/children')),
    childView: count(await f.kids[0]!.client.get('/api/child/assignments')),
    childContinuous: count(await f.kids[0]!.client.get('/api/child/continuous-assignments')),
    earningsHistory: count(await f.parent.get(`/api/children/${f.kids[0]!.id}/earnings-history?weeks=12`)),
  };
}

describe('request budget', () => {
  it('does not grow with the size of the family', async () => {
    // Prepare: a small family and a large one
    const small = await makeFamily({ kids: 1 });
    const large = await makeFamily({ kids: 6 });
    for (let i = 0; i < 20; i++) {
      await large.parent.post('/api/chores', { name: `Chore ${i}`, category: (['daily', 'weekly', 'continuous'] as const)[i % 3], amount: '1.25', difficultyLevel: 1 + (i % 4) });
    }
    for (const kid of large.kids) {
      await large.parent.post('/api/assignments', assignmentFor(large, kid.id, large.chores.daily.id));
      await large.parent.post('/api/continuous-assignments', { childId: kid.id, choreId: large.chores.continuous.id, daysOfWeek: [] });
    }
    await large.parent.post('/api/assignments/generate');
    // Act
    const a = await budgets(small);
    const b = await budgets(large);
    // Assess
    expect(b).toEqual(a);
    // Each includes the one read of the caller's session record (docs/data-model.md "Request budgets").
    expect(a.dashboard).toBeLessThanOrEqual(8);
    expect(a.children).toBeLessThanOrEqual(8);
    expect(a.childView).toBeLessThanOrEqual(9);
    expect(a.childContinuous).toBeLessThanOrEqual(6);
    // Session + family (time zone) + child (ownership) GetItems, then one Query of the child's week aggregates.
    expect(a.earningsHistory).toBe(4);
  });
});
