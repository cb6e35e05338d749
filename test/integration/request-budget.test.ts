/** The dashboard, the children list and a child's own view cost a bounded number of DynamoDB requests. */
import { describe, expect, it } from 'vitest';
import { ACCOUNT_PAGES } from '../../shared/account-pages';
import { SCREEN_HEADER, WHOLE_SCREEN } from '../../shared/start-data';
import { linkToken, mailbox, signUpWithWelcome } from './support/account';
import { TestClient, uniqueEmail } from './support/client';
import { assignmentFor, makeFamily, type Family } from './support/family';
import { familyIdOf, makeDue, startJob } from './support/weekly-job';

async function budgets(f: Family) {
  const count = (r: { headers: Headers }) => Number(r.headers.get('x-dynamodb-requests'));
  return {
    dashboard: count(await f.parent.get('/api/dashboard')),
    children: count(await f.parent.get('/api/children')),
    // The calls the parent's screens made before issue 31 besides the dashboard and the children list.
    parentUser: count(await f.parent.get('/api/auth/parent-user')),
    chores: count(await f.parent.get('/api/chores')),
    approvals: count(await f.parent.get('/api/family/approvals')),
    // The dashboard's first call, asking for the whole screen (shared/start-data.ts SCREEN_HEADER).
    childView: count(await f.kids[0]!.client.get('/api/child/assignments', { [SCREEN_HEADER]: WHOLE_SCREEN })),
    // The spec's call alone, as a tick's refresh makes it (and as the dashboard's call was before it held the savings and the log).
    childWeekAlone: count(await f.kids[0]!.client.get('/api/child/assignments')),
    childContinuous: count(await f.kids[0]!.client.get('/api/child/continuous-assignments')),
    childUser: count(await f.kids[0]!.client.get('/api/auth/child-user')),
    // The calls the child's dashboard made besides the week before issue 31's last step (its goal card and money news).
    childMoney: count(await f.kids[0]!.client.get('/api/child/money')),
    childActivity: count(await f.kids[0]!.client.get('/api/child/activity')),
    account: count(await f.parent.get('/api/account')),
    members: count(await f.parent.get('/api/family/members')),
    // The export reads the whole partition: one Query per 1 MB page (both families fit one page here).
    exportJson: count(await f.parent.get('/api/family/export')),
    earningsHistory: count(await f.parent.get(`/api/children/${f.kids[0]!.id}/earnings-history?weeks=12`)),
    // Issue 21: the plan preview (session, family, the generator's two Queries) and the family's pause.
    preview: count(await f.parent.post('/api/assignments/preview', {})),
    familyPause: count(await f.parent.get('/api/family/pause')),
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
    // Each includes the one read of the caller's session record (docs/data-model.md "Request budgets");
    // the dashboard and the children list also read the ticks waiting for an OK (issue 19: one Query).
    expect(a.children).toBeLessThanOrEqual(9);
    // Issue 31: the dashboard's call answers the parent's dashboard and children page whole: the
    // children list's reads (the dashboard's own until then), the parent, the waiting ticks whole,
    // 12 weeks of aggregates instead of one and those weeks' payouts (one Query each).
    expect(a.dashboard).toBe(11);
    // What it replaces: the dashboard's parent-user, dashboard (the reads of the children list),
    // chores and approvals (when a tick waits), 19 requests; the children page's parent-user,
    // children, chores, dashboard and one earnings history per child, 29 with one child.
    expect(a.parentUser + a.children + a.chores + a.approvals).toBe(19);
    expect(a.parentUser + 2 * a.children + a.chores + a.earningsHistory).toBe(29);
    expect(a.childContinuous).toBeLessThanOrEqual(6);
    // Issue 31: the week's call also answers the user and the ongoing chores, from the items it reads
    // anyway, and on the dashboard's own call the savings and the log's first page: the savings'
    // two reads and the log's Query come on top of the week's 8. The dashboard's five calls (child-
    // user, the week, continuous, money and activity: 25 requests) became this one (11).
    // A tick's refresh still reads what it read before: the week with the user and the ongoing chores.
    expect(a.childWeekAlone).toBe(8);
    expect(a.childView).toBe(11);
    expect(a.childUser + a.childWeekAlone + a.childContinuous + a.childMoney + a.childActivity).toBe(25);
    expect(a.account).toBe(3);
    expect(a.members).toBe(3);
    expect(a.exportJson).toBe(4);
    // Session + family (time zone) + child (ownership) GetItems, then the child's week aggregates and
    // (issue 22: paid, saved, gave) payouts, one Query each in parallel.
    expect(a.earningsHistory).toBe(5);
    expect(a.preview).toBe(4);
    expect(a.familyPause).toBe(2);
  });
});

