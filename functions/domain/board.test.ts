import { describe, expect, it } from 'vitest';
import { BOARD_CHILD_SECONDS, bindingFrom, boundChildId, pinOutcome, pinWindowSecondsLeft, PIN_TRIES_PER_CHILD, PIN_WINDOW_SECONDS } from './board';

describe('board rules', () => {
  it('keeps a child signed in until their time runs out, and not a second longer', () => {
    // Prepare
    const binding = bindingFrom('kid-1', 1_000);
    // Act / Assess
    expect(binding.until).toBe(1_000 + BOARD_CHILD_SECONDS);
    expect(boundChildId(binding, 1_000 + BOARD_CHILD_SECONDS - 1)).toBe('kid-1');
    expect(boundChildId(binding, 1_000 + BOARD_CHILD_SECONDS)).toBeNull();
    expect(boundChildId(undefined, 1_000)).toBeNull();
  });

  it('signs in on the right PIN whatever the count, and locks on the last permitted wrong try', () => {
    expect(pinOutcome(true, PIN_TRIES_PER_CHILD)).toBe('signed-in');
    expect(pinOutcome(false, 1)).toBe('wrong');
    expect(pinOutcome(false, PIN_TRIES_PER_CHILD - 1)).toBe('wrong');
    expect(pinOutcome(false, PIN_TRIES_PER_CHILD)).toBe('locked');
    expect(pinOutcome(false, 3, 3)).toBe('locked');
  });

  it('tells a locked child how long until the window ends', () => {
    expect(pinWindowSecondsLeft(0)).toBe(PIN_WINDOW_SECONDS);
    expect(pinWindowSecondsLeft(PIN_WINDOW_SECONDS * 7 + 60)).toBe(PIN_WINDOW_SECONDS - 60);
    expect(pinWindowSecondsLeft(PIN_WINDOW_SECONDS - 1)).toBe(1);
  });
});
