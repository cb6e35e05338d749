import { describe, expect, it } from 'vitest';
import { queryKeys } from './family';
import { childOngoingQueryKey, childWeekQueryKey } from './session';

describe("the child's sign-in check (issue 31)", () => {
  it('fills the very queries the child dashboard reads, so the dashboard asks for nothing more', () => {
    expect(childWeekQueryKey).toEqual(queryKeys.childAssignments());
    expect(childOngoingQueryKey).toEqual(queryKeys.childContinuous);
    // Another week is another query, which the screen's answer (this week) never fills.
    expect(queryKeys.childAssignments('2026-11-22')).not.toEqual(childWeekQueryKey);
  });
});
