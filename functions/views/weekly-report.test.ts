import { describe, expect, it } from 'vitest';
import type { ContinuousItem, DatedAssignmentItem } from '../data/planning/assignments';
import type { ChildItem } from '../data/family/children';
import { DEFAULT_MONEY } from '../../shared/money';
import { weeklyReportEmail } from '../email/templates';
import { weeklyEmailContent } from './weekly-email-content';
import { adjustmentLine, buildReport, renderReport, waitingLine, type ReportInput } from './weekly-report';

const WEEK = '2026-11-22';
const child = (childId: string, displayName: string, extra: Partial<ChildItem> = {}): ChildItem => ({
  childId,
  familyId: 'f1',
  displayName,
  maxDifficultyLevel: 5,
  dailyChoresCount: 3,
  weeklyChoresCount: 2,
  continuousChoresCount: 2,
  createdAt: '2026-11-01T00:00:00Z',
  ...extra,
});
const dated = (childId: string, assignedDate: string, cents: number, done: boolean): DatedAssignmentItem => ({
  assignmentId: `${childId}-${assignedDate}-${cents}`,
  familyId: 'f1',
  childId,
  choreId: `chore-${cents}`,
  weekStart: WEEK,
  assignedDate,
  dayOfWeek: 'monday',
  isCompleted: done,
  ...(done ? { earnedCents: cents, completedOn: assignedDate } : {}),
  source: 'manual',
  chore: { name: `Chore <${cents}>`, category: 'daily', amountCents: cents, difficultyLevel: 1 },
  createdAt: '2026-11-22T00:00:00Z',
});
const continuous: ContinuousItem = {
  assignmentId: 'c1',
  familyId: 'f1',
  childId: 'ana',
  choreId: 'plants',
  daysOfWeek: [],
  completions: { '2026-11-24': { cents: 75, at: '2026-11-24T18:00:00Z' } },
  source: 'manual',
  chore: { name: 'Water plants', category: 'continuous', amountCents: 75, difficultyLevel: 1 },
  createdAt: '2026-11-01T00:00:00Z',
};

const input = (): ReportInput => ({
  familyName: 'Rivera',
  timeZone: 'UTC',
  weekStart: WEEK,
  today: '2026-11-24',
  children: [child('ben', 'Ben <b>', { unpaidCents: 0 }), child('ana', 'Ana', { age: 9, unpaidCents: 200 })],
  dated: [dated('ana', '2026-11-23', 125, true), dated('ana', '2026-11-24', 250, false), dated('ben', '2026-11-23', 300, true)],
  continuous: [continuous],
  payouts: [{ childId: 'ben', amountCents: 300, paidAt: '2026-11-23T20:00:00Z', weekStart: WEEK }],
  weekEarnings: [
    { childId: 'ana', period: '2026-11-08', cents: 450, count: 3 },
    { childId: 'ana', period: WEEK, cents: 200, count: 2 },
    { childId: 'ben', period: WEEK, cents: 300, count: 1 },
  ],
  generatedAt: '2026-11-24T19:00:00Z',
  money: DEFAULT_MONEY,
});

