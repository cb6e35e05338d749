/**
 * The money ledger and the activity log (issue 19) over the local stack: bonuses and deductions
 * (each one transaction with its entry and log event; a deduction never makes a figure negative),
 * reversals (an entry reversed once, never edited), Reset Earnings with an amount, a method and a
 * note (part payouts leave the rest owed), and the log: every change once, newest first, paged by
 * a cursor that only works for its own family and child.
 */
import { describe, expect, it } from 'vitest';
import { API_ERRORS, LEDGER_MESSAGES } from '../../shared/messages';
import { parseCents } from '../../shared/money';
import { shortDate } from '../../shared/time';
import { TestClient } from './support/client';
import { assignmentFor, makeFamily, type Family } from './support/family';

const cents = (amount: string) => (amount.startsWith('-') ? -parseCents(amount.slice(1))! : parseCents(amount)!);

async function figures(f: Family, kid = 0) {
  const dash = (await f.parent.get('/api/dashboard')).body;
  const child = dash.children.find((c: { id: string }) => c.id === f.kids[kid]!.id);
  return { owed: cents(child.weeklyEarnings), week: cents(child.weekToDateEarned), month: cents(child.monthToDateEarned), familyWeek: cents(dash.weekToDateEarned) };
}

/** Ticks today's daily chore for kid 0 (worth $0.50) through the parent. */
async function tickDaily(f: Family) {
  const a = await f.parent.post('/api/assignments', assignmentFor(f, f.kids[0]!.id, f.chores.daily.id));
  const done = await f.parent.put(`/api/assignments/${a.body.id}/complete`, { completed: true });
  expect(done.status).toBe(200);
  return a.body.id as string;
}

/** A family whose one child ticked the weekly chore ($3.25) and got a $1.00 bonus: $4.25 earned this week. */
async function weeklyTickAndBonus() {
  const f = await makeFamily({ kids: 1 });
  const kid = f.kids[0]!;
  const a = await f.parent.post('/api/assignments', assignmentFor(f, kid.id, f.chores.weekly.id));
  expect((await kid.client.post('/api/child/complete-assignment', { assignmentId: a.body.id, completed: true })).status).toBe(200);
  expect((await f.parent.post(`/api/children/${kid.id}/adjustments`, { kind: 'bonus', amount: '1.00', reason: 'Helped' })).status).toBe(201);
  return { f, kid };
}

