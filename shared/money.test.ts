import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatCents, parseCents, toAmountString } from './money';

describe('money', () => {
  it('parses 2-decimal strings to cents exactly', () => {
    expect(parseCents('0.25')).toBe(25);
    expect(parseCents('3')).toBe(300);
    expect(parseCents('3.5')).toBe(350);
    expect(parseCents('19.99')).toBe(1999);
    expect(parseCents('0.1')).toBe(10);
  });

  it('refuses what is not an amount', () => {
    for (const bad of ['', '-1', '1.234', 'abc', '1e3', '1,50', '.5']) expect(parseCents(bad)).toBeNull();
  });

  it('formats cents with two decimals', () => {
    expect(formatCents(0)).toBe('0.00');
    expect(formatCents(5)).toBe('0.05');
    expect(formatCents(12345)).toBe('123.45');
    expect(formatCents(-250)).toBe('-2.50');
  });

  it('round-trips every cent value', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 1_000_000 }), (cents) => parseCents(formatCents(cents)) === cents), { numRuns: 2000 });
  });

  it('turns number-input values into the API string without float drift', () => {
    expect(toAmountString(0.1 + 0.2)).toBe('0.30');
    expect(toAmountString(2.675)).toBe('2.68');
    expect(toAmountString('1.5')).toBe('1.50');
  });
});
