/**
 * Every route × {signed out, parent of family A, parent of family B, child of A, other child of A}.
 * Family B's parent and the children try everything first; then family A must be exactly as before.
 * Family A's co-parents take the calls that end a parent's place in the family (leaving, being
 * removed), and deleting family A comes last of all.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { ROUTES, routeKey, type RouteKey } from '../../shared/routes';
import { ACCOUNT_PAGES } from '../../shared/account-pages';
import { addDays } from '../../shared/time';
import { linkToken, mailbox } from './support/account';
import { TestClient, uniqueEmail, uniqueName } from './support/client';
import { assignmentFor, makeFamily, type Family } from './support/family';

type Actor = 'signedOut' | 'parentA' | 'parentB' | 'childA' | 'otherChildA' | 'boardA';
interface Call {
  path: string;
  body?: unknown;
  /** Family A's co-parent who makes this call instead of A's first parent (leaving the family). */
  asCoParent?: true;
}

let A: Family;
let B: Family;
let ids: {
  assignment: string;
  continuousChore: string;
  invitation: string;
  coParent: string;
  entry: string;
  waitApprove: string;
  waitSendBack: string;
  /** Issue 22: family A's first child's goals (a parent's to change and delete, one to buy, the child's own, one reached to celebrate). */
  goal: string;
  goalToBuy: string;
  ownGoal: string;
  reachedGoal: string;
  /** Issue 32: family A's board (set up on a device of its own), revoked by A's parent in the matrix. */
  board: string;
};
/** Issue 32: the device that is family A's board. */
let boardA: TestClient;
/** Family A's co-parents: one leaves in the matrix, the other is removed by A's first parent. */
let leaver: TestClient;
/** The login family A's parent gives its first child in the matrix (others' tries are refused). */
const credentialsSetByParentA = { username: uniqueName('renamed'), password: 'newpass1' };

