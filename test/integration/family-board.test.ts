/**
 * Issue 32 point 4, the family board (docs/decisions/062-family-board.md), over the real local stack:
 * setting a device up with the parent's password, the children's PINs, a child's sign-in and ticks on
 * the board, what a board may never do, the PIN lock-outs, revoking, and the board's request budget.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { BOARD_MESSAGES, FORM_MESSAGES } from '../../shared/messages';
import { PIN_TRIES_PER_BOARD, PIN_TRIES_PER_CHILD } from '../../functions/domain/board';
import { TestClient } from './support/client';
import { assignmentFor, makeFamily, type Family } from './support/family';
import { clearOfLimitWindowEdge } from './support/limit-windows';

const PASSWORD = 'secret123';

/** Another device of the family's parent, set up as the family board. */
async function setUpBoard(f: Family, name = 'Kitchen tablet'): Promise<{ device: TestClient; boardId: string }> {
  const device = new TestClient();
  const login = await device.post('/api/auth/parent-login', { email: f.email, password: PASSWORD });
  if (login.status !== 200) throw new Error(`parent login: ${login.status} ${login.text}`);
  const res = await device.post('/api/family/boards', { password: PASSWORD, name });
  if (res.status !== 201) throw new Error(`board: ${res.status} ${res.text}`);
  return { device, boardId: res.body.id };
}

const setPin = (f: Family, childId: string, pin: string) => f.parent.put(`/api/children/${childId}/pin`, { pin });