describe('bonuses and deductions', () => {
  it('one "earned this week": the card, the dashboard and the weekly report say the same figure, with chores and bonuses as labelled parts (issue 29)', async () => {
    const { f, kid } = await weeklyTickAndBonus();
    const card = (await f.parent.get('/api/children')).body.find((c: any) => c.id === kid.id);
    expect(card.weekToDateEarned).toBe('4.25');
    expect((await kid.client.get('/api/child/assignments')).body.earnings.weekToDate).toBe('4.25');
    const report = (await f.parent.get('/api/reports/weekly')).text;
    expect(report).toContain('earned <strong>$4.25</strong> this week ($3.25 from chores, bonuses and deductions +$1.00)');
  });

  it('after Reset Earnings mid-week the card counts from it and says so, and the report names the part before it and the part since (issue 29 point 12)', async () => {
    const { f, kid } = await weeklyTickAndBonus();
    const before = (await f.parent.get('/api/children')).body.find((c: any) => c.id === kid.id);
    expect(before.weekSinceReset).toBeUndefined();
    expect((await f.parent.post(`/api/children/${kid.id}/reset-earnings`, {})).status).toBe(200);
    await tickDaily(f);

    const dash = (await f.parent.get('/api/dashboard')).body;
    const card = dash.children.find((c: any) => c.id === kid.id);
    expect(card.weekToDateEarned).toBe('0.50');
    expect(card.weekSinceReset).toEqual({ date: dash.today, earnedBefore: '4.25' });
    const report = (await f.parent.get('/api/reports/weekly')).text;
    // $4.25 + $0.50 = $4.75: the parts add up to the week, and "since" is the card's figure.
    expect(report).toContain(
      `earned <strong>$4.75</strong> this week ($3.75 from chores, bonuses and deductions +$1.00): $4.25 before Reset Earnings on ${shortDate(dash.today)}, $0.50 since (the dashboard’s “Earned this week”)`,
    );
  });

  it('a bonus adds to what is owed and to this week’s and month’s totals, with its reason in the log', async () => {
    const f = await makeFamily({ kids: 1 });
    await f.parent.put('/api/account/profile', { firstName: 'Alex', lastName: 'Rivera' });
    const before = await figures(f);
    const bonus = await f.parent.post(`/api/children/${f.kids[0]!.id}/adjustments`, { kind: 'bonus', amount: '2.00', reason: '  Helped Grandma  ' });
    const after = await figures(f);
    expect(bonus).toMatchObject({ status: 201, body: { kind: 'bonus', amount: '2.00', reason: 'Helped Grandma', by: 'Alex Rivera', childId: f.kids[0]!.id } });
    expect(after.owed - before.owed).toBe(200);
    expect(after.week - before.week).toBe(200);
    expect(after.month - before.month).toBe(200);
    const log = (await f.parent.get('/api/family/activity')).body;
    expect(log.events[0]).toMatchObject({ kind: 'bonus', amount: '2.00', text: 'Helped Grandma', entryId: bonus.body.id, childName: 'Kid 1', by: { role: 'parent', name: 'Alex Rivera' } });
    expect(log.events[0].summary).toBe('Alex Rivera gave Kid 1 a bonus of $2.00: Helped Grandma');
    // The child sees it in their own log.
    expect((await f.kids[0]!.client.get('/api/child/activity')).body.events[0]).toMatchObject({ kind: 'bonus', amount: '2.00' });
  });

  it('a deduction takes from what is owed but never below zero (409 with the reason), and never from an empty week', async () => {
    const f = await makeFamily({ kids: 1 });
    const kid = f.kids[0]!.id;
    const tooMuch = await f.parent.post(`/api/children/${kid}/adjustments`, { kind: 'deduction', amount: '0.01', reason: 'Broke a cup' });
    expect(tooMuch).toMatchObject({ status: 409, body: { message: LEDGER_MESSAGES.takeOwed('Kid 1', '$0.00') } });
    await tickDaily(f);
    const over = await f.parent.post(`/api/children/${kid}/adjustments`, { kind: 'deduction', amount: '0.51', reason: 'Broke a cup' });
    const ok = await f.parent.post(`/api/children/${kid}/adjustments`, { kind: 'deduction', amount: '0.30', reason: 'Broke a cup' });
    const after = await figures(f);
    expect(over.status).toBe(409);
    expect(ok).toMatchObject({ status: 201, body: { kind: 'deduction', amount: '-0.30' } });
    expect(after).toMatchObject({ owed: 20, week: 20, month: 20 });
    // Several at once: never more than was owed.
    const racing = await Promise.all([0, 1, 2, 3].map(() => f.parent.post(`/api/children/${kid}/adjustments`, { kind: 'deduction', amount: '0.10', reason: 'Race' })));
    expect(racing.filter((r) => r.status === 201)).toHaveLength(2);
    expect(racing.every((r) => r.status === 201 || r.status === 409)).toBe(true);
    expect(await figures(f)).toMatchObject({ owed: 0, week: 0, month: 0 });
  });

  it('refuses bad input with a clear 400 and writes nothing', async () => {
    const f = await makeFamily({ kids: 1 });
    const kid = f.kids[0]!.id;
    const replies = await Promise.all([
      f.parent.post(`/api/children/${kid}/adjustments`, { kind: 'gift', amount: '1.00', reason: 'x' }),
      f.parent.post(`/api/children/${kid}/adjustments`, { kind: 'bonus', amount: '-1.00', reason: 'x' }),
      f.parent.post(`/api/children/${kid}/adjustments`, { kind: 'bonus', amount: '1.00', reason: '   ' }),
      f.parent.post(`/api/children/${kid}/adjustments`, { kind: 'bonus', amount: '1.001', reason: 'x' }),
      f.parent.post(`/api/children/not-a-child/adjustments`, { kind: 'bonus', amount: '1.00', reason: 'x' }),
    ]);
    expect(replies.map((r) => r.status)).toEqual([400, 400, 400, 400, 404]);
    expect(replies.every((r) => typeof r.body.message === 'string')).toBe(true);
    expect((await f.parent.get('/api/family/activity')).body.events).toEqual([]);
  });
});

