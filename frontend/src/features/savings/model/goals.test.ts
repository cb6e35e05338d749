import { describe, expect, it } from 'vitest';
import type { EarningsWeekDto, GoalDto } from '../../../../../shared/api-types';
import { moneyHelpers } from '../../../lib/use-money';
import {
  boughtLine,
  celebrationLine,
  etaLine,
  firstActiveGoal,
  goalToCelebrate,
  historyRows,
  jarFigures,
  KEEP_GOING,
  progressLine,
  progressValueText,
  purchaseConfirmText,
  purchaseToast,
  removeGoalText,
  savingsSummary,
  showsJarColumns,
} from './goals';
import { goalBody, goalFormSchema, typedStyle, withdrawalBody, withdrawalFormSchema } from './goal-forms';

const EUR = moneyHelpers({ currency: 'EUR', locale: 'de-DE' });
const USD = moneyHelpers();
const JPY = moneyHelpers({ currency: 'JPY', locale: 'ja-JP' });

const goal = (over: Partial<GoalDto> = {}): GoalDto => ({
  id: 'g1',
  childId: 'c1',
  name: 'Lego set',
  icon: 'toy',
  target: '30.00',
  topUpPercent: 0,
  childShare: '30.00',
  saved: '12.50',
  progress: '12.50',
  percent: 41,
  weeksToGo: 3,
  status: 'saving',
  createdAt: '2026-11-01T10:00:00.000Z',
  createdBy: { role: 'child', name: 'Emma' },
  celebrated: false,
  ...over,
});

describe('goal lines', () => {
  it('says the progress in the family currency and locale', () => {
    expect(progressLine(goal(), EUR)).toBe('12,50 € of 30,00 €');
    expect(progressLine(goal(), USD)).toBe('$12.50 of $30.00');
    expect(progressValueText(goal(), EUR)).toBe('12,50 € of 30,00 €, 41 percent');
    expect(progressLine(goal({ progress: '500', target: '3000' }), JPY)).toMatch(/^￥500 of ￥3,000$/);
  });

  it('says the weeks to go at this pace, one week in the singular, and no pace kindly', () => {
    expect(etaLine(goal({ weeksToGo: 3 }))).toBe('About 3 more weeks at this pace');
    expect(etaLine(goal({ weeksToGo: 1 }))).toBe('About 1 more week at this pace');
    expect(etaLine(goal({ weeksToGo: null }))).toBe(KEEP_GOING);
    expect(KEEP_GOING).toBe('Keep going: every chore gets you closer');
    expect(etaLine(goal({ status: 'reached', weeksToGo: null, percent: 100 }))).toBe('You saved enough!');
  });

  it('says when a goal was bought, in the family time zone, with the year only when another year', () => {
    const bought = goal({ status: 'bought', bought: { at: '2026-11-26T23:30:00.000Z', by: 'Pat', fromSavings: '20.00', topUp: '10.00' } });
    expect(boughtLine(bought, 'UTC', new Date('2026-12-01T00:00:00Z'))).toBe('Bought on Nov 26');
    expect(boughtLine(bought, 'Europe/Berlin', new Date('2026-12-01T00:00:00Z'))).toBe('Bought on Nov 27');
    expect(boughtLine(bought, 'UTC', new Date('2027-02-01T00:00:00Z'))).toBe('Bought on Nov 26, 2026');
    expect(etaLine(bought, 'UTC')).toMatch(/^Bought on /);
  });

  it('picks the first active goal and the one to celebrate', () => {
    const a = goal({ id: 'a', status: 'bought' });
    const b = goal({ id: 'b', status: 'reached', celebrated: true });
    const c = goal({ id: 'c', status: 'reached', celebrated: false });
    expect(firstActiveGoal([a, b, c])?.id).toBe('b');
    expect(firstActiveGoal([a])).toBeUndefined();
    expect(goalToCelebrate([a, b, c])?.id).toBe('c');
    expect(goalToCelebrate([a, b])).toBeUndefined();
    expect(goalToCelebrate([goal({ status: 'saving' })])).toBeUndefined();
    expect(celebrationLine({ name: 'a bike' })).toBe('You did it! You saved enough for a bike');
  });
});