describe('request budget: approvals and the money ledger (issue 19)', () => {
  it('costs the same few requests whatever the family’s history', async () => {
    const count = (r: { headers: Headers; status: number }) => {
      expect(r.status).toBeLessThan(300);
      return Number(r.headers.get('x-dynamodb-requests'));
    };
    const measure = async (f: Family) => {
      const kid = f.kids[0]!;
      const chore = (await f.parent.post('/api/chores', { name: 'Gated', category: 'daily', amount: '1.00', difficultyLevel: 1, needsApproval: true })).body;
      const ids: string[] = [];
      for (let i = 0; i < 2; i++) {
        const other = (await f.parent.post('/api/chores', { name: `Gated ${i}`, category: 'daily', amount: '1.00', difficultyLevel: 1, needsApproval: true })).body;
        ids.push((await f.parent.post('/api/assignments', assignmentFor(f, kid.id, i === 0 ? chore.id : other.id))).body.id);
      }
      const figures: Record<string, number> = {};
      figures.childTickWaiting = count(await kid.client.post('/api/child/complete-assignment', { assignmentId: ids[0], completed: true }));
      await kid.client.post('/api/child/complete-assignment', { assignmentId: ids[1], completed: true });
      figures.approvals = count(await f.parent.get('/api/family/approvals'));
      figures.approve = count(await f.parent.post(`/api/assignments/${ids[0]}/approve`, {}));
      figures.sendBack = count(await f.parent.post(`/api/assignments/${ids[1]}/send-back`, { note: 'Again' }));
      figures.bonus = count(await f.parent.post(`/api/children/${kid.id}/adjustments`, { kind: 'bonus', amount: '1.00', reason: 'Budget' }));
      figures.deduction = count(await f.parent.post(`/api/children/${kid.id}/adjustments`, { kind: 'deduction', amount: '0.50', reason: 'Budget' }));
      figures.activityPage = count(await f.parent.get('/api/family/activity'));
      figures.childActivityPage = count(await f.parent.get(`/api/family/activity?child=${kid.id}`));
      figures.ownActivityPage = count(await kid.client.get('/api/child/activity'));
      figures.partPayout = count(await f.parent.post(`/api/children/${kid.id}/reset-earnings`, { amount: '0.25', method: 'cash' }));
      return figures;
    };
    const small = await makeFamily({ kids: 1 });
    const large = await makeFamily({ kids: 3 });
    // A long history: 60 log events and bonuses before measuring.
    for (let i = 0; i < 30; i++) await large.parent.post(`/api/children/${large.kids[0]!.id}/adjustments`, { kind: 'bonus', amount: '0.10', reason: `History ${i}` });
    const a = await measure(small);
    const b = await measure(large);
    expect(b).toEqual(a);
    expect(a).toEqual(BUDGETS_19);
  });
});

/** Measured (docs/data-model.md "Request budgets"): each includes the session read. */
const BUDGETS_19 = {
  // Session, the child, the family (clock), the child again (consistent: its round), the assignment, the chore; one transaction.
  childTickWaiting: 7,
  // Session, the waiting items (one Query), the children (names), the family (issue 22: the currency of the amounts).
  approvals: 4,
  // Session, the parent (the log's name), family, child, assignment, chore; one transaction.
  approve: 7,
  sendBack: 7,
  // Session, parent, child, the week and month totals; one transaction (plus the read-back of the answer).
  bonus: 8,
  deduction: 8,
  // Session and one Query, whatever the log's length, and the family item beside it (issue 22: the
  // summaries' money format); a child's filter also checks the child is the family's.
  activityPage: 3,
  childActivityPage: 4,
  ownActivityPage: 4,
  partPayout: 7,
};

