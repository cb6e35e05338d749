/**
 * Savings goals, spend / save / give jars and the child's history (issue 22, decision 054) over the
 * local stack: goals set by a parent (with a top-up) and by a child (without), progress with jars
 * off (earned since saving began) and on (the save jar, filled by a payout's split recorded on the
 * payout and its log event), weeks to go from the 4-week pace, a purchase (one ledger entry, one log
 * event, savings down, owed unchanged, never twice), jar withdrawals, the celebration once, the
 * limit of active goals, and every id checked against the caller's family and child.
 */
import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { FORM_MESSAGES, LEDGER_MESSAGES } from '../../shared/messages';
import { MAX_ACTIVE_GOALS, SAVINGS_MESSAGES } from '../../shared/savings-schemas';
import { addDays } from '../../shared/time';
import { testDb } from './support/client';
import { makeFamily, type Family } from './support/family';

const familyIdOf = async (f: Family): Promise<string> => (await f.parent.get('/api/auth/parent-user')).body.familyId as string;

async function partition(familyId: string, prefix: string): Promise<Record<string, any>[]> {
  const { doc, tableName } = testDb();
  const out = await doc.send(
    new QueryCommand({ TableName: tableName, KeyConditionExpression: 'PK = :pk AND begins_with(SK, :p)', ExpressionAttributeValues: { ':pk': `FAMILY#${familyId}`, ':p': prefix }, ConsistentRead: true }),
  );
  return out.Items ?? [];
}

const bonus = (f: Family, kid: number, amount: string) => f.parent.post(`/api/children/${f.kids[kid]!.id}/adjustments`, { kind: 'bonus', amount, reason: 'Savings test' });
const money = (f: Family, kid = 0) => f.parent.get(`/api/children/${f.kids[kid]!.id}/money`);
const JARS = { spend: 50, save: 40, give: 10 };

