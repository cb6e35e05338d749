/**
 * Money is paid once (issue 10, items 1 and 2): a chore-day paid by Reset Earnings is not paid again
 * however it is unticked and ticked, a chore-day has one assignment whoever made it, and Reset
 * Earnings racing an untick never drives owed or a payout below zero (the invariants of
 * support/money-invariants.ts hold after each race). The random interleavings (item 3, issue 19,
 * issue 22): money-ledger-model.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { API_ERRORS } from '../../shared/messages';
import { assignmentFor } from './support/family';
import { newFamily, reset, snapshot, toggle } from './support/money-family';
import { assertInvariants } from './support/money-invariants';

describe('money is paid once', () => {
  it('does not pay a chore-day again after Reset Earnings, however it is unticked and ticked (item 1)', async () => {
    const r = await newFamily();
    const kid = r.f.kids[0]!;
    const vacuum = (await r.f.parent.post('/api/assignments', assignmentFor(r.f, kid.id, r.f.chores.weekly.id))).body;
    const payouts: string[] = [];
    for (let round = 0; round < 3; round++) {
      await kid.client.post('/api/child/complete-assignment', { assignmentId: vacuum.id, completed: true });
      const res = await r.f.parent.post(`/api/children/${kid.id}/reset-earnings`);
      payouts.push(res.body.payout.amount);
      const byChild = await kid.client.post('/api/child/complete-assignment', { assignmentId: vacuum.id, completed: false });
      const byParent = await r.f.parent.put(`/api/assignments/${vacuum.id}/complete`, { completed: false });
      expect(byChild).toMatchObject({ status: 409, body: { message: API_ERRORS.alreadyPaid } });
      expect(byParent).toMatchObject({ status: 409, body: { message: API_ERRORS.alreadyPaid } });
    }
    const mine = (await kid.client.get('/api/child/assignments')).body;
    // Only the first reset paid the chore (plus whatever else was done then): later ones paid nothing.
    expect(payouts.slice(1)).toEqual(['0.00', '0.00']);
    expect(mine.assignments.find((a: any) => a.id === vacuum.id)).toMatchObject({ isCompleted: true, isPaid: true });
    expect(mine.earnings.weekToDate).toBe('0.00');
  });

  it('gives a chore-day one assignment, whether the planner or a parent made it', async () => {
    const r = await newFamily();
    const kid = r.f.kids[1]!;
    const planned = (await r.f.parent.get('/api/children')).body
      .find((c: any) => c.id === kid.id)
      .assignments.find((a: any) => a.source === 'generated' && !a.isContinuous);
    if (!planned) return; // the planner gave this child nothing dated this week
    const manual = await r.f.parent.post('/api/assignments', { childId: kid.id, choreId: planned.choreId, weekStart: planned.weekStart, assignedDate: planned.assignedDate, dayOfWeek: planned.dayOfWeek });
    expect(manual).toMatchObject({ status: 200, body: { id: planned.id, source: 'manual' } });
  });

  it('never lets Reset Earnings racing an untick drive owed or a payout below zero (item 2)', async () => {
    const r = await newFamily();
    const before = await snapshot(r);
    let prev = before;
    for (let i = 0; i < 8; i++) {
      const item = prev.items[0]![i % prev.items[0]!.length]!;
      await toggle(r, item, true, 'child');
      const mid = await snapshot(r);
      const replies = await Promise.all([reset(r, 0), toggle(r, item, false, i % 2 ? 'child' : 'parent'), toggle(r, item, false, 'parent')]);
      for (const res of replies) expect([200, 409]).toContain(res.status);
      const after = await snapshot(r);
      assertInvariants(r, after, mid);
      prev = after;
    }
  });
});