/** How to call each route with family A's ids. */
function callFor(key: RouteKey): Call {
  const kid = A.kids[0]!.id;
  const calls: Record<RouteKey, Call> = {
    'POST /api/auth/parent-signup': { path: '/api/auth/parent-signup', body: {} },
    'POST /api/auth/parent-login': { path: '/api/auth/parent-login', body: {} },
    'POST /api/auth/child-login': { path: '/api/auth/child-login', body: {} },
    'GET /api/auth/parent-user': { path: '/api/auth/parent-user' },
    'GET /api/auth/child-user': { path: '/api/auth/child-user' },
    'GET /api/logout': { path: '/api/logout' },
    'GET /api/auth/parent-logout': { path: '/api/auth/parent-logout' },
    'GET /api/children': { path: '/api/children' },
    'POST /api/children': { path: '/api/children', body: { displayName: 'Intruder' } },
    'PUT /api/children/{id}': { path: `/api/children/${kid}`, body: { displayName: 'Hacked' } },
    'DELETE /api/children/{id}': { path: `/api/children/${A.kids[1]!.id}` },
    'POST /api/children/{id}/reset-earnings': { path: `/api/children/${kid}/reset-earnings`, body: {} },
    'POST /api/children/{id}/adjustments': { path: `/api/children/${kid}/adjustments`, body: { kind: 'bonus', amount: '0.25', reason: 'Matrix bonus' } },
    'POST /api/children/{id}/adjustments/{entryId}/reversal': { path: `/api/children/${kid}/adjustments/${ids.entry}/reversal`, body: {} },
    'GET /api/child/activity': { path: '/api/child/activity' },
    'GET /api/family/activity': { path: `/api/family/activity?child=${kid}` },
    'PUT /api/children/{id}/chore-settings': { path: `/api/children/${kid}/chore-settings`, body: { dailyChoresCount: 0, weeklyChoresCount: 0, continuousChoresCount: 0 } },
    'POST /api/children/{id}/credentials': { path: `/api/children/${kid}/credentials`, body: credentialsSetByParentA },
    'GET /api/children/{id}/calendar': { path: `/api/children/${kid}/calendar` },
    'GET /api/children/{id}/earnings-history': { path: `/api/children/${kid}/earnings-history?weeks=12` },
    'GET /api/chores': { path: '/api/chores' },
    'POST /api/chores': { path: '/api/chores', body: { name: 'Intruder chore', category: 'daily', amount: '1.00', difficultyLevel: 1 } },
    'PUT /api/chores/{id}': { path: `/api/chores/${A.chores.weekly.id}`, body: { name: 'Hacked', category: 'weekly', amount: '99.00', difficultyLevel: 1 } },
    'DELETE /api/chores/{id}': { path: `/api/chores/${A.chores.hard.id}` },
    'POST /api/assignments/generate': { path: '/api/assignments/generate', body: {} },
    'POST /api/assignments': { path: '/api/assignments', body: assignmentFor(A, kid, A.chores.weekly.id) },
    'PUT /api/assignments/{id}/complete': { path: `/api/assignments/${ids.assignment}/complete`, body: { completed: true } },
    'POST /api/assignments/{id}/approve': { path: `/api/assignments/${ids.waitApprove}/approve`, body: {} },
    'POST /api/assignments/{id}/send-back': { path: `/api/assignments/${ids.waitSendBack}/send-back`, body: { note: 'Matrix: once more' } },
    'POST /api/children/{id}/approve-all': { path: `/api/children/${kid}/approve-all`, body: {} },
    'GET /api/family/approvals': { path: '/api/family/approvals' },
    'DELETE /api/assignments/child/{childId}/week': { path: `/api/assignments/child/${kid}/week`, body: { weekStart: A.clock.weekStart } },
    'POST /api/continuous-assignments': { path: '/api/continuous-assignments', body: { childId: kid, choreId: A.chores.continuous.id, daysOfWeek: [] } },
    'DELETE /api/continuous-assignments/child/{childId}/chore/{choreId}': { path: `/api/continuous-assignments/child/${kid}/chore/${ids.continuousChore}` },
    'GET /api/dashboard': { path: '/api/dashboard' },
    'GET /api/child/assignments': { path: '/api/child/assignments' },
    'GET /api/child/continuous-assignments': { path: '/api/child/continuous-assignments' },
    'POST /api/child/complete-assignment': { path: '/api/child/complete-assignment', body: { assignmentId: ids.assignment, completed: true } },
    'GET /api/reports/weekly': { path: '/api/reports/weekly' },
    'POST /api/auth/forgot-password': { path: '/api/auth/forgot-password', body: {} },
    'POST /api/auth/reset-password': { path: '/api/auth/reset-password', body: {} },
    'POST /api/auth/verify-email': { path: '/api/auth/verify-email', body: {} },
    'POST /api/auth/confirm-email-change': { path: '/api/auth/confirm-email-change', body: {} },
    'POST /api/auth/cancel-email-change': { path: '/api/auth/cancel-email-change', body: {} },
    'POST /api/auth/invitation': { path: '/api/auth/invitation', body: {} },
    'POST /api/auth/accept-invitation': { path: '/api/auth/accept-invitation', body: {} },
    'GET /api/account': { path: '/api/account' },
    'PUT /api/account/profile': { path: '/api/account/profile', body: { firstName: 'Renamed' } },
    // The same password again: a real change (sessions, stamp) that leaves the later calls' password right.
    'PUT /api/account/password': { path: '/api/account/password', body: { currentPassword: 'secret123', newPassword: 'secret123' } },
    'POST /api/account/email-change': { path: '/api/account/email-change', body: { email: uniqueEmail('moving'), password: 'secret123' } },
    'DELETE /api/account/email-change': { path: '/api/account/email-change' },
    'POST /api/account/verification-email': { path: '/api/account/verification-email', body: {} },
    'PUT /api/account/weekly-report': { path: '/api/account/weekly-report', body: { enabled: true } },
    'GET /api/email/unsubscribe': { path: '/api/email/unsubscribe' },
    'POST /api/email/unsubscribe': { path: '/api/email/unsubscribe' },
    'PUT /api/family/time-zone': { path: '/api/family/time-zone', body: { timeZone: 'Europe/Paris' } },
    'PUT /api/family/approvals': { path: '/api/family/approvals', body: { approvalByDefault: false } },
    'GET /api/family/members': { path: '/api/family/members' },
    'POST /api/family/invitations': { path: '/api/family/invitations', body: { email: uniqueEmail('invited') } },
    'DELETE /api/family/invitations/{id}': { path: `/api/family/invitations/${ids.invitation}` },
    'DELETE /api/family/parents/{id}': { path: `/api/family/parents/${ids.coParent}` },
    'POST /api/family/leave': { path: '/api/family/leave', body: {}, asCoParent: true },
    'DELETE /api/family': { path: '/api/family', body: { password: 'secret123' } },
    'GET /api/family/export': { path: '/api/family/export' },
    'GET /api/family/export/completions.csv': { path: '/api/family/export/completions.csv' },
    'GET /api/family/export/payouts.csv': { path: '/api/family/export/payouts.csv' },
    // Issue 21: availability, the family's pause, the plan preview.
    'PUT /api/children/{id}/availability': { path: `/api/children/${kid}/availability`, body: { cycles: [], away: [{ from: addDays(A.clock.today, 30), to: addDays(A.clock.today, 31), label: 'Trip' }], pause: null } },
    'POST /api/assignments/preview': { path: '/api/assignments/preview', body: {} },
    'GET /api/family/pause': { path: '/api/family/pause' },
    'PUT /api/family/pause': { path: '/api/family/pause', body: { from: addDays(A.clock.today, 60), to: addDays(A.clock.today, 67) } },
    'DELETE /api/family/pause': { path: '/api/family/pause' },
    // Issue 22: money settings, goals and jars, the child's money page and history.
    'GET /api/family/money': { path: '/api/family/money' },
    'PUT /api/family/money': { path: '/api/family/money', body: { jars: { spend: 50, save: 40, give: 10 } } },
    'GET /api/children/{id}/money': { path: `/api/children/${kid}/money` },
    'POST /api/children/{id}/goals': { path: `/api/children/${kid}/goals`, body: { name: 'Matrix goal', target: '5.00', icon: 'gift', topUpPercent: 10 } },
    'PUT /api/children/{id}/goals/{goalId}': { path: `/api/children/${kid}/goals/${ids.goal}`, body: { name: 'Matrix goal, renamed' } },
    'DELETE /api/children/{id}/goals/{goalId}': { path: `/api/children/${kid}/goals/${ids.goal}` },
    'POST /api/children/{id}/goals/{goalId}/bought': { path: `/api/children/${kid}/goals/${ids.goalToBuy}/bought`, body: {} },
    'POST /api/children/{id}/jars/{jar}/withdrawal': { path: `/api/children/${kid}/jars/spend/withdrawal`, body: { amount: '0.01', note: 'Matrix' } },
    'GET /api/child/money': { path: '/api/child/money' },
    'POST /api/child/goals': { path: '/api/child/goals', body: { name: 'Matrix own goal', target: '2.00', icon: 'toy' } },
    'DELETE /api/child/goals/{goalId}': { path: `/api/child/goals/${ids.ownGoal}` },
    'POST /api/child/goals/{goalId}/celebrated': { path: `/api/child/goals/${ids.reachedGoal}/celebrated`, body: {} },
    'GET /api/child/earnings-history': { path: '/api/child/earnings-history?weeks=4' },
    // Issue 32: each person's own devices and settings; a child's reminder names the child.
    'GET /api/push/key': { path: '/api/push/key' },
    'GET /api/push/settings': { path: '/api/push/settings' },
    'PUT /api/push/settings': { path: '/api/push/settings', body: { approvals: true, weeklyReport: false, quietHours: { from: '21:00', to: '07:00' } } },
    'PUT /api/push/device': { path: '/api/push/device', body: MATRIX_DEVICE },
    'DELETE /api/push/device': { path: '/api/push/device', body: { endpoint: MATRIX_DEVICE.endpoint } },
    'POST /api/push/test': { path: '/api/push/test', body: { endpoint: NEVER_SUBSCRIBED } },
    'PUT /api/children/{id}/reminder': { path: `/api/children/${kid}/reminder`, body: { enabled: true, time: '16:30' } },
    'GET /api/child/push/settings': { path: '/api/child/push/settings' },
    'PUT /api/child/push/device': { path: '/api/child/push/device', body: MATRIX_DEVICE },
    'DELETE /api/child/push/device': { path: '/api/child/push/device', body: { endpoint: MATRIX_DEVICE.endpoint } },
    'POST /api/child/push/test': { path: '/api/child/push/test', body: { endpoint: NEVER_SUBSCRIBED } },
    // Issue 32: the family board. Setting one up in the matrix is tried with a wrong password (a
    // right one would make the caller's device the board); family A's board is set up beforehand.
    'PUT /api/children/{id}/pin': { path: `/api/children/${kid}/pin`, body: { pin: '2468' } },
    'DELETE /api/children/{id}/pin': { path: `/api/children/${kid}/pin` },
    'GET /api/family/boards': { path: '/api/family/boards' },
    'POST /api/family/boards': { path: '/api/family/boards', body: { password: 'not-the-password', name: 'Matrix board' } },
    'DELETE /api/family/boards/{id}': { path: `/api/family/boards/${ids.board}` },
    'GET /api/board': { path: '/api/board' },
    'POST /api/board/sign-in': { path: '/api/board/sign-in', body: { childId: A.kids[2]!.id, pin: '1357' } },
    'POST /api/board/sign-out': { path: '/api/board/sign-out', body: {} },
    'POST /api/board/complete-assignment': { path: '/api/board/complete-assignment', body: { assignmentId: ids.assignment, completed: true } },
  };
  return calls[key];
}

