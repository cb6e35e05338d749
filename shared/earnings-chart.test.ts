import { describe, expect, it } from 'vitest';
import { earningsBarChartProps, hasEarnings, labelEvery } from './earnings-chart';

describe('the earnings chart', () => {
  it('labels as many weeks as fit: all on a wide chart, every other on a card, fewer on a small phone (issue 18)', () => {
    expect(labelEvery(700, 12)).toBe(1);
    expect(labelEvery(560, 12)).toBe(2);
    expect(labelEvery(300, 12)).toBe(3);
    expect(labelEvery(220, 12)).toBe(4);
    expect(labelEvery(0, 12)).toBeGreaterThanOrEqual(12);
  });

  it('always labels the latest week, counting back from it', () => {
    const bars = Array.from({ length: 12 }, (_, i) => ({ label: `W${i}`, dollars: i }));
    const interval = earningsBarChartProps(bars, '#000', { every: 3 }).xAxis[0]!.tickLabelInterval;
    expect(bars.map((_, i) => interval(null, i)).map((shown, i) => (shown ? i : null)).filter((i) => i !== null)).toEqual([2, 5, 8, 11]);
  });

  it('has nothing to draw when every week is zero', () => {
    expect(hasEarnings([{ label: 'a', dollars: 0 }])).toBe(false);
    expect(hasEarnings([{ label: 'a', dollars: 0 }, { label: 'b', dollars: 0.25 }])).toBe(true);
  });
});