describe('goals', () => {
  it('a parent sets a goal with a top-up, a child one without; a child sending a top-up is refused (403)', async () => {
    const f = await makeFamily({ kids: 1 });
    const kid = f.kids[0]!;
    const byParent = await f.parent.post(`/api/children/${kid.id}/goals`, { name: ' New bike ', target: '60.00', icon: 'bike', topUpPercent: 50 });
    const byChild = await kid.client.post('/api/child/goals', { name: 'Comic', target: '4.5', icon: 'book' });
    const withTopUp = await kid.client.post('/api/child/goals', { name: 'Phone', target: '300', icon: 'phone', topUpPercent: 20 });
    const zeroTopUp = await kid.client.post('/api/child/goals', { name: 'Ball', target: '5', icon: 'ball', topUpPercent: 0 });
    expect(byParent).toMatchObject({ status: 201, body: { name: 'New bike', target: '60.00', topUpPercent: 50, childShare: '40.00', saved: '0.00', progress: '0.00', percent: 0, status: 'saving', weeksToGo: null, celebrated: false, createdBy: { role: 'parent' } } });
    expect(byChild).toMatchObject({ status: 201, body: { name: 'Comic', target: '4.50', topUpPercent: 0, childShare: '4.50', createdBy: { role: 'child', name: 'Kid 1' } } });
    expect(withTopUp).toMatchObject({ status: 403, body: { message: SAVINGS_MESSAGES.topUpParentsOnly } });
    expect(zeroTopUp.status).toBe(201);
    const mine = (await kid.client.get('/api/child/money')).body;
    expect(mine.goals.map((g: any) => g.name)).toEqual(['New bike', 'Comic', 'Ball']);
    expect(mine).toMatchObject({ childId: kid.id, jars: null, savings: '0.00', money: { currency: 'USD', jars: null } });
    // A parent can change an unbought goal, and remove it; the child removes only the goals they set.
    const changed = await f.parent.put(`/api/children/${kid.id}/goals/${byChild.body.id}`, { topUpPercent: 100 });
    expect(changed).toMatchObject({ status: 200, body: { name: 'Comic', topUpPercent: 100, childShare: '2.25' } });
    const parentsGoal = await kid.client.delete(`/api/child/goals/${byParent.body.id}`);
    expect(parentsGoal.status).toBe(403);
    expect(await kid.client.delete(`/api/child/goals/${zeroTopUp.body.id}`)).toMatchObject({ status: 200, body: { deleted: true } });
    expect(await f.parent.delete(`/api/children/${kid.id}/goals/${byParent.body.id}`)).toMatchObject({ status: 200, body: { deleted: true } });
    expect((await money(f)).body.goals.map((g: any) => g.name)).toEqual(['Comic']);
  });

  it('with jars off, progress comes from what was earned since the goal was set (net of deductions)', async () => {
    const f = await makeFamily({ kids: 1 });
    const kid = f.kids[0]!;
    await bonus(f, 0, '5.00'); // before saving began: not savings
    const goal = (await kid.client.post('/api/child/goals', { name: 'Lego', target: '10.00', icon: 'toy' })).body;
    await bonus(f, 0, '3.00');
    await f.parent.post(`/api/children/${kid.id}/adjustments`, { kind: 'deduction', amount: '0.50', reason: 'Broke a cup' });
    // A payout does not take savings with jars off (savings are the child's money either way).
    await f.parent.post(`/api/children/${kid.id}/reset-earnings`, { amount: '1.00' });
    const view = (await kid.client.get('/api/child/money')).body;
    expect(view).toMatchObject({ savings: '2.50', jars: null });
    expect(view.goals[0]).toMatchObject({ id: goal.id, saved: '2.50', progress: '2.50', percent: 25, status: 'saving' });
    // A second goal waits for the first (oldest first).
    await f.parent.post(`/api/children/${kid.id}/goals`, { name: 'Ball', target: '1.00', icon: 'ball' });
    expect((await money(f)).body.goals.map((g: any) => g.saved)).toEqual(['2.50', '0.00']);
  });

  it('counts weeks to go from the last 4 full weeks’ pace', async () => {
    const f = await makeFamily({ kids: 1 });
    const kid = f.kids[0]!;
    const familyId = await familyIdOf(f);
    await kid.client.post('/api/child/goals', { name: 'Bike', target: '10.00', icon: 'bike' });
    await bonus(f, 0, '2.00');
    // Earlier weeks' totals (the aggregates ticks and bonuses write): $4.00 over the 4 full weeks before this one, and this week's does not count.
    const { doc, tableName } = testDb();
    for (const [back, cents] of [[7, 100], [14, 300], [35, 5000]] as const) {
      const week = addDays(f.clock.weekStart, -back);
      const sk = `EARN#W#${week}#${kid.id}`;
      await doc.send(new PutCommand({ TableName: tableName, Item: { PK: `FAMILY#${familyId}`, SK: sk, GSI1PK: `CHILD#${kid.id}`, GSI1SK: sk, type: 'WeekEarnings', childId: kid.id, period: week, cents, count: 1 } }));
    }
    const view = (await money(f)).body;
    // $8.00 left at $1.00 a week.
    expect(view).toMatchObject({ weeklyPace: '1.00', savings: '2.00' });
    expect(view.goals[0]).toMatchObject({ saved: '2.00', weeksToGo: 8 });
  });

  it('with jars on, a payout splits into the jars (recorded on the payout and its log event) and goals draw from the save jar', async () => {
    const f = await makeFamily({ kids: 1 });
    const kid = f.kids[0]!;
    const familyId = await familyIdOf(f);
    expect((await f.parent.put('/api/family/money', { jars: JARS })).status).toBe(200);
    await f.parent.post(`/api/children/${kid.id}/goals`, { name: 'Kite', target: '6.00', icon: 'toy', topUpPercent: 50 });
    await bonus(f, 0, '10.01');
    const paid = await f.parent.post(`/api/children/${kid.id}/reset-earnings`, {});
    expect(paid).toMatchObject({ status: 200, body: { payout: { amount: '10.01', jars: { spend: '5.00', save: '4.01', give: '1.00' } } } });
    const view = (await kid.client.get('/api/child/money')).body;
    // 50% of 1001 = 500, 10% = 100, the rest (401) to save.
    expect(view).toMatchObject({ jars: { spend: '5.00', save: '4.01', give: '1.00' }, savings: '4.01', money: { jars: JARS } });
    // The child's share of $6.00 with 50% on top is $4.00: reached.
    expect(view.goals[0]).toMatchObject({ childShare: '4.00', saved: '4.00', progress: '6.00', percent: 100, status: 'reached', weeksToGo: null });
    expect(view.goals[0].reachedAt).toEqual(expect.any(String));
    const [payout] = await partition(familyId, 'PAYOUT#');
    expect(payout).toMatchObject({ amountCents: 1001, jars: { spend: 500, save: 401, give: 100 } });
    const log = (await f.parent.get('/api/family/activity')).body.events;
    expect(log[0]).toMatchObject({ kind: 'payout', amount: '-10.01', jars: { spend: '5.00', save: '4.01', give: '1.00' } });
    expect(log[0].summary).toContain('(spend $5.00, save $4.01, give $1.00)');
    // The history shows what was paid, saved and given this week, for the parent and the child alike.
    const history = (await kid.client.get('/api/child/earnings-history?weeks=2')).body;
    expect(history.weeks[1]).toMatchObject({ weekStart: f.clock.weekStart, amount: '10.01', paid: '10.01', saved: '4.01', gave: '1.00' });
    expect((await f.parent.get(`/api/children/${kid.id}/earnings-history?weeks=2`)).body).toEqual(history);
    expect((await kid.client.get('/api/child/earnings-history?weeks=99')).status).toBe(400);
  });
});

