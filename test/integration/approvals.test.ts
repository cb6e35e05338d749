/**
 * A parent's OK before money counts, and who may correct a tick when (issue 19), over the local
 * stack: a child's tick on a chore that needs an OK waits (counted nowhere, listed on the approvals
 * card), a parent approves it (once: the money moves once), sends it back with a note, or the child
 * takes it back; a parent's own tick counts at once; approve-all; the family default for new chores;
 * and the time rules (a child takes back only their own tick, the same day; a parent ticks any day
 * of this week up to today).
 */
import { describe, expect, it } from 'vitest';
import { API_ERRORS, APPROVAL_MESSAGES, FORM_MESSAGES } from '../../shared/messages';
import { parseCents } from '../../shared/money';
import { addDays, shortDate, weekdayOf } from '../../shared/time';
import { assignmentFor, makeFamily, type Family } from './support/family';

const cents = (amount: string) => parseCents(amount)!;

async function figures(f: Family, kid = 0) {
  const dash = (await f.parent.get('/api/dashboard')).body;
  const child = dash.children.find((c: { id: string }) => c.id === f.kids[kid]!.id);
  return { owed: cents(child.weeklyEarnings), week: cents(child.weekToDateEarned), today: cents(child.earnedToday), waiting: child.waitingCount as number, completed: child.completedCount as number };
}

async function gatedChore(f: Family, amount = '1.50', category = 'daily') {
  const res = await f.parent.post('/api/chores', { name: `Dishes ${Math.random().toString(36).slice(2, 6)}`, category, amount, difficultyLevel: 1, needsApproval: true });
  expect(res.status).toBe(201);
  expect(res.body.needsApproval).toBe(true);
  return res.body;
}

/** Today's assignment of `choreId` for kid 0, ticked by the child. */
async function childTicks(f: Family, choreId: string, kid = 0) {
  const a = await f.parent.post('/api/assignments', assignmentFor(f, f.kids[kid]!.id, choreId));
  const tick = await f.kids[kid]!.client.post('/api/child/complete-assignment', { assignmentId: a.body.id, completed: true });
  expect(tick.status).toBe(200);
  return { id: a.body.id as string, tick: tick.body };
}