describe('marking a goal bought', () => {
  it('says what the savings pay and what the parent adds, and that what is owed does not change', () => {
    expect(purchaseConfirmText(goal({ childShare: '20.00', topUpPercent: 50 }), 'Emma', '20.00', EUR)).toBe(
      "Records that Lego set was bought for 30,00 €: 20,00 € from Emma's savings, 10,00 € added by you. What you owe Emma does not change.",
    );
    // Bought early: the savings pay what they hold, the parent the rest.
    expect(purchaseConfirmText(goal(), 'Emma', '12.50', USD)).toBe(
      "Records that Lego set was bought for $30.00: $12.50 from Emma's savings, $17.50 added by you. What you owe Emma does not change.",
    );
    expect(purchaseConfirmText(goal(), 'Emma', '45.00', USD)).toBe("Records that Lego set was bought for $30.00: all of it from Emma's savings. What you owe Emma does not change.");
    expect(purchaseConfirmText(goal(), 'Emma', '0.00', USD)).toBe('Records that Lego set was bought for $30.00: all of it added by you. What you owe Emma does not change.');
    // Jars off: the savings not paid out yet are settled by the purchase.
    expect(purchaseConfirmText(goal(), 'Emma', '12.50', USD, '10.00')).toBe(
      "Records that Lego set was bought for $30.00: $12.50 from Emma's savings, $17.50 added by you. You had not paid $10.00 of those savings out yet, so what you owe Emma goes down by $10.00.",
    );
    expect(purchaseConfirmText(goal(), 'Emma', '12.50', USD, '0.00')).toContain('What you owe Emma does not change.');
  });

  it('toasts what the server recorded', () => {
    const bought = goal({ status: 'bought', bought: { at: '2026-11-26T10:00:00.000Z', by: 'Pat', fromSavings: '20.00', topUp: '10.00' } });
    expect(purchaseToast(bought, 'Emma', EUR)).toEqual({ title: 'Lego set marked as bought', description: "20,00 € came from Emma's savings, 10,00 € added by you." });
    expect(purchaseToast({ ...bought, bought: { ...bought.bought!, topUp: '0.00' } }, 'Emma', USD).description).toBe("$20.00 came from Emma's savings.");
    expect(purchaseToast({ ...bought, bought: { ...bought.bought!, topUp: '0.00', fromOwed: '5.00' } }, 'Emma', USD).description).toBe("$20.00 came from Emma's savings. What you owe Emma went down by $5.00.");
  });
});

describe('the goal form', () => {
  it('reads a comma or a point as the decimal separator and sends the API decimal string', () => {
    const schema = goalFormSchema('EUR');
    const values = { name: ' Lego set ', target: '30,5', icon: 'toy' as const, topUpPercent: '50' };
    expect(schema.safeParse(values).success).toBe(true);
    expect(goalBody(values, 'EUR', true)).toEqual({ name: 'Lego set', target: '30.50', icon: 'toy', topUpPercent: 50 });
    expect(goalBody(values, 'EUR', false)).toEqual({ name: 'Lego set', target: '30.50', icon: 'toy' });
    expect(goalBody({ ...values, target: '500' }, 'JPY', false).target).toBe('500');
  });

  it('refuses what the API refuses, with its messages', () => {
    const schema = goalFormSchema('USD');
    const messages = (v: Record<string, string>) => {
      const r = schema.safeParse({ name: 'Bike', target: '10', icon: 'bike', topUpPercent: '', ...v });
      return r.success ? [] : r.error.issues.map((i) => i.message);
    };
    expect(messages({})).toEqual([]);
    expect(messages({ name: '  ' })).toEqual(['Give the goal a name']);
    expect(messages({ target: '1.234' })).toEqual(['Amount must be a dollar amount with at most 2 decimals']);
    expect(messages({ target: '0' })).toHaveLength(1);
    expect(messages({ icon: '' })).toEqual(['Choose an icon from the set']);
    expect(messages({ topUpPercent: '150' })).toEqual(['The top-up is a whole percent from 0 to 100']);
    expect(messages({ topUpPercent: '2.5' })).toEqual(['The top-up is a whole percent from 0 to 100']);
    expect(goalFormSchema('JPY').safeParse({ name: 'Bike', target: '10.5', icon: 'bike', topUpPercent: '' }).success).toBe(false);
  });

  it('tells a euro family its own currency and limit (issue 29), in the goal and the withdrawal forms', () => {
    const euro = { currency: 'EUR', locale: 'de-DE' };
    const goal = goalFormSchema(euro).safeParse({ name: 'Bike', target: '1,234', icon: 'bike', topUpPercent: '' });
    expect(goal.success ? [] : goal.error.issues.map((i) => i.message)).toEqual(['Amount must be a euro amount with at most 2 decimals']);
    const big = goalFormSchema(euro).safeParse({ name: 'Bike', target: '10000,01', icon: 'bike', topUpPercent: '' });
    expect(big.success ? [] : big.error.issues.map((i) => i.message)).toEqual(['Amount must be at most 10.000,00 €']);
    const out = withdrawalFormSchema(euro, 500, 'too much').safeParse({ amount: '0,001', note: '' });
    expect(out.success ? [] : out.error.issues.map((i) => i.message)).toEqual(['Amount must be a euro amount with at most 2 decimals']);
  });

  it('shows an amount as the family types it', () => {
    expect(typedStyle('12.50', EUR)).toBe('12,50');
    expect(typedStyle('12.50', USD)).toBe('12.50');
  });
});