describe('review fixes: money is never counted twice', () => {
  it('with jars off, buying settles the part of the savings that was still owed: the child is not paid twice', async () => {
    const f = await makeFamily({ kids: 1 });
    const kid = f.kids[0]!;
    const goal = (await kid.client.post('/api/child/goals', { name: 'Lego', target: '5.00', icon: 'toy' })).body;
    await bonus(f, 0, '3.00');
    await f.parent.post(`/api/children/${kid.id}/reset-earnings`, { amount: '1.00' }); // $1.00 paid out, $2.00 still owed
    const bought = await f.parent.post(`/api/children/${kid.id}/goals/${goal.id}/bought`, {});
    expect(bought).toMatchObject({ status: 200, body: { status: 'bought', bought: { fromSavings: '3.00', fromOwed: '2.00', topUp: '2.00' } } });
    const child = (await f.parent.get('/api/children')).body.find((c: any) => c.id === kid.id);
    expect(child.weeklyEarnings).toBe('0.00');
    const log = (await f.parent.get('/api/family/activity')).body.events;
    expect(log[0]).toMatchObject({ kind: 'goal-bought', amount: '-2.00' });
    expect(log[0].summary).toContain('$2.00 of it was owed and is now settled');
    // Nothing is left owed to pay out again; savings start over.
    expect((await money(f)).body.savings).toBe('0.00');
    const reset = await f.parent.post(`/api/children/${kid.id}/reset-earnings`, {});
    expect(reset.body.payout?.amount ?? '0.00').toBe('0.00');
  });

  it('turning jars on or off is refused while a child saves toward a goal, and allowed once none does', async () => {
    const f = await makeFamily({ kids: 2 });
    const goal = (await f.kids[1]!.client.post('/api/child/goals', { name: 'Kite', target: '4.00', icon: 'toy' })).body;
    const on = await f.parent.put('/api/family/money', { jars: JARS });
    expect(on).toMatchObject({ status: 409, body: { message: SAVINGS_MESSAGES.jarsSwitchWithGoals('Kid 2') } });
    expect((await f.parent.get('/api/family/money')).body.jars).toBeNull();
    // The currency and locale still change; so does nothing when jars stay as they are.
    expect((await f.parent.put('/api/family/money', { currency: 'EUR', jars: null })).status).toBe(200);
    await f.parent.delete(`/api/children/${f.kids[1]!.id}/goals/${goal.id}`);
    expect(await f.parent.put('/api/family/money', { jars: JARS })).toMatchObject({ status: 200, body: { jars: JARS } });
    // A new split while jars stay on is fine with goals.
    await f.kids[0]!.client.post('/api/child/goals', { name: 'Ball', target: '2.00', icon: 'ball' });
    expect((await f.parent.put('/api/family/money', { jars: { spend: 0, save: 100, give: 0 } })).status).toBe(200);
    expect((await f.parent.put('/api/family/money', { jars: null })).status).toBe(409);
  });

  it('a goal set and jars switched at the same moment: one of them loses, so no saving drops out of view (issue 29 point 14)', async () => {
    const f = await makeFamily({ kids: 1 });
    // $2.00 in the save jar: a goal shows it with jars on, and $0.00 (nothing earned since it was set) with jars off.
    expect((await f.parent.put('/api/family/money', { jars: JARS })).status).toBe(200);
    await bonus(f, 0, '5.00');
    await f.parent.post(`/api/children/${f.kids[0]!.id}/reset-earnings`, {});
    let jarsOn = true;
    for (let round = 0; round < 8; round++) {
      const [created, switched] = await Promise.all([
        f.kids[0]!.client.post('/api/child/goals', { name: `Race ${round}`, target: '4.00', icon: 'toy' }),
        f.parent.put('/api/family/money', { jars: jarsOn ? null : JARS }),
      ]);
      const said = `round ${round}: goal ${created.status} ${JSON.stringify(created.body)}, switch ${switched.status} ${JSON.stringify(switched.body)}`;
      if (switched.status === 200) jarsOn = !jarsOn;
      else expect(switched, said).toMatchObject({ status: 409, body: { message: SAVINGS_MESSAGES.jarsSwitchWithGoals('Kid 1') } });
      if (created.status !== 201) expect(created, said).toMatchObject({ status: 409, body: { message: SAVINGS_MESSAGES.jarsSwitchedMeanwhile } });
      expect((await f.parent.get('/api/family/money')).body.jars === null, said).toBe(!jarsOn);
      const goals = (await money(f)).body.goals as { id: string; saved: string }[];
      if (created.status === 201) {
        // The goal was set under the jars as they are now: what it showed when made is what it shows now.
        expect(goals, said).toMatchObject([{ id: created.body.id, saved: jarsOn ? '2.00' : '0.00' }]);
        expect(created.body.saved, said).toBe(jarsOn ? '2.00' : '0.00');
        await f.parent.delete(`/api/children/${f.kids[0]!.id}/goals/${created.body.id}`);
      } else expect(goals, said).toEqual([]);
    }
  });

  it('a new target makes a reached goal reach (and celebrate) anew; a withdrawal’s 409 names the balance in the family’s money', async () => {
    const f = await makeFamily({ kids: 1 });
    const kid = f.kids[0]!;
    const goal = (await kid.client.post('/api/child/goals', { name: 'Comic', target: '2.00', icon: 'book' })).body;
    await bonus(f, 0, '2.00');
    expect((await kid.client.get('/api/child/money')).body.goals[0]).toMatchObject({ status: 'reached' });
    expect((await kid.client.post(`/api/child/goals/${goal.id}/celebrated`, {})).body).toMatchObject({ celebrated: true });
    const raised = await f.parent.put(`/api/children/${kid.id}/goals/${goal.id}`, { target: '5.00' });
    expect(raised).toMatchObject({ status: 200, body: { status: 'saving', celebrated: false, saved: '2.00' } });
    expect(raised.body.reachedAt).toBeUndefined();
    expect((await kid.client.post(`/api/child/goals/${goal.id}/celebrated`, {})).status).toBe(409);
    // A deleted goal's answer reads its own write; an unknown one is 404.
    expect((await kid.client.delete(`/api/child/goals/${goal.id}`)).status).toBe(200);
    expect((await kid.client.delete(`/api/child/goals/${goal.id}`)).status).toBe(404);
  });
});

