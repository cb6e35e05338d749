import { describe, expect, it } from 'vitest';
import type { FamilyItem } from '../data/family/accounts';
import type { DatedAssignmentItem } from '../data/planning/assignments';
import type { ChildItem } from '../data/family/children';
import type { FamilyItems } from '../data/family/family-items';
import { COMPLETIONS_HEADER, completionsCsv, familyExport, PAYOUTS_HEADER, payoutsCsv } from './family-export';

const child: ChildItem = {
  childId: 'emma',
  familyId: 'f1',
  displayName: 'Emma',
  maxDifficultyLevel: 5,
  dailyChoresCount: 1,
  weeklyChoresCount: 1,
  continuousChoresCount: 1,
  createdAt: '2026-11-01T00:00:00Z',
  unpaidCents: 750,
};
const dated: DatedAssignmentItem = {
  assignmentId: 'a1',
  familyId: 'f1',
  childId: 'emma',
  choreId: 'mow',
  weekStart: '2026-11-22',
  assignedDate: '2026-11-23',
  dayOfWeek: 'monday',
  isCompleted: true,
  earnedCents: 1250,
  completedAt: '2026-11-23T17:00:00Z',
  source: 'manual',
  chore: { name: 'Mow', category: 'daily', amountCents: 1250, difficultyLevel: 1 },
  createdAt: '2026-11-22T00:00:00Z',
};
const items = (money: Partial<FamilyItem>): FamilyItems => ({
  family: { familyId: 'f1', timeZone: 'Europe/Berlin', createdAt: '2026-11-01T00:00:00Z', ...money },
  parents: [],
  invitations: [],
  children: [child],
  chores: [],
  dated: [dated],
  continuous: [],
  payouts: [{ childId: 'emma', amountCents: 500, paidAt: '2026-11-24T18:00:00Z', weekStart: '2026-11-22', paidByName: 'Sam', part: true, method: 'cash' }],
  weekEarnings: [],
  monthEarnings: [],
  ledger: [],
  activity: [],
  goals: [],
});
const lines = (csv: string) => csv.replace(/^\uFEFF/, '').trimEnd().split('\r\n');

describe('the export in the family’s currency (issue 22)', () => {
  it('writes CSV amounts as the family reads money, quoted where they hold a comma, with a currency column', () => {
    const euro = items({ currency: 'EUR', locale: 'de-DE' });
    expect(lines(completionsCsv(euro))).toEqual([COMPLETIONS_HEADER.join(','), '2026-11-23,monday,Emma,Mow,daily,"12,50 €",2026-11-23T17:00:00Z,no,dated,EUR']);
    expect(lines(payoutsCsv(euro))).toEqual([PAYOUTS_HEADER.join(','), '2026-11-24T18:00:00Z,Emma,"5,00 €",Sam,yes,cash,,EUR']);
  });

  it('writes a family made before currencies in US dollars', () => {
    expect(lines(payoutsCsv(items({})))[1]).toBe('2026-11-24T18:00:00Z,Emma,$5.00,Sam,yes,cash,,USD');
    expect(lines(completionsCsv(items({ currency: 'JPY', locale: 'ja-JP' })))[1]).toContain(',"￥1,250",');
  });

  it('keeps the JSON machine-readable in the currency’s decimals and names the currency and locale', () => {
    const euro = familyExport(items({ currency: 'EUR', locale: 'de-DE' }), new Date('2026-11-26T00:00:00Z'));
    expect(euro.family).toMatchObject({ currency: 'EUR', locale: 'de-DE' });
    expect(euro.payouts[0]!.amount).toBe('5.00');
    expect(euro.children[0]!.owed).toBe('7.50');
    const dinar = familyExport(items({ currency: 'KWD', locale: 'en-KW' }), new Date('2026-11-26T00:00:00Z'));
    expect(dinar.assignments[0]!.earned).toBe('1.250');
    expect(familyExport(items({}), new Date()).family).toMatchObject({ currency: 'USD', locale: 'en-US' });
  });

  it('carries every goal, each child’s savings and jars, and each payout’s split (issue 22)', () => {
    const f = items({ currency: 'EUR', locale: 'de-DE', jars: { spend: 50, save: 40, give: 10 } });
    f.children = [{ ...child, earnedTotalCents: 9000, jarSpendCents: 250, jarSaveCents: 1200, jarGiveCents: 50, activeGoals: 1 } as ChildItem];
    f.payouts = [{ ...f.payouts[0]!, jars: { spend: 250, save: 200, give: 50 } }];
    f.goals = [
      { goalId: 'g2', childId: 'emma', name: 'Bike', icon: 'bike', targetCents: 3000, topUpPercent: 50, createdAt: '2026-11-20T00:00:00Z', createdBy: { role: 'parent', id: 'p1', name: 'Sam' } },
      {
        goalId: 'g1', childId: 'emma', name: 'Book', icon: 'book', targetCents: 800, topUpPercent: 0, createdAt: '2026-11-02T00:00:00Z', createdBy: { role: 'child', id: 'emma', name: 'Emma' },
        reachedAt: '2026-11-10T00:00:00Z', celebratedAt: '2026-11-10T01:00:00Z',
        bought: { at: '2026-11-12T00:00:00Z', by: { role: 'parent', id: 'p1', name: 'Sam' }, fromSavingsCents: 800, topUpCents: 0 },
      },
    ];
    const out = familyExport(f, new Date('2026-11-26T00:00:00Z'));
    expect(out.payouts[0]!.jars).toEqual({ spend: '2.50', save: '2.00', give: '0.50' });
    expect(out.savings).toEqual([{ childId: 'emma', savings: '12.00', jars: { spend: '2.50', save: '12.00', give: '0.50' } }]);
    expect(out.goals.map((g) => g.name)).toEqual(['Book', 'Bike']);
    expect(out.goals[0]).toMatchObject({ target: '8.00', celebrated: true, reachedAt: '2026-11-10T00:00:00Z', bought: { by: 'Sam', fromSavings: '8.00', topUp: '0.00' } });
    expect(out.goals[1]).toMatchObject({ target: '30.00', topUpPercent: 50, celebrated: false, reachedAt: null, bought: null, createdBy: { role: 'parent', name: 'Sam' } });
    // Jars off: savings are what was earned since saving began (Bike is active), and no jar balances are claimed.
    const off = familyExport({ ...f, family: { ...f.family, jars: undefined } }, new Date('2026-11-26T00:00:00Z'));
    expect(off.savings[0]).toEqual({ childId: 'emma', savings: '90.00', jars: null });
  });
});
