import { describe, expect, it } from 'vitest';
import { gettingStartedSteps, progressOf } from './getting-started';

const child = (over: Partial<{ username: string; displayName: string; hasSignedIn: boolean; assignments: unknown[] }> = {}) => ({ hasSignedIn: false, assignments: [], ...over }) as never;

describe('the getting-started guide', () => {
  it('has nothing done for a new family', () => {
    const steps = gettingStartedSteps([], []);
    expect(steps.map((s) => s.title)).toEqual(['Add a child', 'Give them a login', 'Add chores', 'Hand out the week', 'Your child signs in']);
    expect(progressOf(steps)).toEqual({ done: 0, total: 5, complete: false });
  });

  it('ticks each step off from the family’s data, in any order', () => {
    const steps = gettingStartedSteps([child({ username: 'ben' }), child({ username: 'emma', assignments: [{}] })], [{ id: 'c1' }]);
    expect(steps.filter((s) => s.done).map((s) => s.id)).toEqual(['add-child', 'child-login', 'add-chores', 'hand-out-week']);
    expect(gettingStartedSteps([child({ hasSignedIn: true })], []).filter((s) => s.done).map((s) => s.id)).toEqual(['add-child', 'child-signs-in']);
  });

  it('ticks "Give them a login" only when every child has one, and names who is still without (issue 29)', () => {
    const steps = gettingStartedSteps([child({ username: 'ava', displayName: 'Ava' }), child({ displayName: 'Ben' })], []);
    const login = steps.find((s) => s.id === 'child-login')!;
    expect(login.done).toBe(false);
    expect(login.hint).toBe('1 of 2 have a login; still to do: Ben.');
    expect(gettingStartedSteps([child({ username: 'ava' }), child({ username: 'ben' })], []).find((s) => s.id === 'child-login')!.done).toBe(true);
  });

  it('is complete once every step is done', () => {
    const steps = gettingStartedSteps([child({ username: 'liam', hasSignedIn: true, assignments: [{}] })], [{ id: 'c1' }]);
    expect(progressOf(steps)).toEqual({ done: 5, total: 5, complete: true });
  });
});