describe('family board', () => {
  let A: Family;
  let B: Family;
  beforeAll(async () => {
    A = await makeFamily({ kids: 2 });
    B = await makeFamily({ kids: 1 });
  });

  it('is set up only with the parent\'s password, and the device\'s parent session ends', async () => {
    // Prepare
    const device = new TestClient();
    await device.post('/api/auth/parent-login', { email: A.email, password: PASSWORD });
    const parentCookie = device.cookie;
    // Act
    const wrong = await device.post('/api/family/boards', { password: 'not-it-at-all', name: 'Hall' });
    const stillParent = await device.get('/api/auth/parent-user');
    const noName = await device.post('/api/family/boards', { password: PASSWORD, name: '  ' });
    const made = await device.post('/api/family/boards', { password: PASSWORD, name: 'Hall' });
    const oldParent = new TestClient(undefined, undefined, device.from);
    oldParent.cookie = parentCookie;
    // Assess
    expect(wrong.status).toBe(403);
    expect(wrong.body).toEqual({ message: 'The password is not correct' });
    expect(stillParent.status).toBe(200);
    expect(noName.status).toBe(400);
    expect(noName.body.message).toBe(BOARD_MESSAGES.nameRequired);
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ name: 'Hall', createdBy: 'Pat Parent' });
    expect(made.setCookies.some((c) => c.startsWith('cq_role=board;'))).toBe(true);
    expect((await oldParent.get('/api/auth/parent-user')).status).toBe(401);
    expect((await device.get('/api/board')).status).toBe(200);
    const listed = await A.parent.get('/api/family/boards');
    expect(listed.body.boards.map((b: { id: string }) => b.id)).toContain(made.body.id);
  });

  it('never lets a board call parent or child routes', async () => {
    // Prepare
    const { device } = await setUpBoard(A);
    const kid = A.kids[0]!.id;
    // Act
    const calls = await Promise.all([
      device.get('/api/dashboard'),
      device.get('/api/children'),
      device.get('/api/auth/parent-user'),
      device.put(`/api/children/${kid}/pin`, { pin: '1111' }),
      device.post(`/api/children/${kid}/reset-earnings`, {}),
      device.get('/api/family/boards'),
      device.post('/api/family/boards', { password: PASSWORD, name: 'Another' }),
      device.get('/api/child/assignments'),
      device.post('/api/child/complete-assignment', { assignmentId: 'x', completed: true }),
    ]);
    // Assess
    expect(calls.map((c) => c.status)).toEqual(calls.map(() => 401));
  });

  it('lets only a child with a PIN sign in, and then tick only their own chores', async () => {
    // Prepare
    const [kid0, kid1] = [A.kids[0]!, A.kids[1]!];
    await setPin(A, kid1.id, '9999');
    await A.parent.delete(`/api/children/${kid0.id}/pin`);
    const own = await A.parent.post('/api/assignments', assignmentFor(A, kid0.id, A.chores.daily.id));
    const sibling = await A.parent.post('/api/assignments', assignmentFor(A, kid1.id, A.chores.daily.id));
    const { device } = await setUpBoard(A);
    // Act: no PIN yet
    const board = await device.get('/api/board');
    const noPin = await device.post('/api/board/sign-in', { childId: kid0.id, pin: '1234' });
    const noneSignedIn = await device.post('/api/board/complete-assignment', { assignmentId: own.body.id, completed: true });
    // Act: the parent sets it; a wrong PIN, then the right one
    const set = await setPin(A, kid0.id, '4826');
    const wrong = await device.post('/api/board/sign-in', { childId: kid0.id, pin: '4825' });
    const right = await device.post('/api/board/sign-in', { childId: kid0.id, pin: '4826' });
    const tick = await device.post('/api/board/complete-assignment', { assignmentId: own.body.id, completed: true });
    const siblings = await device.post('/api/board/complete-assignment', { assignmentId: sibling.body.id, completed: true });
    const after = await device.get('/api/board');
    const done = await device.post('/api/board/sign-out', {});
    const afterDone = await device.post('/api/board/complete-assignment', { assignmentId: own.body.id, completed: false });
    // Assess
    expect(board.status).toBe(200);
    expect(board.body.children.find((c: { id: string }) => c.id === kid0.id)).toMatchObject({ hasPin: false, todayCompletedCount: 0 });
    expect(board.body.signedIn).toBeNull();
    expect(noPin.status).toBe(403);
    expect(noPin.body).toEqual({ message: BOARD_MESSAGES.noPin });
    expect(noneSignedIn.status).toBe(403);
    expect(set.status).toBe(200);
    expect(set.body.hasPin).toBe(true);
    expect(wrong.status).toBe(403);
    expect(wrong.body).toEqual({ message: BOARD_MESSAGES.wrongPin });
    expect(right.status).toBe(200);
    expect(right.body.signedIn).toMatchObject({ childId: kid0.id, displayName: 'Kid 1' });
    expect(right.body.signedIn.chores.map((c: { assignmentId: string }) => c.assignmentId)).toContain(own.body.id);
    expect(JSON.stringify(right.body)).not.toMatch(/amount|earned|"0\.50"/);
    expect(tick.status).toBe(200);
    expect(tick.body.isCompleted).toBe(true);
    expect(siblings.status).toBe(404);
    expect(after.body.children.find((c: { id: string }) => c.id === kid0.id).todayCompletedCount).toBe(1);
    expect(after.body.signedIn.chores.find((c: { assignmentId: string }) => c.assignmentId === own.body.id).isCompleted).toBe(true);
    expect(done.status).toBe(200);
    expect(done.body.signedIn).toBeNull();
    expect(afterDone.status).toBe(403);
    expect(afterDone.body).toEqual({ message: BOARD_MESSAGES.childTimeUp });
    // The tick is the child's own, as their dashboard shows it.
    const childView = await kid0.client.get('/api/child/assignments');
    expect(childView.body.assignments.find((a: { id: string }) => a.id === own.body.id).isCompleted).toBe(true);
  });

  it('refuses another family\'s ids: their children, their assignments, their boards', async () => {
    // Prepare
    const bKid = B.kids[0]!;
    await setPin(B, bKid.id, '5555');
    const bAssignment = await B.parent.post('/api/assignments', assignmentFor(B, bKid.id, B.chores.daily.id));
    const { device, boardId } = await setUpBoard(A);
    await setPin(A, A.kids[1]!.id, '9999');
    await device.post('/api/board/sign-in', { childId: A.kids[1]!.id, pin: '9999' });
    // Act
    const otherChild = await device.post('/api/board/sign-in', { childId: bKid.id, pin: '5555' });
    const otherTick = await device.post('/api/board/complete-assignment', { assignmentId: bAssignment.body.id, completed: true });
    const otherPin = await B.parent.put(`/api/children/${A.kids[0]!.id}/pin`, { pin: '1212' });
    const otherRevoke = await B.parent.delete(`/api/family/boards/${boardId}`);
    const badPin = await device.post('/api/board/sign-in', { childId: A.kids[1]!.id, pin: '12a4' });
    const badBody = await device.post('/api/board/sign-in', { childId: 42 });
    // Assess
    expect(otherChild.status).toBe(404);
    expect(otherChild.body).toEqual({ message: FORM_MESSAGES.childNotFound });
    expect(otherTick.status).toBe(404);
    expect(otherPin.status).toBe(404);
    expect(otherRevoke.status).toBe(404);
    expect((await device.get('/api/board')).status).toBe(200);
    expect(badPin.status).toBe(400);
    expect(badPin.body).toEqual({ message: BOARD_MESSAGES.pinFormat });
    expect(badBody.status).toBe(400);
  });

  it('locks a child out after repeated wrong PINs, on every board, until a parent sets the PIN again', async () => {
    // Prepare
    await clearOfLimitWindowEdge();
    const f = await makeFamily({ kids: 1 });
    const kid = f.kids[0]!.id;
    await setPin(f, kid, '2580');
    const first = await setUpBoard(f, 'Kitchen');
    const second = await setUpBoard(f, 'Hall');
    // Act
    const tries = [];
    for (let i = 0; i < PIN_TRIES_PER_CHILD; i++) tries.push(await first.device.post('/api/board/sign-in', { childId: kid, pin: '0000' }));
    const rightButLocked = await first.device.post('/api/board/sign-in', { childId: kid, pin: '2580' });
    const otherBoard = await second.device.post('/api/board/sign-in', { childId: kid, pin: '2580' });
    await setPin(f, kid, '2580');
    const unlocked = await second.device.post('/api/board/sign-in', { childId: kid, pin: '2580' });
    // Assess
    expect(tries.slice(0, -1).map((t) => t.status)).toEqual(Array(PIN_TRIES_PER_CHILD - 1).fill(403));
    expect(tries.at(-1)!.status).toBe(429);
    expect(tries.at(-1)!.body).toEqual({ message: BOARD_MESSAGES.locked });
    expect(rightButLocked.status).toBe(429);
    expect(Number(rightButLocked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(rightButLocked.headers.get('retry-after'))).toBeLessThanOrEqual(15 * 60);
    expect(otherBoard.status).toBe(429);
    expect(otherBoard.body).toEqual({ message: BOARD_MESSAGES.locked });
    expect(unlocked.status).toBe(200);
  });

  it('throttles a board that tries many children\'s PINs', async () => {
    // Prepare: enough children that the board's limit comes before each child's
    await clearOfLimitWindowEdge();
    const kids = Math.ceil(PIN_TRIES_PER_BOARD / PIN_TRIES_PER_CHILD) + 1;
    const f = await makeFamily({ kids });
    for (const k of f.kids) await setPin(f, k.id, '7777');
    const { device } = await setUpBoard(f);
    const fresh = await setUpBoard(f, 'Hall');
    // Act
    for (let n = 0; n < PIN_TRIES_PER_BOARD; n++) await device.post('/api/board/sign-in', { childId: f.kids[Math.floor(n / PIN_TRIES_PER_CHILD)]!.id, pin: '0000' });
    const lastKid = f.kids.at(-1)!.id;
    const busy = await device.post('/api/board/sign-in', { childId: lastKid, pin: '7777' });
    const elsewhere = await fresh.device.post('/api/board/sign-in', { childId: lastKid, pin: '7777' });
    // Assess
    expect(busy.status).toBe(429);
    expect(busy.body).toEqual({ message: BOARD_MESSAGES.boardBusy });
    // The board's limit is the board's: the child is not locked, and another board signs them in.
    expect(elsewhere.status).toBe(200);
  });

  it('stops a revoked board\'s cookie at once, and a revoked board is gone from the list', async () => {
    // Prepare
    const { device, boardId } = await setUpBoard(A, 'To revoke');
    expect((await device.get('/api/board')).status).toBe(200);
    // Act
    const revoked = await A.parent.delete(`/api/family/boards/${boardId}`);
    const after = await device.get('/api/board');
    const again = await A.parent.delete(`/api/family/boards/${boardId}`);
    // Assess
    expect(revoked.status).toBe(200);
    expect(revoked.body).toEqual({ message: BOARD_MESSAGES.boardRevoked });
    expect(after.status).toBe(401);
    expect(after.setCookies.some((c) => /^cq_session=; /.test(c))).toBe(true);
    expect(again.status).toBe(404);
    const listed = await A.parent.get('/api/family/boards');
    expect(listed.body.boards.map((b: { id: string }) => b.id)).not.toContain(boardId);
  });

  it('never answers a PIN or its hash', async () => {
    // Prepare
    const pin = '8642';
    const kid = A.kids[0]!;
    const set = await setPin(A, kid.id, pin);
    const { device } = await setUpBoard(A);
    const signIn = await device.post('/api/board/sign-in', { childId: kid.id, pin });
    // Act
    const answers = [
      set,
      signIn,
      await device.get('/api/board'),
      await A.parent.get('/api/dashboard'),
      await A.parent.get('/api/children'),
      await A.parent.get('/api/family/export'),
      await kid.client.get('/api/auth/child-user'),
      await kid.client.get('/api/child/assignments'),
    ];
    // Assess
    expect(signIn.status).toBe(200);
    for (const a of answers) {
      expect(a.status).toBe(200);
      expect(a.text).not.toContain(pin);
      expect(a.text).not.toMatch(/pinHash|\$2[aby]\$/);
    }
  });

  it('answers the whole board in one call whose cost does not grow with the family', async () => {
    // Prepare
    const small = await makeFamily({ kids: 1 });
    const large = await makeFamily({ kids: 5 });
    for (const kid of large.kids) {
      await large.parent.post('/api/assignments', assignmentFor(large, kid.id, large.chores.daily.id));
      await large.parent.post('/api/continuous-assignments', { childId: kid.id, choreId: large.chores.continuous.id, daysOfWeek: [] });
    }
    const count = (r: { headers: Headers }) => Number(r.headers.get('x-dynamodb-requests'));
    const [smallBoard, largeBoard] = await Promise.all([setUpBoard(small), setUpBoard(large)]);
    // Act
    const a = await smallBoard.device.get('/api/board');
    const b = await largeBoard.device.get('/api/board');
    const costs = async (f: Family, device: TestClient) => {
      const kid = f.kids[0]!;
      await setPin(f, kid.id, '1357');
      const assignment = await f.parent.post('/api/assignments', assignmentFor(f, kid.id, f.chores.weekly.id));
      const signIn = await device.post('/api/board/sign-in', { childId: kid.id, pin: '1357' });
      const tick = await device.post('/api/board/complete-assignment', { assignmentId: assignment.body.id, completed: true });
      const done = await device.post('/api/board/sign-out', {});
      return { signIn: count(signIn), tick: count(tick), done: count(done) };
    };
    const [smallCosts, largeCosts] = [await costs(small, smallBoard.device), await costs(large, largeBoard.device)];
    // Assess: session, board, family + children, chores, the week, the ongoing chores
    expect(b.body.children).toHaveLength(5);
    expect(count(a)).toBe(count(b));
    expect(count(a)).toBeLessThanOrEqual(7);
    expect(largeCosts).toEqual(smallCosts);
    // docs/data-model.md "Request budgets": a sign-in answers the whole screen; a tick is the child's tick + the board's check.
    expect(smallCosts.signIn).toBeLessThanOrEqual(13);
    expect(smallCosts.tick).toBeLessThanOrEqual(9);
    expect(smallCosts.done).toBeLessThanOrEqual(8);
  });
});