/** A device's push subscription (well-formed; nothing is ever sent to it) and an address no device has. */
const MATRIX_DEVICE = { endpoint: 'https://push.example.test/matrix-device', keys: { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) } };
const NEVER_SUBSCRIBED = 'https://push.example.test/never-subscribed';
/** "Send a test" to a device the caller never turned on: not found, for whoever asks. */
const PUSH_TEST_ROUTES: RouteKey[] = ['POST /api/push/test', 'POST /api/child/push/test'];

/** Routes whose path or body names one of family A's objects. */
const namesAnId = (key: string) => /\{|POST \/api\/assignments$|POST \/api\/continuous-assignments|complete-assignment/.test(key);

/** Family B's only parent cannot leave it; deleting family B is its own business (tested in family-deletion.test.ts). */
// Parent B's address is confirmed (inviting takes it, issue 17), so asking for a new link is a 409.
// Family A's child named in the activity log's filter is not found in family B.
const PARENT_B: Partial<Record<RouteKey, number[]>> = {
  'POST /api/family/leave': [409],
  'DELETE /api/family': [],
  'POST /api/account/verification-email': [409],
  'GET /api/family/activity': [404],
  // Issue 32: a wrong password (see callFor).
  'POST /api/family/boards': [403],
};

/** Family A's board: its third child has no PIN (403), and nobody is signed in on it to tick (403). */
const BOARD_A: Partial<Record<RouteKey, number[]>> = {
  'POST /api/board/sign-in': [403],
  'POST /api/board/complete-assignment': [403],
};

const CHILD_OWN_GOAL_ROUTES: RouteKey[] = ['DELETE /api/child/goals/{goalId}', 'POST /api/child/goals/{goalId}/celebrated'];

function expected(actor: Actor, key: RouteKey, access: string): number[] {
  if (access === 'public') return [];
  if (actor === 'signedOut') return [401];
  // Issue 32: only a board reaches the board's routes, and a board reaches nothing else.
  if ((access === 'board') !== (actor === 'boardA')) return [401];
  if (access === 'board') return BOARD_A[key] ?? [200];
  if (PUSH_TEST_ROUTES.includes(key) && ((access === 'parent' && actor.startsWith('parent')) || (access === 'child' && !actor.startsWith('parent')))) return [404];
  if (access === 'parent') {
    if (actor === 'childA' || actor === 'otherChildA') return [401];
    if (actor === 'parentB') return PARENT_B[key] ?? (namesAnId(key) ? [404] : [200, 201, 202]);
    return [200, 201, 202];
  }
  // child routes
  if (actor === 'parentA' || actor === 'parentB') return [401];
  if (actor === 'otherChildA' && key === 'POST /api/child/complete-assignment') return [404];
  // Issue 22: a child reaches only their own goals; another child's goal is not found.
  if (actor === 'otherChildA' && CHILD_OWN_GOAL_ROUTES.includes(key)) return [404];
  if (key === 'POST /api/child/goals') return [201];
  return [200];
}

describe('authorization matrix', () => {
  beforeAll(async () => {
    A = await makeFamily({ confirmed: true, kids: 3 });
    B = await makeFamily({ confirmed: true, kids: 1 });
    const a = await A.parent.post('/api/assignments', assignmentFor(A, A.kids[0]!.id, A.chores.daily.id));
    await A.parent.post('/api/continuous-assignments', { childId: A.kids[0]!.id, choreId: A.chores.continuous.id, daysOfWeek: [] });
    // Two co-parents (one leaves, one is removed) and an open invitation (revoked) in family A.
    const join = async () => {
      const email = uniqueEmail('co');
      const { mail } = await mailbox.next(email, () => A.parent.post('/api/family/invitations', { email }));
      const client = new TestClient();
      const res = await client.post('/api/auth/accept-invitation', { token: linkToken(mail, ACCOUNT_PAGES.invitation).token, firstName: 'Co', password: 'co-pass-1' });
      return { client, id: res.body.id as string };
    };
    leaver = (await join()).client;
    const removed = await join();
    const invitation = await A.parent.post('/api/family/invitations', { email: uniqueEmail('pending') });
    // A deduction to reverse (reversing gives money back: allowed whatever family A's parent pays out meanwhile).
    await A.parent.post(`/api/children/${A.kids[0]!.id}/adjustments`, { kind: 'bonus', amount: '1.00', reason: 'For the matrix' });
    const bonus = await A.parent.post(`/api/children/${A.kids[0]!.id}/adjustments`, { kind: 'deduction', amount: '0.50', reason: 'For the matrix' });
    // Two ticks of the second child waiting for a parent's OK (one to approve, one to send back).
    const waiting: string[] = [];
    for (const name of ['Matrix gated 1', 'Matrix gated 2']) {
      const gated = await A.parent.post('/api/chores', { name, category: 'daily', amount: '0.40', difficultyLevel: 1, needsApproval: true });
      const w = await A.parent.post('/api/assignments', assignmentFor(A, A.kids[1]!.id, gated.body.id));
      const t = await A.kids[1]!.client.post('/api/child/complete-assignment', { assignmentId: w.body.id, completed: true });
      if (!t.body.waiting) throw new Error(`waiting tick: ${t.status} ${t.text}`);
      waiting.push(w.body.id);
    }
    // Issue 22: jars on; a goal the first child reaches (to celebrate), a payout into the jars, goals to change, buy and delete.
    const kid0 = A.kids[0]!;
    await A.parent.put('/api/family/money', { jars: { spend: 50, save: 40, give: 10 } });
    const reached = await kid0.client.post('/api/child/goals', { name: 'Matrix treat', target: '0.01', icon: 'treat' });
    await A.parent.post(`/api/children/${kid0.id}/adjustments`, { kind: 'bonus', amount: '1.00', reason: 'For the matrix jars' });
    await A.parent.post(`/api/children/${kid0.id}/reset-earnings`, { amount: '1.00' });
    if ((await kid0.client.get('/api/child/money')).body.goals[0]?.status !== 'reached') throw new Error('matrix: the goal to celebrate is not reached');
    const goal = await A.parent.post(`/api/children/${kid0.id}/goals`, { name: 'Matrix bike', target: '50.00', icon: 'bike' });
    const goalToBuy = await A.parent.post(`/api/children/${kid0.id}/goals`, { name: 'Matrix book', target: '3.00', icon: 'book', topUpPercent: 50 });
    const ownGoal = await kid0.client.post('/api/child/goals', { name: 'Matrix own', target: '1.00', icon: 'toy' });
    // Issue 32: another device of A's parent becomes family A's board.
    boardA = new TestClient();
    await boardA.post('/api/auth/parent-login', { email: A.email, password: 'secret123' });
    const board = await boardA.post('/api/family/boards', { password: 'secret123', name: 'Matrix kitchen' });
    if (board.status !== 201) throw new Error(`board: ${board.status} ${board.text}`);
    ids = {
      board: board.body.id,
      goal: goal.body.id,
      goalToBuy: goalToBuy.body.id,
      ownGoal: ownGoal.body.id,
      reachedGoal: reached.body.id,
      assignment: a.body.id,
      continuousChore: A.chores.continuous.id,
      invitation: invitation.body.id,
      coParent: removed.id,
      entry: bonus.body.id,
      waitApprove: waiting[0]!,
      waitSendBack: waiting[1]!,
    };
  });

  it('lets nobody outside family A read or change its data, and lets family A do everything', async () => {
    const snapshot = async () => ({
      dashboard: (await A.parent.get('/api/dashboard')).body,
      chores: (await A.parent.get('/api/chores')).body,
      members: (await A.parent.get('/api/family/members')).body,
      account: (await A.parent.get('/api/account')).body,
    });
    const before = await snapshot();
    const clients: Record<Exclude<Actor, 'parentA'>, TestClient> = {
      boardA,
      signedOut: new TestClient(),
      parentB: B.parent,
      childA: A.kids[0]!.client,
      otherChildA: A.kids[2]!.client,
    };
    const results: string[] = [];
    const mismatches: string[] = [];
    for (const actor of ['signedOut', 'parentB', 'otherChildA', 'childA', 'boardA'] as const) {
      for (const route of ROUTES) {
        const key = routeKey(route);
        const want = expected(actor, key, route.access);
        if (!want.length) continue;
        // The child-of-A tick would change A's data legitimately; it is checked separately below.
        if (actor === 'childA' && key === 'POST /api/child/complete-assignment') continue;
        const call = callFor(key);
        const res = await clients[actor].request(route.method, call.path, route.method === 'GET' ? undefined : (call.body ?? {}));
        results.push(`${actor} ${key} ${res.status}`);
        if (!want.includes(res.status)) mismatches.push(`${actor} ${key}: got ${res.status} ${res.text.slice(0, 80)}, want ${want.join('|')}`);
        if (actor === 'parentB' && res.status < 300) expect(res.text).not.toContain(A.kids[0]!.id);
      }
    }
    const after = await snapshot();
    expect(mismatches).toEqual([]);
    expect(after).toEqual(before);

    // Family A's parent can do everything (the order keeps ids valid: deletes come last; deleting the family after all).
    const order = ROUTES.filter((r) => r.access === 'parent' && routeKey(r) !== 'DELETE /api/family').sort((x, y) => Number(x.method === 'DELETE') - Number(y.method === 'DELETE'));
    for (const route of order) {
      const key = routeKey(route);
      const call = callFor(key);
      const res = await (call.asCoParent ? leaver : A.parent).request(route.method, call.path, route.method === 'GET' ? undefined : (call.body ?? {}));
      // A confirmed parent (inviting takes it) is let through to "already confirmed".
      // "Send a test" to a device never turned on: not found (issue 32); setting up a board: a wrong password (see callFor).
      const allowed = key === 'POST /api/account/verification-email' ? [409] : PUSH_TEST_ROUTES.includes(key) ? [404] : key === 'POST /api/family/boards' ? [403] : [200, 201, 202];
      if (!allowed.includes(res.status)) mismatches.push(`parentA ${key}: got ${res.status} ${res.text.slice(0, 80)}`);
    }
    // Family A's parent set a new login for the first child above: its old session has ended.
    const kid = A.kids[0]!;
    expect((await kid.client.get('/api/auth/child-user')).status).toBe(401);
    const relogin = await kid.client.post('/api/auth/child-login', credentialsSetByParentA);
    const tick = await kid.client.post('/api/child/complete-assignment', { assignmentId: ids.assignment, completed: true });
    expect(mismatches).toEqual([]);
    expect(relogin.status).toBe(200);
    expect(tick.status).toBe(200);
    expect(results.length).toBeGreaterThan(80);
    // Issue 32: A's parent revoked A's board in the matrix: its cookie stopped working.
    expect((await boardA.get('/api/board')).status).toBe(401);
  });

  it('refuses another family\'s child named in a chore\'s who (issue 21), from either side', async () => {
    // Prepare
    const before = (await A.parent.get('/api/chores')).body;
    const chore = (who: unknown) => ({ name: 'Shared trash', category: 'daily', amount: '0.50', difficultyLevel: 1, who });
    // Act
    const intoA = await B.parent.post('/api/chores', chore({ mode: 'first', children: [A.kids[0]!.id] }));
    const eachIntoA = await B.parent.post('/api/chores', chore({ mode: 'each', children: [{ childId: A.kids[0]!.id }] }));
    const mixed = await A.parent.post('/api/chores', chore({ mode: 'one', turns: 'fair', children: [A.kids[0]!.id, B.kids[0]!.id] }));
    const update = await A.parent.put(`/api/chores/${A.chores.daily.id}`, { ...chore({ mode: 'first', children: [B.kids[0]!.id] }), name: 'Make bed' });
    const availabilityOfA = await B.parent.put(`/api/children/${A.kids[0]!.id}/availability`, { cycles: [], away: [], pause: null });
    // Assess
    for (const res of [intoA, eachIntoA, mixed, update]) {
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/not in your family/);
    }
    expect(availabilityOfA.status).toBe(404);
    expect((await A.parent.get('/api/chores')).body).toEqual(before);
  });

  it('refuses every unsafe route sent from another site, or naming no source, even with a valid session (CSRF)', async () => {
    const snapshot = async () => ({ dashboard: (await A.parent.get('/api/dashboard')).body, chores: (await A.parent.get('/api/chores')).body });
    const before = await snapshot();
    // Signed links (the one-click unsubscribe) are authorized by their token, not by a cookie.
    const unsafe = ROUTES.filter((r) => r.method !== 'GET' && !('signedLink' in r));
    const variants: Record<string, string>[] = [
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
      { origin: 'https://evil.example' },
      { origin: 'null' },
      { referer: 'https://evil.example/csrf.html' },
      {},
    ];
    const mismatches: string[] = [];
    for (const route of unsafe) {
      const owner = route.access === 'child' ? A.kids[1]!.client : A.parent;
      for (const headers of variants) {
        const forged = new TestClient(undefined, headers, owner.from);
        forged.cookie = owner.cookie;
        const call = callFor(routeKey(route));
        const res = await forged.request(route.method, call.path, call.body ?? {});
        if (res.status !== 403 || res.body?.message !== 'Cross-site requests are not allowed') mismatches.push(`${routeKey(route)} ${JSON.stringify(headers)}: ${res.status}`);
      }
    }
    expect(mismatches).toEqual([]);
    expect(await snapshot()).toEqual(before);
  });

  it('lets family A\'s first parent delete the family, last of all', async () => {
    const call = callFor('DELETE /api/family');
    const gone = await A.parent.request('DELETE', call.path, call.body);
    expect(gone.status).toBe(202);
    expect((await A.kids[1]!.client.get('/api/child/assignments')).status).toBe(401);
  });
});