describe('a tick that waits for a parent’s OK', () => {
  it('counts nowhere until a parent approves it; approving moves the money once, whoever asks twice', async () => {
    const f = await makeFamily({ kids: 1 });
    const chore = await gatedChore(f);
    const before = await figures(f);
    const { id, tick } = await childTicks(f, chore.id);
    expect(tick).toMatchObject({ isCompleted: true, waiting: true, earned: '0.00', canTakeBack: true, sentBackNote: null });
    const waiting = await figures(f);
    expect(waiting).toEqual({ ...before, waiting: 1 });
    const card = (await f.parent.get('/api/family/approvals')).body;
    expect(card).toMatchObject({ count: 1, children: [{ childId: f.kids[0]!.id, displayName: 'Kid 1', items: [{ assignmentId: id, choreName: chore.name, date: f.clock.today, amount: '1.50', isContinuous: false }] }] });
    // The child's own screen says it waits and does not count it.
    const mine = (await f.kids[0]!.client.get('/api/child/assignments')).body;
    expect(mine.assignments.find((a: { id: string }) => a.id === id)).toMatchObject({ waiting: true, isCompleted: true });
    expect(mine.earnings.today).toBe(before.today === 0 ? '0.00' : mine.earnings.today);

    const [one, two] = await Promise.all([f.parent.post(`/api/assignments/${id}/approve`, {}), f.parent.post(`/api/assignments/${id}/approve`, {})]);
    expect([one.status, two.status]).toEqual([200, 200]);
    expect(one.body).toMatchObject({ waiting: false, isCompleted: true, earned: '1.50', canTakeBack: false });
    const after = await figures(f);
    expect(after.owed - before.owed).toBe(150);
    expect(after.week - before.week).toBe(150);
    expect(after.today - before.today).toBe(150);
    expect(after.waiting).toBe(0);
    expect(after.completed).toBe(before.completed + 1);
    expect((await f.parent.post(`/api/assignments/${id}/approve`, {})).status).toBe(200);
    expect((await figures(f)).owed).toBe(after.owed);
    expect((await f.parent.get('/api/family/approvals')).body).toEqual({ count: 0, children: [] });
    // Once approved, the child can no longer take it back; a parent still can.
    const takeBack = await f.kids[0]!.client.post('/api/child/complete-assignment', { assignmentId: id, completed: false });
    expect(takeBack).toMatchObject({ status: 409, body: { message: APPROVAL_MESSAGES.approvedAlready } });
    const kinds = (await f.parent.get('/api/family/activity')).body.events.map((e: { kind: string; waiting?: boolean }) => `${e.kind}${e.waiting ? ' (waiting)' : ''}`);
    expect(kinds.slice(0, 2)).toEqual(['approve', 'tick (waiting)']);
  });

  it('sent back with a note: the chore is to do again, the child sees the note, and ticking again waits again', async () => {
    const f = await makeFamily({ kids: 1 });
    await f.parent.put('/api/account/profile', { firstName: 'Alex', lastName: 'Rivera' });
    const chore = await gatedChore(f);
    const { id } = await childTicks(f, chore.id);
    const back = await f.parent.post(`/api/assignments/${id}/send-back`, { note: '  The pans are still dirty  ' });
    expect(back).toMatchObject({ status: 200, body: { isCompleted: false, waiting: false, sentBackNote: 'The pans are still dirty' } });
    const seen = (await f.kids[0]!.client.get('/api/child/assignments')).body.assignments.find((a: { id: string }) => a.id === id);
    expect(seen).toMatchObject({ isCompleted: false, sentBackNote: 'The pans are still dirty' });
    expect((await figures(f)).waiting).toBe(0);
    expect((await f.parent.post(`/api/assignments/${id}/send-back`, {})).status).toBe(409);
    expect((await f.parent.post(`/api/assignments/${id}/approve`, {}))).toMatchObject({ status: 409, body: { message: APPROVAL_MESSAGES.notWaiting } });
    const again = await f.kids[0]!.client.post('/api/child/complete-assignment', { assignmentId: id, completed: true });
    expect(again.body).toMatchObject({ waiting: true, sentBackNote: null });
    const log = (await f.parent.get('/api/family/activity')).body.events;
    expect(log[1]).toMatchObject({ kind: 'send-back', text: 'The pans are still dirty', by: { name: 'Alex Rivera' } });
    expect(log[1].summary).toBe(`Alex Rivera sent back ${chore.name} (${shortDate(f.clock.today)}) to Kid 1: “The pans are still dirty”`);
  });

  it('the weekly report lists what still waits, and counts it in none of its figures', async () => {
    const f = await makeFamily({ kids: 1 });
    const chore = await gatedChore(f, '4.00');
    await childTicks(f, chore.id);
    const report = await f.parent.get('/api/reports/weekly');
    expect(report.status).toBe(200);
    expect(report.text).toContain(`Waiting for your OK (1):</strong> ${chore.name}`);
    expect(report.text).toContain('$4.00');
    expect(report.text).toContain('earned <strong>$0.00</strong> this week');
    // The export says so too: earned nothing yet, not paid, waiting.
    const json = (await f.parent.get('/api/family/export')).body;
    expect(json.assignments.find((a: { choreId: string }) => a.choreId === chore.id)).toMatchObject({ earned: '0.00', paid: false, waiting: true });
    const csv = (await f.parent.get('/api/family/export/completions.csv')).text;
    expect(csv.split('\n').find((line) => line.includes(chore.name))).toMatch(/,\$0\.00,[^,]+,waiting,dated,USD/);
  });

  it('a waiting tick the child takes back leaves the queue, and cannot be approved after', async () => {
    const f = await makeFamily({ kids: 1 });
    const chore = await gatedChore(f);
    const { id } = await childTicks(f, chore.id);
    const back = await f.kids[0]!.client.post('/api/child/complete-assignment', { assignmentId: id, completed: false });
    expect(back).toMatchObject({ status: 200, body: { isCompleted: false, waiting: false } });
    expect((await f.parent.get('/api/family/approvals')).body.count).toBe(0);
    expect((await f.parent.post(`/api/assignments/${id}/approve`, {})).status).toBe(409);
    expect((await figures(f)).owed).toBe(0);
  });

  it('a parent’s own tick of such a chore counts at once, and only a parent can take it back', async () => {
    const f = await makeFamily({ kids: 1 });
    const chore = await gatedChore(f, '2.00');
    const a = await f.parent.post('/api/assignments', assignmentFor(f, f.kids[0]!.id, chore.id));
    const done = await f.parent.put(`/api/assignments/${a.body.id}/complete`, { completed: true });
    expect(done.body).toMatchObject({ isCompleted: true, waiting: false, earned: '2.00' });
    expect((await figures(f)).owed).toBe(200);
    expect((await f.kids[0]!.client.post('/api/child/complete-assignment', { assignmentId: a.body.id, completed: false })).status).toBe(409);
    expect((await f.parent.put(`/api/assignments/${a.body.id}/complete`, { completed: false })).status).toBe(200);
    expect((await figures(f)).owed).toBe(0);
  });

  it('approving and taking back at the same moment: exactly one wins, the money follows it, and the loser says so (409)', async () => {
    const f = await makeFamily({ kids: 1 });
    let owedWant = 0;
    for (let round = 0; round < 8; round++) {
      const chore = await gatedChore(f);
      const { id } = await childTicks(f, chore.id);
      const [approve, takeBack] = await Promise.all([
        f.parent.post(`/api/assignments/${id}/approve`, {}),
        f.kids[0]!.client.post('/api/child/complete-assignment', { assignmentId: id, completed: false }),
      ]);
      for (const r of [approve, takeBack]) expect([200, 409]).toContain(r.status);
      const state = (await f.parent.get('/api/children')).body[0].assignments.find((a: { id: string }) => a.id === id);
      // Either approved (counted, still ticked) or taken back (not ticked, nothing counted): never both.
      if (state.isCompleted) {
        expect(state).toMatchObject({ waiting: false, earned: '1.50' });
        // The approval won: the take-back did not happen, and says so with the usual message (issue 29 point 14: it answered 200).
        expect(takeBack).toMatchObject({ status: 409, body: { message: APPROVAL_MESSAGES.approvedAlready } });
        expect(approve.status).toBe(200);
        owedWant += 150;
      } else {
        expect(approve.status).toBe(409);
        expect(takeBack).toMatchObject({ status: 200, body: { isCompleted: false } });
      }
      expect((await figures(f)).owed).toBe(owedWant);
    }
    expect((await f.parent.get('/api/family/approvals')).body.count).toBe(0);
  });

  it('approve all approves every waiting tick of the child (ongoing chores too), each once', async () => {
    const f = await makeFamily({ kids: 2 });
    const daily = await gatedChore(f, '1.00');
    const ongoing = await gatedChore(f, '0.75', 'continuous');
    await childTicks(f, daily.id);
    await f.parent.post('/api/continuous-assignments', { childId: f.kids[0]!.id, choreId: ongoing.id, daysOfWeek: [] });
    const c = await f.kids[0]!.client.post('/api/child/complete-assignment', { assignmentId: `c.${f.kids[0]!.id}.${ongoing.id}`, completed: true });
    expect(c.body).toMatchObject({ waiting: true, waitingDates: [f.clock.today] });
    await childTicks(f, daily.id, 1);
    expect((await f.parent.get('/api/family/approvals')).body.count).toBe(3);
    const all = await f.parent.post(`/api/children/${f.kids[0]!.id}/approve-all`, {});
    expect(all).toMatchObject({ status: 200, body: { childId: f.kids[0]!.id, approved: 2, amount: '1.75' } });
    expect((await figures(f)).owed).toBe(175);
    expect((await f.parent.post(`/api/children/${f.kids[0]!.id}/approve-all`, {})).body).toMatchObject({ approved: 0, amount: '0.00' });
    const card = (await f.parent.get('/api/family/approvals')).body;
    expect(card).toMatchObject({ count: 1, children: [{ childId: f.kids[1]!.id }] });
  });

  it('new chores follow the family default; a chore can say otherwise', async () => {
    const f = await makeFamily({ kids: 1 });
    expect((await f.parent.get('/api/account')).body.family.approvalByDefault).toBe(false);
    expect((await f.parent.post('/api/chores', { name: 'Before', category: 'daily', amount: '1.00', difficultyLevel: 1 })).body.needsApproval).toBe(false);
    expect((await f.parent.put('/api/family/approvals', { approvalByDefault: true })).body).toEqual({ approvalByDefault: true });
    expect((await f.parent.get('/api/account')).body.family.approvalByDefault).toBe(true);
    expect((await f.parent.post('/api/chores', { name: 'After', category: 'daily', amount: '1.00', difficultyLevel: 1 })).body.needsApproval).toBe(true);
    expect((await f.parent.post('/api/chores', { name: 'Opt out', category: 'daily', amount: '1.00', difficultyLevel: 1, needsApproval: false })).body.needsApproval).toBe(false);
    expect((await f.parent.put('/api/family/approvals', { approvalByDefault: 'yes' }))).toMatchObject({ status: 400, body: { message: APPROVAL_MESSAGES.approvalDefaultInvalid } });
    // Turning it on for an existing chore makes the next tick wait.
    const chore = (await f.parent.get('/api/chores')).body.find((c: { name: string }) => c.name === 'Before');
    const put = await f.parent.put(`/api/chores/${chore.id}`, { ...chore, needsApproval: true });
    expect(put.body.needsApproval).toBe(true);
    const { tick } = await childTicks(f, chore.id);
    expect(tick.waiting).toBe(true);
  });
});

