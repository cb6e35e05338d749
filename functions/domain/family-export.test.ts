import { describe, expect, it } from 'vitest';
import type { FamilyItem } from '../data/accounts';
import type { DatedAssignmentItem } from '../data/assignments';
import type { ChildItem } from '../data/children';
import { COMPLETIONS_HEADER, completionsCsv, familyExport, PAYOUTS_HEADER, payoutsCsv, type FamilyItems } from './family-export';

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
});