describe('buying, withdrawing, celebrating', () => {
  it('marking a goal bought records a purchase entry and one log event, lowers savings, leaves owed; twice is 409 and writes nothing', async () => {
    const f = await makeFamily({ kids: 1 });
    const kid = f.kids[0]!;
    const familyId = await familyIdOf(f);
    await f.parent.put('/api/family/money', { jars: JARS });
    const goal = (await f.parent.post(`/api/children/${kid.id}/goals`, { name: 'Skates', target: '10.00', icon: 'ball', topUpPercent: 25 })).body;
    await bonus(f, 0, '10.00');
    await f.parent.post(`/api/children/${kid.id}/reset-earnings`, {});
    await bonus(f, 0, '1.50'); // owed after the payout
    const [first, second] = await Promise.all([
      f.parent.post(`/api/children/${kid.id}/goals/${goal.id}/bought`, {}),
      f.parent.post(`/api/children/${kid.id}/goals/${goal.id}/bought`, {}),
    ]);
    const won = [first, second].find((r) => r.status === 200)!;
    const lost = [first, second].find((r) => r !== won)!;
    expect(won.body).toMatchObject({ id: goal.id, status: 'bought', percent: 100, bought: { fromSavings: '4.00', topUp: '6.00' } });
    expect(lost).toMatchObject({ status: 409, body: { message: SAVINGS_MESSAGES.goalBought } });
    const again = await f.parent.post(`/api/children/${kid.id}/goals/${goal.id}/bought`, {});
    expect(again).toMatchObject({ status: 409, body: { message: SAVINGS_MESSAGES.goalBought } });
    const ledger = (await partition(familyId, 'LEDGER#')).filter((e) => e.kind === 'purchase');
    const events = (await partition(familyId, 'LOG#')).filter((e) => e.kind === 'goal-bought');
    expect(ledger).toHaveLength(1);
    expect(ledger[0]).toMatchObject({ amountCents: 0, goal: { goalId: goal.id, fromSavingsCents: 400, topUpCents: 600 } });
    expect(events).toHaveLength(1);
    expect(events[0]!.amountCents).toBeUndefined();
    const view = (await money(f)).body;
    expect(view).toMatchObject({ jars: { save: '0.00', spend: '5.00', give: '1.00' }, savings: '0.00' });
    expect(view.goals[0]).toMatchObject({ id: goal.id, status: 'bought' });
    // What is owed is as it was; the purchase is not reversible; the activity line says what happened.
    const dash = (await f.parent.get('/api/dashboard')).body;
    expect(dash.children[0].weeklyEarnings).toBe('1.50');
    const reversal = await f.parent.post(`/api/children/${kid.id}/adjustments/${ledger[0]!.entryId}/reversal`, {});
    expect(reversal).toMatchObject({ status: 400, body: { message: LEDGER_MESSAGES.notReversible } });
    const log = (await f.parent.get('/api/family/activity')).body.events;
    expect(log.find((e: any) => e.kind === 'goal-bought').summary).toMatch(/goal “Skates” bought: \$4\.00 from savings, \$6\.00 from the family/);
    // A bought goal cannot be changed or removed.
    expect((await f.parent.put(`/api/children/${kid.id}/goals/${goal.id}`, { name: 'X' })).status).toBe(409);
    expect((await f.parent.delete(`/api/children/${kid.id}/goals/${goal.id}`)).status).toBe(409);
  });

  it('a withdrawal takes from the spend or give jar, never more than it holds (409)', async () => {
    const f = await makeFamily({ kids: 1 });
    const kid = f.kids[0]!;
    const path = (jar: string) => `/api/children/${kid.id}/jars/${jar}/withdrawal`;
    expect(await f.parent.post(path('spend'), { amount: '1.00' })).toMatchObject({ status: 409, body: { message: SAVINGS_MESSAGES.jarsOff } });
    await f.parent.put('/api/family/money', { jars: JARS });
    await bonus(f, 0, '10.00');
    await f.parent.post(`/api/children/${kid.id}/reset-earnings`, {});
    const over = await f.parent.post(path('give'), { amount: '1.01' });
    expect(over).toMatchObject({ status: 409, body: { message: SAVINGS_MESSAGES.jarTooLow('give', '$1.00') } });
    expect(await f.parent.post(path('save'), { amount: '1.00' })).toMatchObject({ status: 400, body: { message: SAVINGS_MESSAGES.jarInvalid } });
    expect(await f.parent.post(path('spend'), { amount: '-1' })).toMatchObject({ status: 400, body: { message: FORM_MESSAGES.amountPositive } });
    const ok = await f.parent.post(path('spend'), { amount: '2.50', note: 'Ice cream' });
    expect(ok).toMatchObject({ status: 201, body: { jars: { spend: '2.50', save: '4.00', give: '1.00' } } });
    const log = (await f.parent.get('/api/family/activity')).body.events;
    expect(log[0]).toMatchObject({ kind: 'jar-withdrawal', text: 'Ice cream', withdrawal: { jar: 'spend', amount: '2.50' } });
    expect(log[0].amount).toBeUndefined();
    const all = await Promise.all([1, 2, 3].map(() => f.parent.post(path('spend'), { amount: '1.00' })));
    expect(all.filter((r) => r.status === 201).length).toBe(2);
    for (const r of all) expect([201, 409]).toContain(r.status);
    expect((await money(f)).body.jars.spend).toBe('0.50');
  });

  it('the celebration is recorded once, and only for a reached goal', async () => {
    const f = await makeFamily({ kids: 1 });
    const kid = f.kids[0]!;
    const goal = (await kid.client.post('/api/child/goals', { name: 'Treat', target: '1.00', icon: 'treat' })).body;
    expect(await kid.client.post(`/api/child/goals/${goal.id}/celebrated`, {})).toMatchObject({ status: 409 });
    await bonus(f, 0, '1.00');
    expect((await kid.client.get('/api/child/money')).body.goals[0]).toMatchObject({ status: 'reached', celebrated: false });
    const first = await kid.client.post(`/api/child/goals/${goal.id}/celebrated`, {});
    const [item] = await partition(await familyIdOf(f), `GOAL#${kid.id}#`);
    const second = await kid.client.post(`/api/child/goals/${goal.id}/celebrated`, {});
    const [after] = await partition(await familyIdOf(f), `GOAL#${kid.id}#`);
    expect(first).toMatchObject({ status: 200, body: { celebrated: true, status: 'reached' } });
    expect(second).toMatchObject({ status: 200, body: { celebrated: true } });
    expect(after!.celebratedAt).toBe(item!.celebratedAt);
  });

  it(`refuses a ${MAX_ACTIVE_GOALS + 1}st active goal (409); a bought one makes room`, async () => {
    const f = await makeFamily({ kids: 1 });
    const kid = f.kids[0]!;
    const ids: string[] = [];
    for (let i = 0; i < MAX_ACTIVE_GOALS; i++) ids.push((await kid.client.post('/api/child/goals', { name: `Goal ${i}`, target: '1', icon: 'gift' })).body.id);
    const [a, b] = await Promise.all([kid.client.post('/api/child/goals', { name: 'One more', target: '1', icon: 'gift' }), f.parent.post(`/api/children/${kid.id}/goals`, { name: 'And one', target: '1', icon: 'gift' })]);
    expect(a).toMatchObject({ status: 409, body: { message: SAVINGS_MESSAGES.tooManyGoals } });
    expect(b).toMatchObject({ status: 409, body: { message: SAVINGS_MESSAGES.tooManyGoals } });
    expect((await f.parent.post(`/api/children/${kid.id}/goals/${ids[0]}/bought`, {})).status).toBe(200);
    expect((await kid.client.post('/api/child/goals', { name: 'Now', target: '1', icon: 'gift' })).status).toBe(201);
  });
});

