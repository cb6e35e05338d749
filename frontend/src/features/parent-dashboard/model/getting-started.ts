/**
 * The dashboard's getting-started guide (issue 18): five steps a new family takes, each ticked off
 * from real data, never from what was clicked. Pure, so it is tested alone.
 */
import type { ChildDto, ChoreDto } from '../../../../../shared/api-types';

export type StepId = 'add-child' | 'child-login' | 'add-chores' | 'hand-out-week' | 'child-signs-in';

export interface GettingStartedStep {
  id: StepId;
  title: string;
  /** What it is for, in a line. */
  hint: string;
  done: boolean;
}

type ChildFacts = Pick<ChildDto, 'username' | 'hasSignedIn' | 'assignments'> & Partial<Pick<ChildDto, 'displayName'>>;

/** "Give them a login" is done when every child has one (issue 29), and says who is still without. */
function loginStep(children: readonly ChildFacts[]): GettingStartedStep {
  const without = children.filter((c) => !c.username);
  const hint =
    children.length > 0 && without.length > 0 && without.length < children.length
      ? `${children.length - without.length} of ${children.length} have a login; still to do: ${without.map((c) => c.displayName ?? 'a child').join(', ')}.`
      : 'A username and a simple password they can type.';
  return { id: 'child-login', title: 'Give them a login', hint, done: children.length > 0 && without.length === 0 };
}

export function gettingStartedSteps(children: readonly ChildFacts[], chores: readonly Pick<ChoreDto, 'id'>[]): GettingStartedStep[] {
  return [
    { id: 'add-child', title: 'Add a child', hint: 'A name and an age are enough to begin.', done: children.length > 0 },
    loginStep(children),
    { id: 'add-chores', title: 'Add chores', hint: 'What needs doing, how often, and what it pays.', done: chores.length > 0 },
    { id: 'hand-out-week', title: 'Hand out the week', hint: 'ChoreQuest shares the chores out fairly; every Sunday it does it again.', done: children.some((c) => c.assignments.length > 0) },
    { id: 'child-signs-in', title: 'Your child signs in', hint: 'On their own device, at the child sign-in page.', done: children.some((c) => c.hasSignedIn) },
  ];
}

/** Steps done, and whether the guide has anything left to show. */
export function progressOf(steps: readonly GettingStartedStep[]): { done: number; total: number; complete: boolean } {
  const done = steps.filter((s) => s.done).length;
  return { done, total: steps.length, complete: done === steps.length };
}