describe('reversals', () => {
  it('reverse a mistaken entry with an entry of the opposite sign, once; the original stays', async () => {
    const f = await makeFamily({ kids: 1 });
    const kid = f.kids[0]!.id;
    const bonus = (await f.parent.post(`/api/children/${kid}/adjustments`, { kind: 'bonus', amount: '1.50', reason: 'Wrong child' })).body;
    const reversal = await f.parent.post(`/api/children/${kid}/adjustments/${bonus.id}/reversal`, {});
    const again = await f.parent.post(`/api/children/${kid}/adjustments/${bonus.id}/reversal`, {});
    const ofReversal = await f.parent.post(`/api/children/${kid}/adjustments/${reversal.body.id}/reversal`, {});
    const unknown = await f.parent.post(`/api/children/${kid}/adjustments/nope/reversal`, {});
    expect(reversal).toMatchObject({ status: 201, body: { kind: 'reversal', amount: '-1.50', reverses: bonus.id, reason: 'Reverses: Wrong child' } });
    expect(again).toMatchObject({ status: 409, body: { message: LEDGER_MESSAGES.alreadyReversed } });
    expect(ofReversal).toMatchObject({ status: 400, body: { message: LEDGER_MESSAGES.notReversible } });
    expect(unknown).toMatchObject({ status: 404, body: { message: LEDGER_MESSAGES.entryNotFound } });
    expect(await figures(f)).toMatchObject({ owed: 0, week: 0 });
    const kinds = (await f.parent.get('/api/family/activity')).body.events.map((e: { kind: string }) => e.kind);
    expect(kinds).toEqual(['reversal', 'bonus']);
  });

  it('two reversals of one entry at the same moment: one wins', async () => {
    const f = await makeFamily({ kids: 1 });
    const kid = f.kids[0]!.id;
    const bonus = (await f.parent.post(`/api/children/${kid}/adjustments`, { kind: 'bonus', amount: '1.00', reason: 'Twice' })).body;
    const replies = await Promise.all([0, 1, 2].map(() => f.parent.post(`/api/children/${kid}/adjustments/${bonus.id}/reversal`, {})));
    expect(replies.filter((r) => r.status === 201)).toHaveLength(1);
    expect(await figures(f)).toMatchObject({ owed: 0 });
  });
});

describe('paying out', () => {
  it('Reset Earnings without a body pays everything, as the spec says', async () => {
    const f = await makeFamily({ kids: 1 });
    await tickDaily(f);
    const res = await f.parent.post(`/api/children/${f.kids[0]!.id}/reset-earnings`);
    expect(res).toMatchObject({ status: 200, body: { payout: { amount: '0.50', part: false }, owed: '0.00' } });
    expect(await figures(f)).toMatchObject({ owed: 0, week: 0 });
  });

  it('pays part of what is owed with a method and a note; the rest stays owed, the figures stay', async () => {
    const f = await makeFamily({ kids: 1 });
    const kid = f.kids[0]!.id;
    await f.parent.post(`/api/children/${kid}/adjustments`, { kind: 'bonus', amount: '5.00', reason: 'Birthday' });
    const part = await f.parent.post(`/api/children/${kid}/reset-earnings`, { amount: '2.00', method: 'bank', note: 'To savings' });
    const tooMuch = await f.parent.post(`/api/children/${kid}/reset-earnings`, { amount: '3.01' });
    const badMethod = await f.parent.post(`/api/children/${kid}/reset-earnings`, { method: 'card' });
    expect(part).toMatchObject({ status: 200, body: { payout: { amount: '2.00', part: true, method: 'bank', note: 'To savings' }, owed: '3.00' } });
    expect(tooMuch).toMatchObject({ status: 409, body: { message: LEDGER_MESSAGES.payoutTooMuch } });
    expect(badMethod.status).toBe(400);
    expect(await figures(f)).toMatchObject({ owed: 300, week: 500 });
    const rest = await f.parent.post(`/api/children/${kid}/reset-earnings`, { amount: '3.00', method: 'cash' });
    expect(rest).toMatchObject({ status: 200, body: { payout: { amount: '3.00', part: false }, owed: '0.00' } });
    expect(await figures(f)).toMatchObject({ owed: 0, week: 0 });
    const log = (await f.parent.get('/api/family/activity')).body.events;
    expect(log.map((e: { kind: string; amount?: string }) => [e.kind, e.amount])).toEqual([
      ['payout', '-3.00'],
      ['payout', '-2.00'],
      ['bonus', '5.00'],
    ]);
    expect(log[1].summary).toBe('Pat Parent paid Kid 1 $2.00 (bank transfer): To savings');
  });

  it('after a part payout a chore can be unticked only while what is owed covers it', async () => {
    const f = await makeFamily({ kids: 1 });
    const kid = f.kids[0]!.id;
    const assignment = await tickDaily(f);
    await f.parent.post(`/api/children/${kid}/reset-earnings`, { amount: '0.25' });
    const untick = await f.parent.put(`/api/assignments/${assignment}/complete`, { completed: false });
    expect(untick).toMatchObject({ status: 409, body: { message: API_ERRORS.alreadyPaid } });
    expect(await figures(f)).toMatchObject({ owed: 25 });
  });
});