describe('request budget: savings goals and jars (issue 22)', () => {
  it('costs the same few requests whatever the family’s size and history', async () => {
    const count = (r: { headers: Headers; status: number; text: string }) => {
      expect(r.status, r.text).toBeLessThan(300);
      return Number(r.headers.get('x-dynamodb-requests'));
    };
    const measure = async (f: Family) => {
      const kid = f.kids[0]!;
      await f.parent.put('/api/family/money', { jars: { spend: 50, save: 40, give: 10 } });
      const treat = (await kid.client.post('/api/child/goals', { name: 'Treat', target: '0.01', icon: 'treat' })).body;
      await f.parent.post(`/api/children/${kid.id}/adjustments`, { kind: 'bonus', amount: '5.00', reason: 'Budget' });
      await f.parent.post(`/api/children/${kid.id}/reset-earnings`, { amount: '2.00' });
      await kid.client.get('/api/child/money'); // the treat is seen reached once (its reachedAt), before measuring
      const figures: Record<string, number> = {};
      figures.createGoal = count(await f.parent.post(`/api/children/${kid.id}/goals`, { name: 'Bike', target: '50.00', icon: 'bike', topUpPercent: 10 }));
      const own = await kid.client.post('/api/child/goals', { name: 'Book', target: '4.00', icon: 'book' });
      figures.childCreateGoal = count(own);
      figures.updateGoal = count(await f.parent.put(`/api/children/${kid.id}/goals/${own.body.id}`, { topUpPercent: 50 }));
      figures.money = count(await f.parent.get(`/api/children/${kid.id}/money`));
      figures.childMoney = count(await kid.client.get('/api/child/money'));
      figures.celebrated = count(await kid.client.post(`/api/child/goals/${treat.id}/celebrated`, {}));
      figures.bought = count(await f.parent.post(`/api/children/${kid.id}/goals/${own.body.id}/bought`, {}));
      figures.withdrawal = count(await f.parent.post(`/api/children/${kid.id}/jars/spend/withdrawal`, { amount: '0.10' }));
      figures.history = count(await f.parent.get(`/api/children/${kid.id}/earnings-history?weeks=12`));
      figures.childHistory = count(await kid.client.get('/api/child/earnings-history?weeks=12'));
      figures.childDeleteGoal = count(await kid.client.delete(`/api/child/goals/${(await kid.client.post('/api/child/goals', { name: 'Gone', target: '1', icon: 'gift' })).body.id}`));
      figures.partPayoutWithJars = count(await f.parent.post(`/api/children/${kid.id}/reset-earnings`, { amount: '0.50', method: 'cash' }));
      return figures;
    };
    const small = await makeFamily({ kids: 1 });
    const large = await makeFamily({ kids: 3 });
    // A long history: bought goals, payouts into the jars, bonuses.
    const big = large.kids[0]!;
    await large.parent.put('/api/family/money', { jars: { spend: 50, save: 40, give: 10 } });
    for (let i = 0; i < 12; i++) {
      const g = (await large.parent.post(`/api/children/${big.id}/goals`, { name: `Old ${i}`, target: '1.00', icon: 'gift' })).body;
      await large.parent.post(`/api/children/${big.id}/adjustments`, { kind: 'bonus', amount: '1.00', reason: `History ${i}` });
      await large.parent.post(`/api/children/${big.id}/reset-earnings`, {});
      await large.parent.post(`/api/children/${big.id}/goals/${g.id}/bought`, {});
    }
    const a = await measure(small);
    const b = await measure(large);
    console.log(`issue 22, DynamoDB requests per call: ${JSON.stringify(a)}`);
    expect(b).toEqual(a);
    expect(a).toEqual(BUDGETS_22);
  });
});