describe('who may see and change goals', () => {
  it('a child cannot see or change another child’s goals, nor another family’s parent (404)', async () => {
    const f = await makeFamily({ kids: 2 });
    const other = await makeFamily({ kids: 1 });
    const [k1, k2] = f.kids as [Family['kids'][0], Family['kids'][0]];
    const goal = (await k1.client.post('/api/child/goals', { name: 'Mine', target: '1.00', icon: 'gift' })).body;
    await bonus(f, 0, '1.00');
    await k1.client.get('/api/child/money');
    expect(await k2.client.delete(`/api/child/goals/${goal.id}`)).toMatchObject({ status: 404, body: { message: SAVINGS_MESSAGES.goalNotFound } });
    expect(await k2.client.post(`/api/child/goals/${goal.id}/celebrated`, {})).toMatchObject({ status: 404 });
    expect((await k2.client.get('/api/child/money')).body.goals).toEqual([]);
    // Another child's goal named under the wrong child, or from another family: not found.
    expect((await f.parent.post(`/api/children/${k2.id}/goals/${goal.id}/bought`, {})).status).toBe(404);
    expect((await f.parent.put(`/api/children/${k2.id}/goals/${goal.id}`, { name: 'X' })).status).toBe(404);
    for (const res of [
      await other.parent.get(`/api/children/${k1.id}/money`),
      await other.parent.post(`/api/children/${k1.id}/goals`, { name: 'X', target: '1', icon: 'gift' }),
      await other.parent.post(`/api/children/${k1.id}/goals/${goal.id}/bought`, {}),
      await other.parent.delete(`/api/children/${k1.id}/goals/${goal.id}`),
      await other.parent.post(`/api/children/${k1.id}/jars/spend/withdrawal`, { amount: '1' }),
      await other.parent.get(`/api/children/${k1.id}/earnings-history`),
    ]) expect(res, res.text).toMatchObject({ status: 404, body: { message: FORM_MESSAGES.childNotFound } });
    expect((await k1.client.get('/api/child/money')).body.goals[0]).toMatchObject({ id: goal.id, status: 'reached', celebrated: false });
  });

  it('answers bad input with a 400 and its message, never a 500', async () => {
    const f = await makeFamily({ kids: 1 });
    const kid = f.kids[0]!;
    const post = (body: unknown) => f.parent.post(`/api/children/${kid.id}/goals`, body);
    expect(await post({ name: '  ', target: '1', icon: 'gift' })).toMatchObject({ status: 400, body: { message: SAVINGS_MESSAGES.goalNameRequired } });
    expect(await post({ name: 'X', target: '1', icon: 'rocket' })).toMatchObject({ status: 400, body: { message: SAVINGS_MESSAGES.goalIconInvalid } });
    expect(await post({ name: 'X', target: '1', icon: 'gift', topUpPercent: 101 })).toMatchObject({ status: 400, body: { message: SAVINGS_MESSAGES.topUpInvalid } });
    expect(await post({ name: 'X', target: '1.234', icon: 'gift' })).toMatchObject({ status: 400, body: { message: FORM_MESSAGES.amountFormat } });
    expect(await post({ name: 'X', target: '0', icon: 'gift' })).toMatchObject({ status: 400, body: { message: FORM_MESSAGES.amountPositive } });
    const odd: unknown[] = ['"text"', '[]', 'null', '42', '{"name":{"a":1}}', '{"target":[1],"name":"x","icon":"gift"}', '{"__proto__":{"x":1}}'];
    const paths = [
      ['POST', `/api/children/${kid.id}/goals`],
      ['PUT', `/api/children/${kid.id}/goals/nope`],
      ['POST', `/api/children/${kid.id}/goals/nope/bought`],
      ['POST', `/api/children/${kid.id}/jars/spend/withdrawal`],
      ['POST', `/api/children/${kid.id}/jars/nope/withdrawal`],
    ] as const;
    for (const [method, path] of paths) {
      for (const body of odd) {
        const res = await f.parent.request(method, path, body as string);
        expect(res.status, `${method} ${path} ${body as string}: ${res.text}`).toBeLessThan(500);
        expect(res.status).toBeGreaterThanOrEqual(400);
        expect(typeof res.body?.message).toBe('string');
      }
    }
    for (const body of odd) {
      const res = await kid.client.request('POST', '/api/child/goals', body as string);
      expect(res.status, `${body as string}: ${res.text}`).toBe(400);
    }
    // A yen family's targets are whole yen.
    await f.parent.put('/api/family/money', { currency: 'JPY' });
    expect(await post({ name: 'X', target: '12.5', icon: 'gift' })).toMatchObject({ status: 400 });
    expect(await post({ name: 'X', target: '1250', icon: 'gift' })).toMatchObject({ status: 201, body: { target: '1250', childShare: '1250' } });
  });

  it('deleting a child deletes its goals', async () => {
    const f = await makeFamily({ kids: 2 });
    const familyId = await familyIdOf(f);
    await f.kids[1]!.client.post('/api/child/goals', { name: 'Gone', target: '1', icon: 'gift' });
    await f.kids[0]!.client.post('/api/child/goals', { name: 'Stays', target: '1', icon: 'gift' });
    expect((await f.parent.delete(`/api/children/${f.kids[1]!.id}`)).status).toBe(200);
    expect((await partition(familyId, 'GOAL#')).map((g) => g.name)).toEqual(['Stays']);
  });
});