describe('the activity log', () => {
  it('records ticks and unticks with who did them, newest first', async () => {
    const f = await makeFamily({ kids: 1 });
    const assignment = await tickDaily(f);
    await f.parent.put(`/api/assignments/${assignment}/complete`, { completed: false });
    const events = (await f.parent.get('/api/family/activity')).body.events;
    expect(events.map((e: { kind: string; amount: string; choreName: string }) => [e.kind, e.amount, e.choreName])).toEqual([
      ['untick', '-0.50', 'Make bed'],
      ['tick', '0.50', 'Make bed'],
    ]);
    expect(events[0].by).toEqual({ role: 'parent', name: 'Pat Parent' });
  });

  it('pages by a cursor, a bounded Query a page whatever the history, one family and one child at a time', async () => {
    const f = await makeFamily({ kids: 2 });
    const [k0, k1] = [f.kids[0]!.id, f.kids[1]!.id];
    for (let i = 0; i < 27; i++) await f.parent.post(`/api/children/${i % 3 === 0 ? k1 : k0}/adjustments`, { kind: 'bonus', amount: '0.01', reason: `Bonus ${i}` });
    const first = await f.parent.get('/api/family/activity');
    const second = await f.parent.get(`/api/family/activity?cursor=${encodeURIComponent(first.body.cursor)}`);
    const texts = [...first.body.events, ...second.body.events].map((e: { text: string }) => e.text);
    expect(first.body.events).toHaveLength(25);
    expect(texts).toEqual(Array.from({ length: 27 }, (_, i) => `Bonus ${26 - i}`));
    expect(second.body.cursor).toBeUndefined();
    // DynamoDB requests per page: the session and one Query, however long the history.
    expect(Number(first.headers.get('x-dynamodb-requests'))).toBeLessThanOrEqual(3);
    expect(Number(second.headers.get('x-dynamodb-requests'))).toBeLessThanOrEqual(3);
    // One child: GSI1, the same paging.
    const k1Page = (await f.parent.get(`/api/family/activity?child=${k1}`)).body;
    expect(k1Page.events).toHaveLength(9);
    expect(k1Page.events.every((e: { childId: string }) => e.childId === k1)).toBe(true);
    // A child sees their own only.
    const own = (await f.kids[1]!.client.get('/api/child/activity')).body.events;
    expect(own).toHaveLength(9);
    expect(own.every((e: { childId: string }) => e.childId === k1)).toBe(true);
  });

  it('refuses a cursor that is not the caller’s own, and a child of another family', async () => {
    const a = await makeFamily({ kids: 1 });
    const b = await makeFamily({ kids: 1 });
    for (let i = 0; i < 26; i++) await a.parent.post(`/api/children/${a.kids[0]!.id}/adjustments`, { kind: 'bonus', amount: '0.01', reason: `A ${i}` });
    const cursor = (await a.parent.get('/api/family/activity')).body.cursor as string;
    const stolen = await b.parent.get(`/api/family/activity?cursor=${encodeURIComponent(cursor)}`);
    const childCursorOnFamily = await a.kids[0]!.client.get(`/api/child/activity?cursor=${encodeURIComponent(cursor)}`);
    const garbage = await a.parent.get('/api/family/activity?cursor=%7B%7D');
    const otherChild = await b.parent.get(`/api/family/activity?child=${a.kids[0]!.id}`);
    expect(stolen).toMatchObject({ status: 400, body: { message: LEDGER_MESSAGES.activityCursorInvalid } });
    expect(childCursorOnFamily.status).toBe(400);
    expect(garbage.status).toBe(400);
    expect(otherChild.status).toBe(404);
    expect((await new TestClient().get('/api/family/activity')).status).toBe(401);
  });
});