describe('who may correct a tick, and when', () => {
  it('a child takes back their own tick of a chore without approval the same day', async () => {
    const f = await makeFamily({ kids: 1 });
    const { id, tick } = await childTicks(f, f.chores.daily.id);
    expect(tick).toMatchObject({ isCompleted: true, waiting: false, canTakeBack: true });
    expect((await f.kids[0]!.client.post('/api/child/complete-assignment', { assignmentId: id, completed: false })).status).toBe(200);
  });

  it('a parent ticks an earlier day of this week (even a weekly chore off its day), never a future day or an earlier week', async () => {
    const f = await makeFamily({ kids: 1 });
    const kid = f.kids[0]!.id;
    const earlier = f.clock.today === f.clock.weekStart ? null : f.clock.weekStart;
    if (earlier) {
      const a = await f.parent.post('/api/assignments', assignmentFor(f, kid, f.chores.weekly.id, earlier));
      // The child may not tick a weekly chore off its day; the parent may (a forgotten tick).
      expect((await f.kids[0]!.client.post('/api/child/complete-assignment', { assignmentId: a.body.id, completed: true })).body.message).toBe(FORM_MESSAGES.wrongDay);
      expect((await f.parent.put(`/api/assignments/${a.body.id}/complete`, { completed: true })).body).toMatchObject({ isCompleted: true });
    }
    if (weekdayOf(f.clock.today) !== 'saturday') {
      const tomorrow = addDays(f.clock.today, 1);
      const b = await f.parent.post('/api/assignments', assignmentFor(f, kid, f.chores.daily.id, tomorrow));
      expect(await f.parent.put(`/api/assignments/${b.body.id}/complete`, { completed: true })).toMatchObject({ status: 400, body: { message: FORM_MESSAGES.notYet } });
    }
    const lastWeek = addDays(f.clock.weekStart, -3);
    const old = await f.parent.post('/api/assignments', { childId: kid, choreId: f.chores.daily.id, weekStart: addDays(f.clock.weekStart, -7), assignedDate: lastWeek, dayOfWeek: weekdayOf(lastWeek) });
    expect(await f.parent.put(`/api/assignments/${old.body.id}/complete`, { completed: true })).toMatchObject({ status: 400, body: { message: APPROVAL_MESSAGES.notThisWeek } });
  });

  it('a parent ticks an ongoing chore for an earlier day of this week with `date`; a child may not name a day', async () => {
    const f = await makeFamily({ kids: 1 });
    const kid = f.kids[0]!.id;
    await f.parent.post('/api/continuous-assignments', { childId: kid, choreId: f.chores.continuous.id, daysOfWeek: [] });
    const id = `c.${kid}.${f.chores.continuous.id}`;
    const day = f.clock.weekStart;
    const done = await f.parent.put(`/api/assignments/${id}/complete`, { completed: true, date: day });
    expect(done.status).toBe(200);
    expect(done.body.completedDates).toContain(day);
    expect((await figures(f)).owed).toBe(100);
    expect((await f.parent.put(`/api/assignments/${id}/complete`, { completed: true, date: addDays(f.clock.weekStart, -1) }))).toMatchObject({ status: 400, body: { message: APPROVAL_MESSAGES.notThisWeek } });
    expect((await f.parent.put(`/api/assignments/${id}/complete`, { completed: true, date: 'monday' })).status).toBe(400);
    const undone = await f.parent.put(`/api/assignments/${id}/complete`, { completed: false, date: day });
    expect(undone.body.completedDates).not.toContain(day);
    expect((await figures(f)).owed).toBe(0);
  });

  it('a child cannot take back yesterday’s tick (only a parent can), and nobody unticks what was paid out', async () => {
    const f = await makeFamily({ kids: 1 });
    const { id } = await childTicks(f, f.chores.daily.id);
    // data/ answers a refusal as an outcome; http/completion-answers.ts turns it into the error the API sends.
    const { completeAssignment: complete } = await import('../../functions/data/ticks/completion');
    const { completionAnswer } = await import('../../functions/http/completion-answers');
    const completeAssignment = async (...args: Parameters<typeof complete>) => completionAnswer(await complete(...args));
    const familyId = (await f.parent.get('/api/auth/parent-user')).body.familyId as string;
    const tomorrow = new Date(Date.now() + 26 * 3_600_000);
    const child = { role: 'child' as const, id: f.kids[0]!.id, name: 'Kid 1' };
    await expect(completeAssignment(familyId, id, false, tomorrow, child, f.kids[0]!.id)).rejects.toMatchObject({ status: 409, message: APPROVAL_MESSAGES.pastDay });
    expect((await f.parent.post(`/api/children/${f.kids[0]!.id}/reset-earnings`, {})).status).toBe(200);
    expect(await f.parent.put(`/api/assignments/${id}/complete`, { completed: false })).toMatchObject({ status: 409, body: { message: API_ERRORS.alreadyPaid } });
  });
});