/** Measured (each includes the session read). */
const BUDGETS_22 = {
  // Session, family, child (consistent), parent (names the goal's maker); one transaction; the goals and the pace (two Queries).
  createGoal: 7,
  // The same without the parent.
  childCreateGoal: 6,
  // Session, family, child; the update; the goals and the pace.
  updateGoal: 6,
  // Session, family, child; the goals and the pace (one Query each, in parallel).
  money: 5,
  childMoney: 5,
  // Session, family, child; the conditional update; the goals and the pace.
  celebrated: 6,
  // Session, family, child, parent; the goal; one transaction.
  bought: 6,
  // Session, family, child, parent; one transaction; the goals and the pace.
  withdrawal: 7,
  // Session, family, child; the week totals and the payouts (two Queries on GSI1, in parallel).
  history: 5,
  childHistory: 5,
  // Session; one transaction.
  childDeleteGoal: 2,
  // As before issue 22 (the family item, read for the clock anyway, gives the jars).
  partPayoutWithJars: 7,
};

describe('request budget: the account area', () => {
  it('costs a few requests per call, whatever the family (docs/data-model.md "Request budgets")', async () => {
    // Prepare
    const count = (r: { headers: Headers }) => Number(r.headers.get('x-dynamodb-requests'));
    const { email, client, welcome, user } = await signUpWithWelcome();
    const f = { parent: client, email };
    const figures: Record<string, number> = {};
    // Act
    figures.verifyEmail = count(await new TestClient().post('/api/auth/verify-email', { token: linkToken(welcome, ACCOUNT_PAGES.verifyEmail).token }));
    const { result: forgot, mail } = await mailbox.next(email, () => new TestClient().post('/api/auth/forgot-password', { email }), { match: (m) => m.subject.startsWith('Reset') });
    figures.forgotPassword = count(forgot);
    figures.resetPassword = count(await new TestClient().post('/api/auth/reset-password', { token: linkToken(mail, ACCOUNT_PAGES.resetPassword).token, password: 'secret123' }));
    await f.parent.post('/api/auth/parent-login', { email, password: 'secret123' });
    figures.account = count(await f.parent.get('/api/account'));
    figures.weeklyReport = count(await f.parent.put('/api/account/weekly-report', { enabled: true }));
    figures.timeZone = count(await f.parent.put('/api/family/time-zone', { timeZone: 'Europe/Paris' }));
    const invited = uniqueEmail('budget');
    const { result: invite, mail: invitation } = await mailbox.next(invited, () => f.parent.post('/api/family/invitations', { email: invited }));
    figures.invite = count(invite);
    figures.invitationPreview = count(await new TestClient().post('/api/auth/invitation', { token: linkToken(invitation, ACCOUNT_PAGES.invitation).token }));
    const second = new TestClient();
    figures.acceptInvitation = count(await second.post('/api/auth/accept-invitation', { token: linkToken(invitation, ACCOUNT_PAGES.invitation).token, firstName: 'Sam', password: 'second-1' }));
    figures.members = count(await f.parent.get('/api/family/members'));
    figures.changePassword = count(await f.parent.put('/api/account/password', { currentPassword: 'secret123', newPassword: 'secret123' }));
    figures.leave = count(await second.post('/api/family/leave'));
    figures.deleteFamily = count(await f.parent.delete('/api/family', { password: 'secret123' }));
    // Assess
    console.log(`account area, DynamoDB requests per call: ${JSON.stringify(figures)}`);
    expect(user.emailVerified).toBe(false);
    expect(figures).toEqual({
      verifyEmail: 3,
      forgotPassword: 5,
      // The link, the login, the change (with the pending address change dropped), the parent, the
      // family's parents for the notice (issue 17: it lists the others).
      resetPassword: 6,
      account: 3,
      weeklyReport: 4,
      timeZone: 3,
      // Issue 17: the per-client-address and per-recipient limits (counted first), then as before.
      invite: 10,
      invitationPreview: 4,
      acceptInvitation: 6,
      members: 3,
      // The session, the parent and family, the sign-in limits (3, then 3 given back), the login, the change.
      changePassword: 11,
      // The leaver's invitations are read and deleted in the same transaction (issue 17).
      leave: 5,
      deleteFamily: expect.any(Number),
    });
    // Sign-in limits (3 + 3), the reads, the mark, the sessions of the two users who ever signed in.
    expect(figures.deleteFamily).toBeLessThanOrEqual(16);
  });
});