describe('jar withdrawals', () => {
  it('allows at most what the jar holds', () => {
    const schema = withdrawalFormSchema('EUR', 500, 'That is more than the spend jar holds (5,00 €)');
    expect(schema.safeParse({ amount: '5,00', note: '' }).success).toBe(true);
    const r = schema.safeParse({ amount: '5,01', note: '' });
    expect(r.success ? [] : r.error.issues.map((i) => i.message)).toEqual(['That is more than the spend jar holds (5,00 €)']);
    expect(withdrawalBody({ amount: '2,5', note: ' sweets ' }, 'EUR')).toEqual({ amount: '2.50', note: 'sweets' });
    expect(withdrawalBody({ amount: '2', note: '' }, 'EUR')).toEqual({ amount: '2.00' });
  });
});

describe('the kid-level history', () => {
  const week = (weekStart: string, amount: string, paid = '0.00', saved = '0.00', gave = '0.00'): EarningsWeekDto => ({ weekStart, amount, completed: 1, paid, saved, gave });

  it('lists weeks newest first in the family style', () => {
    const rows = historyRows([week('2026-11-15', '4.00'), week('2026-11-22', '2.50', '6.50', '3.25', '0.65')], EUR);
    expect(rows.map((r) => r.label)).toEqual(['Nov 22', 'Nov 15']);
    expect(rows[0]).toMatchObject({ earned: '2,50 €', paid: '6,50 €', saved: '3,25 €', gave: '0,65 €' });
  });

  it('shows the jar columns with jars on, or when a week used them', () => {
    expect(showsJarColumns([week('2026-11-22', '1.00')], false, USD)).toBe(false);
    expect(showsJarColumns([week('2026-11-22', '1.00')], true, USD)).toBe(true);
    expect(showsJarColumns([week('2026-11-22', '1.00', '1.00', '0.50')], false, USD)).toBe(true);
  });

  it('formats the jars, or none with jars off', () => {
    expect(jarFigures({ jars: null }, EUR)).toBeNull();
    expect(jarFigures({ jars: { spend: '3.00', save: '2.50', give: '0.50' } }, EUR)?.map((j) => `${j.label} ${j.amount}`)).toEqual(['Spend 3,00 €', 'Save 2,50 €', 'Give 0,50 €']);
  });
});

describe('savings that explain themselves (issue 29 point 13)', () => {
  const split = { spend: 50, save: 40, give: 10 };
  const jars = { spend: '1.00', save: '2.00', give: '0.50' };
  const settings = (on: boolean) => ({ currency: 'USD', locale: 'en-US', jars: on ? split : null });
  it('jars off, no goal: no "saved" figure (lifetime earnings are not savings), and how saving starts', () => {
    expect(savingsSummary({ savings: '0.00', jars: null, goals: [], money: settings(false) }, USD)).toEqual({ total: null, explains: 'Set a goal and what you earn from then on is saved toward it.', parts: [], spare: null });
    expect(savingsSummary({ savings: '0.00', jars: null, goals: [goal({ status: 'bought' })], money: settings(false) }, USD, 'Emma').explains).toBe('Set a goal and what Emma earns from then on is saved toward it.');
  });

  it('jars off with goals: the total, what it counts, and each goal’s part, which add up to it', () => {
    const bike = goal({ id: 'g2', name: 'Bike', saved: '0.50', createdAt: '2026-11-02T10:00:00.000Z' });
    const summary = savingsSummary({ savings: '13.00', jars: null, goals: [goal(), bike], money: settings(false) }, USD);
    expect(summary).toEqual({
      total: 'Saved for your goals: $13.00',
      explains: 'What you earned since your goals began, less what goals already bought. Goals take it oldest first.',
      parts: ['$12.50 for Lego set', '$0.50 for Bike'],
      spare: null,
    });
    // Every goal full: the rest is said, so the parts still add up to the total.
    const full = savingsSummary({ savings: '35.00', jars: null, goals: [goal({ saved: '30.00', status: 'reached' })], money: settings(false) }, EUR);
    expect(full).toMatchObject({ total: 'Saved for your goals: 35,00 €', parts: ['30,00 € for Lego set'], spare: '5,00 € is not needed by a goal yet' });
  });

  it('jars on: the save jar, with its share of each payout; with no goal it waits for the next one', () => {
    expect(savingsSummary({ savings: '2.00', jars, goals: [], money: settings(true) }, USD, 'Emma')).toEqual({
      total: 'Saved for Emma’s goals: $2.00',
      explains: 'This is Emma’s save jar: each payout puts 40% in it, and goals take from it, oldest first.',
      parts: [],
      spare: 'It waits for Emma’s next goal',
    });
  });

  it('says what removing a goal does to the savings, truthfully', () => {
    const bike = goal({ id: 'g2', name: 'Bike' });
    expect(removeGoalText(goal(), { jars, goals: [goal()] })).toBe('The money stays in your save jar: it goes to your other goals, or waits for your next one.');
    expect(removeGoalText(goal(), { jars: null, goals: [goal(), bike] }, 'Emma')).toBe('What was saved for it goes to Emma’s other goals.');
    expect(removeGoalText(goal(), { jars: null, goals: [goal()] })).toBe('The money earned stays yours. A new goal counts what you earn after it is set.');
  });
});