describe('weekly report', () => {
  it('counts per child and per day: dated chores, continuous chores every active day, earnings of completions', () => {
    const { children, totals } = buildReport(input());

    const [ana, ben] = children;
    expect(ana!.child.displayName).toBe('Ana');
    expect(ana!.days.map((d) => d.assigned)).toEqual([1, 2, 2, 1, 1, 1, 1]);
    expect(ana!.days[2]).toMatchObject({ date: '2026-11-24', done: 1, earnedCents: 75 });
    expect(ana).toMatchObject({ assigned: 9, done: 2, earnedCents: 200, paidOutCents: 0, owedCents: 200 });
    expect(ben).toMatchObject({ assigned: 1, done: 1, earnedCents: 300, paidOutCents: 300, owedCents: 0 });
    expect(totals).toEqual({ adjustedCents: 0, assigned: 10, done: 3, earnedCents: 500, paidOutCents: 300, owedCents: 200, waiting: 0 });
  });

  it('leaves out the days before each assignment was made (issue 29): a family that began on Wednesday missed nothing before it', () => {
    const wednesday = '2026-11-25T15:00:00Z';
    const data = input();
    // Ana's chores were both assigned on Wednesday (her Tuesday chore, done, still counts), and the plants from Wednesday on.
    data.dated = [{ ...dated('ana', '2026-11-23', 125, false), createdAt: wednesday }, { ...dated('ana', '2026-11-24', 250, true), createdAt: wednesday }, { ...dated('ana', '2026-11-26', 300, false), createdAt: wednesday }];
    data.continuous = [{ ...continuous, completions: {}, createdAt: wednesday }];
    data.children = [child('ana', 'Ana')];
    const [ana] = buildReport(data).children;
    expect(ana!.days.map((d) => d.assigned)).toEqual([0, 0, 1, 1, 2, 1, 1]);
    expect(ana).toMatchObject({ assigned: 6, done: 1 });
  });

  it('renders short day labels, the week, money with 2 decimals, and escapes names', () => {
    const html = renderReport(input());

    for (const label of ['Sun, Nov 22', 'Tue, Nov 24', 'Wed, Nov 25', 'Sat, Nov 28']) expect(html).toContain(`>${label}</th>`);
    expect(html).not.toMatch(/Tues |Wednes|Satur /);
    expect(html).toContain('Ben &lt;b&gt;');
    expect(html).not.toContain('Ben <b>');
    expect(html).toContain('<strong>$2.00</strong> this week');
    expect(html).toContain('paid out $3.00');
  });

  it('charts each child\'s earnings per week over the last 12 weeks (static SVG) with a table of the same figures', () => {
    const html = renderReport(input());
    const ana = html.slice(html.indexOf('<h2>Ana'), html.indexOf('<h2>Ben'));

    expect(ana).toContain('Earnings per week, last 12 weeks');
    expect(ana).toMatch(/<figure role="img" aria-label="Bar chart of Ana&#39;s earnings per week from the week of Sep 6 to the week of Nov 22: \$6\.50 in total, most in the week of Nov 8 \(\$4\.50\)\.">\s*(<style[^>]*>[^<]*<\/style>)*<div[^>]*>[\s\S]*<svg/);
    // Every week in the table, newest first; the chart needs no script (the one script is the Print button's file).
    expect(ana).toContain('<tr><th scope="row">Nov 8</th><td>$4.50</td><td>3</td></tr>');
    expect(ana).toContain('<tr><th scope="row">Nov 22</th><td>$2.00</td><td>2</td></tr>');
    expect(ana).toContain('<tr><th scope="row">Sep 6</th><td>$0.00</td><td>0</td></tr>');
    expect(ana.match(/<tr><th scope="row">[A-Z][a-z]{2} \d{1,2}<\/th>/g)).toHaveLength(12);
    expect(ana.match(/class="MuiBarChart-element"/g)).toHaveLength(12);
    expect(html.match(/<script[^>]*>[^<]*<\/script>/g)).toEqual(['<script src="/report.js" defer></script>']);
  });

  it('has a way back, a Print button, dark mode on screen and a light print (issue 18)', () => {
    const html = renderReport(input());
    expect(html).toContain('<a href="/">&larr; Back to ChoreQuest</a>');
    expect(html).toContain('<button type="button" id="print-report" hidden>Print</button>');
    expect(html).toMatch(/@media screen and \(prefers-color-scheme: dark\)/);
    expect(html).toMatch(/@media print \{\s+:root \{ color-scheme: light;/);
  });

  it('labels every other week on the server-drawn chart, the latest always, so labels never run together (issue 18)', () => {
    const html = renderReport(input());
    const ana = html.slice(html.indexOf('<h2>Ana'), html.indexOf('<h2>Ben'));
    const figure = ana.slice(ana.indexOf('<figure'), ana.indexOf('</figure>'));
    const labels = [...figure.matchAll(/<tspan[^>]*>([A-Z][a-z]{2} \d{1,2})</g)].map((m) => m[1]);
    expect(labels).toEqual(['Sep 13', 'Sep 27', 'Oct 11', 'Oct 25', 'Nov 8', 'Nov 22']);
  });

  it('says "No earnings yet" instead of drawing an empty chart', () => {
    const html = renderReport({ ...input(), weekEarnings: [] });
    expect(html).toContain('<p class="no-earnings">No earnings yet</p>');
    expect(html).not.toContain('MuiBarChart-element');
  });
});


describe('weekly report in the family’s currency (issue 22)', () => {
  const euro = { currency: 'EUR', locale: 'de-DE' };

  it('writes every amount of the page, the chart’s name and the history table in the family’s locale', () => {
    const html = renderReport({ ...input(), money: euro });
    expect(html).toContain('<strong>2,00 €</strong> this week');
    expect(html).toContain('paid out 3,00 €');
    const ana = html.slice(html.indexOf('<h2>Ana'), html.indexOf('<h2>Ben'));
    expect(ana).toContain('<tr><th scope="row">Nov 8</th><td>4,50 €</td><td>3</td></tr>');
    expect(ana).toContain('6,50 € in total, most in the week of Nov 8 (4,50 €)');
    expect(html).not.toMatch(/\$\d/);
  });

  it('lists bonuses and waiting ticks with the family’s money, and a yen family without decimals', () => {
    const by = { role: 'parent' as const, id: 'p1', name: 'Alex' };
    expect(adjustmentLine({ kind: 'bonus', amountCents: 1250, reason: 'Helped', by }, euro)).toBe('Bonus +12,50 €: Helped (Alex)');
    expect(adjustmentLine({ kind: 'deduction', amountCents: -200, reason: 'Late', by }, DEFAULT_MONEY)).toBe('Deduction −$2.00: Late (Alex)');
    expect(waitingLine({ childId: 'ana', choreName: 'Dishes', date: '2026-11-24', cents: 500 }, { currency: 'JPY', locale: 'ja-JP' })).toBe('Dishes (Tue, Nov 24) ￥500');
    const yen = renderReport({ ...input(), money: { currency: 'JPY', locale: 'ja-JP' } });
    expect(yen).toContain('<strong>￥200</strong> this week');
  });

  it('leaves goal purchases and jar withdrawals (they move nothing owed) out of the bonuses and deductions', () => {
    const by = { role: 'parent' as const, id: 'p1', name: 'Alex' };
    const purchase = { entryId: 'e1', childId: 'ana', kind: 'purchase' as const, amountCents: 0, reason: 'Bike', at: '2026-11-23T10:00:00Z', date: '2026-11-23', by };
    const bonus = { ...purchase, entryId: 'e2', kind: 'bonus' as const, amountCents: 100, reason: 'Helped' };
    const ana = buildReport({ ...input(), ledger: [purchase, bonus] }).children.find((c) => c.child.childId === 'ana')!;
    expect(ana.adjustments.map((e) => e.entryId)).toEqual(['e2']);
    expect(ana.adjustedCents).toBe(100);
  });
});

describe('weekly report: ticks waiting for a parent’s OK (issue 19)', () => {
  it('counts them in none of the figures and lists them apart, per child and in the totals', () => {
    const base = input();
    const waitingTick: DatedAssignmentItem = { ...dated('ana', '2026-11-24', 400, true), waiting: true };
    const ongoing: ContinuousItem = { ...continuous, completions: { ...continuous.completions, '2026-11-23': { cents: 75, at: '2026-11-23T18:00:00Z', waiting: true } } };
    const withWaiting: ReportInput = {
      ...base,
      dated: [...base.dated, waitingTick],
      continuous: [ongoing],
      waiting: [
        { childId: 'ana', choreName: 'Water plants', date: '2026-11-23', cents: 75 },
        { childId: 'ana', choreName: 'Chore <400>', date: '2026-11-24', cents: 400 },
      ],
    };
    const before = buildReport(base);
    const after = buildReport(withWaiting);
    const ana = (r: typeof before) => r.children.find((c) => c.child.childId === 'ana')!;
    expect(ana(after).earnedCents).toBe(ana(before).earnedCents);
    expect(ana(after).done).toBe(ana(before).done);
    expect(ana(after).waiting.map((w) => w.date)).toEqual(['2026-11-23', '2026-11-24']);
    expect(after.totals.waiting).toBe(2);
    const html = renderReport(withWaiting);
    expect(html).toContain('Waiting for your OK (2):</strong> Water plants (Mon, Nov 23) $0.75 · Chore &lt;400&gt; (Tue, Nov 24) $4.00');
    expect(html).toContain('<strong>2</strong> waiting for your OK');
  });
});

describe('one "earned this week" (issue 29)', () => {
  const by = { role: 'parent' as const, id: 'p1', name: 'Alex' };
  const bonus = { entryId: 'b1', childId: 'ana', kind: 'bonus' as const, amountCents: 100, reason: 'Helped', at: '2026-11-24T10:00:00Z', date: '2026-11-24', by };

  it('the printable report’s earned counts bonuses and deductions as the cards do, with chores and bonuses as labelled parts that add up', () => {
    const html = renderReport({ ...input(), ledger: [bonus] });
    // Ana: $2.00 from chores + $1.00 bonus = $3.00, the week's total on the card and in the history table.
    expect(html).toContain('earned <strong>$3.00</strong> this week ($2.00 from chores, bonuses and deductions +$1.00)');
    expect(html).toContain('earned <strong>$6.00</strong> ($5.00 from chores, bonuses and deductions +$1.00)');
    // Without bonuses or deductions it reads as before.
    expect(renderReport(input())).toContain('earned <strong>$2.00</strong> this week ·');
  });

  it('after Reset Earnings during the week it names the part before it and the part since, which is what the card counts (issue 29 point 12)', () => {
    const data = input();
    // Ana earned $1.25 on Monday, was paid out by Reset Earnings on Tuesday at noon, and earned $0.75 since (the plants, at 18:00).
    data.children = [data.children[0]!, { ...data.children[1]!, resetAt: '2026-11-24T12:00:00Z', resetBaseline: { week: WEEK, weekCents: 125, weekCount: 1, month: '2026-11', monthCents: 125, year: '2026', yearCents: 125 } }];
    const html = renderReport(data);
    expect(html).toContain('earned <strong>$2.00</strong> this week: $1.25 before Reset Earnings on Tue, Nov 24, $0.75 since (the dashboard’s “Earned this week”) ·');
    // A reset of another week says nothing here.
    data.children[1] = { ...data.children[1]!, resetBaseline: { ...data.children[1]!.resetBaseline!, week: '2026-11-15' } };
    expect(renderReport(data)).toContain('earned <strong>$2.00</strong> this week ·');
  });

  it('the weekly e-mail’s earned is the same figure, its parts said when a bonus or deduction is in it', () => {
    const base = input();
    const content = weeklyEmailContent({ lastWeek: WEEK, newWeek: '2026-11-29', newWeekBegan: '2026-11-29T00:00:00Z', children: base.children, dated: base.dated, continuous: base.continuous, payouts: base.payouts, ledger: [bonus], money: DEFAULT_MONEY, timeZone: 'UTC' });
    const ana = content.children.find((c) => c.name === 'Ana')!;
    expect(ana).toMatchObject({ earnedCents: 300, choresCents: 200, adjustedCents: 100 });
    const mail = weeklyReportEmail({ ...content, firstName: 'Alex', dashboardUrl: 'https://app.example/', unsubscribeUrl: 'https://app.example/u' });
    expect(mail.text).toContain('- Ana: done 2 of 9, earned $3.00');
    expect(mail.text).toContain('Ana earned $3.00: $2.00 from chores, bonuses and deductions +$1.00.');
  });
});