describe('request budget: the Sunday job with the household planner (issue 21)', () => {
  it('plans 4 children and 30 chores using every issue-21 attribute, 4 weeks of history read, in at most 10 requests', async () => {
    // Prepare: the job's calls run in this process; 4 children (one with an away cycle), 30 chores
    // of which a third have a rhythm and who, a family pause that covers part of a later week.
    await (await startJob()).stop();
    const [{ runDueFamily }, { requestCounter }] = await Promise.all([import('../../functions/jobs/weekly/run-family'), import('../../functions/lib/db')]);
    const f = await makeFamily({ timeZone: 'UTC', kids: 4 });
    const id = await familyIdOf(f);
    await f.parent.put(`/api/children/${f.kids[0]!.id}/availability`, { cycles: [{ start: '2027-10-07', length: 14, away: [0, 1, 2, 3], label: "At Dad's" }], away: [], pause: null });
    const whos = [{ mode: 'each' }, { mode: 'first' }, { mode: 'one', turns: 'fair' }, { mode: 'one', turns: 'week' }];
    for (let i = 0; i < 26; i++) {
      const category = (['daily', 'weekly', 'continuous'] as const)[i % 3];
      const planned = i % 3 !== 2 && i % 2 === 0 ? { rhythm: { kind: 'days', days: ['monday', 'thursday'] }, who: whos[(i / 2) % 4] } : {};
      const res = await f.parent.post('/api/chores', { name: `Chore ${i}`, category, amount: '1.00', difficultyLevel: 1 + (i % 4), ...planned });
      expect(res.status, res.text).toBe(201);
    }
    await f.parent.put('/api/family/pause', { from: '2027-11-10', to: '2027-11-12' });
    const weeks = ['2027-10-10', '2027-10-17', '2027-10-24', '2027-10-31', '2027-11-07'];
    await makeDue(id, weeks[0]!, 'UTC');
    const counts: number[] = [];
    // Act: five Sundays in a row, so the last one reads four weeks of history.
    for (const w of weeks) {
      const counter = { count: 0 };
      const result = await requestCounter.run(counter, () => runDueFamily({ v: 1, familyId: id, dueWeek: w, tick: `${w}T00:00:00.000Z` }));
      expect(result).toMatchObject({ outcome: 'generated' });
      counts.push(counter.count);
    }
    // The same family size with none of it (weekly-job.test.ts's family): what a Sunday cost before issue 21.
    const plain = await makeFamily({ timeZone: 'UTC', kids: 4 });
    const plainId = await familyIdOf(plain);
    for (let i = 0; i < 26; i++) await plain.parent.post('/api/chores', { name: `Chore ${i}`, category: (['daily', 'weekly', 'continuous'] as const)[i % 3], amount: '1.00', difficultyLevel: 1 + (i % 4) });
    await makeDue(plainId, weeks[0]!, 'UTC');
    const plainCounter = { count: 0 };
    await requestCounter.run(plainCounter, () => runDueFamily({ v: 1, familyId: plainId, dueWeek: weeks[0]!, tick: `${weeks[0]}T00:00:00.000Z` }));
    // Assess
    console.log(`Sunday job, DynamoDB requests per run: issue-21 family weeks 1-5: ${counts.join(', ')}; plain family: ${plainCounter.count}`);
    for (const n of [...counts, plainCounter.count]) expect(n).toBeLessThanOrEqual(10);
  });
});
