import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { WEEKLY_RUN_SHARDS, weeklyRunIndexKeys, weeklyRunPartitions, weeklyRunShard } from './weekly-run-index';

describe('weekly run index', () => {
  it('partitions the index by the UTC day of the tick and the family\'s shard', () => {
    expect(weeklyRunIndexKeys('f1', { weekStart: '2026-11-29', dueHour: '2026-11-28T19' })).toEqual({
      GSI2PK: `WEEKLYRUN#2026-11-28#${weeklyRunShard('f1')}`,
      GSI2SK: '2026-11-28T19#FAMILY#f1',
      nextRunWeekStart: '2026-11-29',
    });
  });

  it('gives a family the same shard every time, within range', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 100 }), (id) => {
        const shard = weeklyRunShard(id);
        expect(shard).toBe(weeklyRunShard(id));
        expect(Number.isInteger(shard) && shard >= 0 && shard < WEEKLY_RUN_SHARDS).toBe(true);
      }),
    );
  });

  it('spreads a time zone\'s families evenly over the shards', () => {
    // 300,000 families in one hour: no shard should carry much more than its share.
    const counts = new Array<number>(WEEKLY_RUN_SHARDS).fill(0);
    fc.assert(fc.property(fc.uuid(), (id) => void counts[weeklyRunShard(id)]!++), { numRuns: 64_000, seed: 7 });
    const share = 64_000 / WEEKLY_RUN_SHARDS;
    expect(Math.max(...counts)).toBeLessThan(share * 1.1);
    expect(Math.min(...counts)).toBeGreaterThan(share * 0.9);
  });

  it('has the dispatcher read every shard of a day and the key from before sharding', () => {
    const partitions = weeklyRunPartitions('2026-11-29');
    expect(partitions).toHaveLength(WEEKLY_RUN_SHARDS + 1);
    expect(new Set(partitions).size).toBe(partitions.length);
    expect(partitions).toContain('WEEKLYRUN#2026-11-29');
    expect(partitions).toContain(`WEEKLYRUN#2026-11-29#${WEEKLY_RUN_SHARDS - 1}`);
  });
});
