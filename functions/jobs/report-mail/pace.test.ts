import { describe, expect, it } from 'vitest';
import { backoffSeconds, invocationRate, Pacer, reserveSlot } from './pace';
import { RETRY_BACKOFF } from './settings';

describe('invocationRate', () => {
  it('splits the share of the quota between the concurrent invocations', () => {
    expect(invocationRate(14, 80, 2)).toBeCloseTo(5.6);
    expect(invocationRate(200, 80, 2)).toBeCloseTo(80);
    expect(invocationRate(1, 80, 2)).toBeCloseTo(0.4);
    expect(invocationRate(100, 150, 1)).toBe(100);
    expect(() => invocationRate(0, 80, 2)).toThrow();
    expect(() => invocationRate(14, 80, 0)).toThrow();
  });
});

describe('reserveSlot and Pacer', () => {
  it('hands out slots one interval apart, from now when idle', () => {
    expect(reserveSlot(-Infinity, 1000, 250)).toEqual({ at: 1000, nextFree: 1250 });
    expect(reserveSlot(1250, 1100, 250)).toEqual({ at: 1250, nextFree: 1500 });
    expect(reserveSlot(1250, 2000, 250)).toEqual({ at: 2000, nextFree: 2250 });
  });

  it('paces n parallel sends over n intervals and holds the invocation until the last has passed', async () => {
    // Prepare: a fake clock that sleeping moves forward
    let now = 0;
    const sends: number[] = [];
    const pacer = new Pacer(4, () => now, async (ms) => {
      now += ms;
    });
    // Act: ten takes in a row (each resolves at its slot on the fake clock)
    for (let i = 0; i < 10; i++) {
      await pacer.take();
      sends.push(now);
    }
    await pacer.finish();
    // Assess: 4/s → 250 ms apart; the invocation ends at 10 intervals, so a next one cannot burst
    expect(sends).toEqual([0, 250, 500, 750, 1000, 1250, 1500, 1750, 2000, 2250]);
    expect(now).toBe(2500);
    expect(pacer.peek()).toBe(2500);
  });
});

describe('backoffSeconds', () => {
  it('grows exponentially with the receives, with full jitter, between the floor and the cap', () => {
    const b = (n: number, r: number) => backoffSeconds(n, r, RETRY_BACKOFF);
    expect(b(1, 0)).toBe(2);
    expect(b(1, 0.999)).toBe(2);
    expect(b(3, 0.999)).toBe(8);
    expect(b(5, 0.5)).toBe(16);
    expect(b(9, 0.999)).toBe(300);
    expect(b(20, 0.999)).toBe(300);
    expect(b(1000, 0.999)).toBe(300);
    expect(b(20, 0)).toBe(2);
    for (let n = 1; n <= 20; n++) {
      for (const r of [0, 0.1, 0.5, 0.9, 0.999]) {
        expect(b(n, r)).toBeGreaterThanOrEqual(2);
        expect(b(n, r)).toBeLessThanOrEqual(300);
      }
    }
  });
});
