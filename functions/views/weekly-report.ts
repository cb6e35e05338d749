/** The printable weekly report (GET /api/reports/weekly): a self-contained HTML page. */
import { chartSummary } from '../../shared/earnings-chart';
import { formatAmount, formatMoney, type MoneyFormat } from '../../shared/money';
import { addDays, longDate, monthDay, shortDate, WEEKDAYS, type IsoDate } from '../../shared/time';
import type { ContinuousItem, DatedAssignmentItem, EarningsItem } from '../data/planning/assignments';
import type { ChildItem, PayoutItem } from '../data/family/children';
import { escapeHtml as esc } from '../lib/html';
import { earningsChartSvg } from './earnings-chart-svg';
import { earningsHistoryDto } from './earnings-history';
import { historyWeeks, weeklyEarnings } from '../domain/earnings-history';
import { movesOwed, PAYOUT_METHOD_LABELS, resetThisWeek, type LedgerEntry } from '../domain/ledger';
import { continuousCountedDates, isDueDay } from '../domain/due-days';
import { isAwayOn } from '../../shared/availability';
import type { DateRange } from '../../shared/planning';

/** "Bonus +$2.00: Helped Grandma (Alex Rivera)" ("Bonus +2,00 €: …" for a euro family): a ledger entry as the report and the e-mail list it. */
export function adjustmentLine(e: Pick<LedgerEntry, 'kind' | 'amountCents' | 'reason' | 'by'>, money: MoneyFormat): string {
  const what = e.kind === 'bonus' ? 'Bonus' : e.kind === 'deduction' ? 'Deduction' : 'Reversal';
  const sign = e.amountCents < 0 ? '−' : '+';
  return `${what} ${sign}${formatMoney(Math.abs(e.amountCents), money)}: ${e.reason}${e.by.name ? ` (${e.by.name})` : ''}`;
}

/** Weeks of earnings history charted per child, ending with the report's week. */
export const REPORT_HISTORY_WEEKS = 12;

export interface ReportInput {
  familyName: string;
  weekStart: IsoDate;
  today: IsoDate;
  children: ChildItem[];
  dated: DatedAssignmentItem[];
  continuous: ContinuousItem[];
  payouts: PayoutItem[];
  /** The family's week aggregates of the REPORT_HISTORY_WEEKS weeks ending with `weekStart`. */
  weekEarnings: EarningsItem[];
  /** The week's bonuses, deductions and reversals (issue 19). */
  ledger?: LedgerEntry[];
  /** The ticks still waiting for a parent's OK (any week; issue 19). */
  waiting?: WaitingTick[];
  generatedAt: string;
  /** The family's currency and locale: every amount of the page is written in them (issue 22). */
  money: MoneyFormat;
  /** The family's time zone: a day before its assignment was made is not counted (domain/due-days.ts). */
  timeZone: string;
  /** The family's pause: an ongoing chore is not due on its days, nor on a child's away days (issue 29 point 7). */
  familyPause?: DateRange | null;
}

/** A tick waiting for a parent's OK, as the reports list it. */
export interface WaitingTick {
  childId: string;
  choreName: string;
  date: IsoDate;
  cents: number;
}

/** "Dishes (Tue, Nov 24) $1.50": a waiting tick as the report and the e-mail list it. */
export const waitingLine = (w: WaitingTick, money: MoneyFormat): string => `${w.choreName} (${shortDate(w.date)}) ${formatMoney(w.cents, money)}`;

export interface DayRow {
  date: IsoDate;
  assigned: number;
  done: number;
  earnedCents: number;
}

export interface ChildReport {
  child: ChildItem;
  days: DayRow[];
  assigned: number;
  done: number;
  earnedCents: number;
  paidOutCents: number;
  owedCents: number;
  /** The week's payouts of this child, oldest first (who reset earnings: the payout ledger). */
  payouts: PayoutItem[];
  /** The week's bonuses (+), deductions (−) and reversals of this child, oldest first, and their sum (goal purchases and jar withdrawals, issue 22, move nothing owed and are not listed). */
  adjustments: LedgerEntry[];
  adjustedCents: number;
  /** Ticks of this child still waiting for a parent's OK (counted in none of the figures), oldest first. */
  waiting: WaitingTick[];
  /** Reset Earnings during the week (issue 29 point 12): the cards' week counts from it. */
  reset: { date: IsoDate; beforeCents: number } | null;
}

/** The figures of a week per child; what both the printable page and the weekly e-mail show. */
export function buildReport(input: Pick<ReportInput, 'weekStart' | 'children' | 'dated' | 'continuous' | 'payouts' | 'ledger' | 'waiting' | 'timeZone' | 'familyPause'>): {
  children: ChildReport[];
  totals: Omit<ChildReport, 'child' | 'days' | 'payouts' | 'adjustments' | 'waiting' | 'reset'> & { waiting: number };
} {
  const children = [...input.children]
    .sort((a, b) => a.displayName.localeCompare(b.displayName))
    .map((child): ChildReport => {
      // A tick waiting for a parent's OK is neither done nor earned yet: it is listed apart.
      // Days before an assignment was made were never due (issue 29): neither assigned nor missed here.
      const dated = input.dated.filter((a) => a.childId === child.childId && isDueDay(a, input.timeZone)).map((a) => (a.isCompleted && a.waiting ? { ...a, isCompleted: false } : a));
      const continuous = input.continuous.filter((c) => c.childId === child.childId);
      // An ongoing chore counts on its due days (not before it was assigned, not while away) and any day it was ticked.
      const away = (date: IsoDate) => isAwayOn(child.availability, input.familyPause, date);
      const dueDates = new Map(continuous.map((c) => [c, new Set(continuousCountedDates(c, input.weekStart, input.timeZone, away))]));
      const days = WEEKDAYS.map((_, i): DayRow => {
        const date = addDays(input.weekStart, i);
        const todays = dated.filter((a) => a.assignedDate === date);
        const active = continuous.filter((c) => dueDates.get(c)!.has(date));
        const doneContinuous = continuous.map((c) => c.completions?.[date]).filter((x): x is NonNullable<typeof x> => x !== undefined && !x.waiting);
        return {
          date,
          assigned: todays.length + active.length,
          done: todays.filter((a) => a.isCompleted).length + doneContinuous.length,
          earnedCents: todays.reduce((s, a) => s + (a.isCompleted ? (a.earnedCents ?? 0) : 0), 0) + doneContinuous.reduce((s, x) => s + x.cents, 0),
        };
      });
      return {
        child,
        days,
        assigned: days.reduce((s, d) => s + d.assigned, 0),
        done: days.reduce((s, d) => s + d.done, 0),
        earnedCents: days.reduce((s, d) => s + d.earnedCents, 0),
        paidOutCents: input.payouts.filter((p) => p.childId === child.childId).reduce((s, p) => s + p.amountCents, 0),
        payouts: input.payouts.filter((p) => p.childId === child.childId).sort((a, b) => a.paidAt.localeCompare(b.paidAt)),
        owedCents: Math.max(0, child.unpaidCents ?? 0),
        adjustments: (input.ledger ?? []).filter((e) => e.childId === child.childId && movesOwed(e)).sort((a, b) => a.at.localeCompare(b.at)),
        adjustedCents: (input.ledger ?? []).filter((e) => e.childId === child.childId && movesOwed(e)).reduce((s, e) => s + e.amountCents, 0),
        waiting: (input.waiting ?? []).filter((w) => w.childId === child.childId).sort((a, b) => a.date.localeCompare(b.date)),
        reset: resetThisWeek(child, input.weekStart, input.timeZone),
      };
    });
  const sum = (f: (c: ChildReport) => number) => children.reduce((s, c) => s + f(c), 0);
  return {
    children,
    totals: {
      assigned: sum((c) => c.assigned),
      done: sum((c) => c.done),
      earnedCents: sum((c) => c.earnedCents),
      paidOutCents: sum((c) => c.paidOutCents),
      owedCents: sum((c) => c.owedCents),
      adjustedCents: sum((c) => c.adjustedCents),
      waiting: sum((c) => c.waiting.length),
    },
  };
}

const signed = (cents: number, money: MoneyFormat) => `${cents < 0 ? '−' : '+'}${formatMoney(Math.abs(cents), money)}`;
const pct = (done: number, assigned: number) => (assigned ? Math.round((done / assigned) * 100) : 0);

/** A child's earnings per week as a chart (static SVG) and a table of the same figures. */
function historySection(input: ReportInput, child: ChildItem): string {
  const { money } = input;
  const history = earningsHistoryDto(child.childId, weeklyEarnings(input.weekEarnings, child.childId, historyWeeks(input.weekStart, REPORT_HISTORY_WEEKS)), money.currency);
  const name = esc(child.displayName);
  return `
    <div class="history">
      <h3>Earnings per week, last ${REPORT_HISTORY_WEEKS} weeks</h3>
      <div class="history-grid">
        <figure role="img" aria-label="${esc(chartSummary(child.displayName, history.weeks, history.total, money))}">${earningsChartSvg(history.weeks, money)}</figure>
        <table class="history-table" aria-label="${name}'s earnings per week">
          <thead><tr><th scope="col">Week of</th><th scope="col">Earned</th><th scope="col">Chores</th></tr></thead>
          <tbody>
${[...history.weeks].reverse().map((w) => `            <tr><th scope="row">${esc(monthDay(w.weekStart))}</th><td>${esc(formatAmount(w.amount, money))}</td><td>${w.completed}</td></tr>`).join('\n')}
          </tbody>
        </table>
      </div>
    </div>`;
}

export function renderReport(input: ReportInput): string {
  const { children, totals } = buildReport(input);
  const money = (minor: number) => esc(formatMoney(minor, input.money));
  const signedMoney = (minor: number) => esc(signed(minor, input.money));
  const weekEnd = addDays(input.weekStart, 6);
  // Issue 29: "earned" is the week's chores and bonuses and deductions together, as every card says; the parts are named when there are two.
  // Issue 29 point 12: after Reset Earnings the dashboard's week counts from it; the report names both parts.
  const sinceReset = (c: ChildReport) => (c.reset ? `: ${money(c.reset.beforeCents)} before Reset Earnings on ${esc(shortDate(c.reset.date))}, ${money(Math.max(0, c.earnedCents + c.adjustedCents - c.reset.beforeCents))} since (the dashboard’s “Earned this week”)` : '');
  const earnedParts = (c: { earnedCents: number; adjustedCents: number }) =>
    c.adjustedCents ? ` (${money(c.earnedCents)} from chores, bonuses and deductions ${signedMoney(c.adjustedCents)})` : '';
  const childSections = children
    .map(
      (c) => `
  <section class="child">
    <h2>${esc(c.child.displayName)}${c.child.age !== undefined ? ` <small>age ${c.child.age}</small>` : ''}</h2>
    <p class="summary"><strong>${c.done}</strong> of <strong>${c.assigned}</strong> chores done (${pct(c.done, c.assigned)}%) ·
      earned <strong>${money(c.earnedCents + c.adjustedCents)}</strong> this week${earnedParts(c)}${sinceReset(c)} ·
      paid out ${money(c.paidOutCents)} · owed now ${money(c.owedCents)}</p>
    <table>
      <thead><tr><th scope="col">Day</th><th scope="col">Done</th><th scope="col">Assigned</th><th scope="col">Earned</th></tr></thead>
      <tbody>
${c.days.map((d) => `        <tr${d.date === input.today ? ' class="today"' : ''}><th scope="row">${esc(shortDate(d.date))}</th><td>${d.done}</td><td>${d.assigned}</td><td>${money(d.earnedCents)}</td></tr>`).join('\n')}
      </tbody>
    </table>
${c.waiting.length ? `    <p class="waiting"><strong>Waiting for your OK (${c.waiting.length}):</strong> ${c.waiting.map((w) => esc(waitingLine(w, input.money))).join(' · ')}</p>\n` : ''}${c.adjustments.length ? `    <ul class="adjustments">\n${c.adjustments.map((e) => `      <li>${esc(adjustmentLine(e, input.money))}</li>`).join('\n')}\n    </ul>\n` : ''}${c.payouts.map((p) => `    <p class="muted">Paid out ${money(p.amountCents)}${p.paidByName ? ` by ${esc(p.paidByName)}` : ''} (${p.part ? 'part of what was owed' : 'Reset Earnings'}${p.method ? `, ${PAYOUT_METHOD_LABELS[p.method]}` : ''}).</p>`).join('\n')}${historySection(input, c.child)}
  </section>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>ChoreQuest weekly report · week of ${esc(longDate(input.weekStart))}</title>
<style>
  :root { color-scheme: light; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
    --fg: #1f2937; --muted: #6b7280; --bg: #ffffff; --accent: #4c1d95; --rule: #6d28d9; --line: #e5e7eb; --soft: #f5f3ff; --btn: #5b3cc4; --btn-fg: #ffffff; }
  /* Dark on screen when the app is dark (report.js copies the app's choice) or the device is. */
  @media screen and (prefers-color-scheme: dark) { :root:not([data-scheme="light"]) { color-scheme: dark;
    --fg: #e5e7eb; --muted: #a1a1aa; --bg: #121018; --accent: #c4b5fd; --rule: #8b5cf6; --line: #3f3f46; --soft: #221c33; --btn: #a78bfa; --btn-fg: #121018; } }
  @media screen { :root[data-scheme="dark"] { color-scheme: dark;
    --fg: #e5e7eb; --muted: #a1a1aa; --bg: #121018; --accent: #c4b5fd; --rule: #8b5cf6; --line: #3f3f46; --soft: #221c33; --btn: #a78bfa; --btn-fg: #121018; } }
  html { background: var(--bg); color: var(--fg); }
  body { max-width: 900px; margin: 0 auto 2rem; padding: 0 1rem; }
  .bar { display: flex; align-items: center; justify-content: space-between; gap: .75rem; flex-wrap: wrap; padding: .75rem 0; border-bottom: 1px solid var(--line); margin-bottom: 1.25rem; }
  .bar a, .bar button { font: inherit; font-weight: 700; border-radius: 999px; padding: .5rem 1rem; min-height: 44px; box-sizing: border-box; display: inline-flex; align-items: center; gap: .4rem; cursor: pointer; }
  .bar a { color: var(--accent); text-decoration: none; border: 2px solid transparent; }
  .bar a:hover, .bar a:focus-visible { text-decoration: underline; }
  .bar button { background: var(--btn); color: var(--btn-fg); border: 2px solid var(--btn); }
  .bar button[hidden] { display: none; }
  :focus-visible { outline: 3px solid var(--rule); outline-offset: 2px; }
  header.title { border-bottom: 3px solid var(--rule); margin-bottom: 1.5rem; }
  h1 { margin: 0 0 .25rem; color: var(--accent); }
  h2 { margin: 1.5rem 0 .25rem; } h2 small { font-weight: normal; color: var(--muted); font-size: .8em; }
  .muted { color: var(--muted); }
  table { width: 100%; border-collapse: collapse; margin-top: .5rem; }
  th, td { border: 1px solid var(--line); padding: .35rem .6rem; text-align: left; }
  thead th { background: var(--soft); }
  td { text-align: right; } tr.today th { font-weight: 700; color: var(--accent); }
  .totals { margin-top: 2rem; padding: 1rem; background: var(--soft); border-radius: 8px; }
  .child { break-inside: avoid; page-break-inside: avoid; }
  h3 { margin: 1rem 0 .25rem; font-size: 1rem; }
  .history-grid { display: grid; grid-template-columns: minmax(0, 3fr) minmax(0, 2fr); gap: 1rem; align-items: start; }
  .history-grid figure { margin: 0; min-width: 0; }
  /* MUI X draws into a fixed 560 x 200 box (its SVG has a viewBox, inset in the box): let the box
     take the width it has, keeping its shape, so a phone shows the whole chart. */
  .history-grid figure [class*="MuiChartsWrapper-root"] { display: block; }
  .history-grid figure [class*="MuiChartsLayerContainer-root"] { width: 100% !important; max-width: 560px; height: auto !important; aspect-ratio: 560 / 200; }
  .history-grid figure text, .history-grid figure tspan { fill: var(--fg); }
  .history-grid figure line, .history-grid figure path.MuiChartsAxis-line { stroke: var(--muted); }
  .no-earnings { margin: 0; padding: 2rem 1rem; text-align: center; color: var(--muted); border: 1px dashed var(--line); border-radius: 8px; font-weight: 700; }
  .history-table td, .history-table th { padding: .15rem .5rem; font-size: .9rem; }
  @media (max-width: 640px) { .history-grid { grid-template-columns: minmax(0, 1fr); } }
  /* Printing stays light and compact: no buttons, children side by side, the chart carries the history. */
  @media print {
    :root { color-scheme: light; --fg: #1f2937; --muted: #4b5563; --bg: #ffffff; --accent: #4c1d95; --rule: #6d28d9; --line: #d1d5db; --soft: #ffffff; }
    @page { margin: 12mm; }
    body { margin: 0; max-width: none; font-size: 10pt; }
    .bar, .generated { display: none; }
    header.title { margin-bottom: .5rem; }
    h1 { font-size: 16pt; } h2 { font-size: 12pt; margin-top: .5rem; } h3 { font-size: 10pt; margin: .4rem 0 .1rem; }
    .children { display: grid; grid-template-columns: repeat(2, minmax(0, 1fr)); gap: 0 1.5rem; }
    th, td { padding: .1rem .35rem; }
    .history-grid { grid-template-columns: minmax(0, 1fr); }
    .history-table { display: none; }
    .history-grid figure [class*="MuiChartsLayerContainer-root"] { max-width: 80mm; }
    .totals { margin-top: .5rem; padding: .4rem .6rem; border: 1px solid var(--line); }
  }
</style>
<script src="/report.js" defer></script>
</head>
<body>
<nav class="bar" aria-label="Report">
  <a href="/">&larr; Back to ChoreQuest</a>
  <button type="button" id="print-report" hidden>Print</button>
</nav>
<header class="title">
  <h1>Weekly Report</h1>
  <p class="muted">${esc(input.familyName)} · ${esc(longDate(input.weekStart))} – ${esc(longDate(weekEnd))}</p>
</header>
<div class="children">
${children.length ? childSections : '<p>No children added yet.</p>'}
</div>
<section class="totals" aria-label="Family totals">
  <h2>Family totals</h2>
  <p><strong>${totals.done}</strong> of <strong>${totals.assigned}</strong> chores done (${pct(totals.done, totals.assigned)}%) ·
    earned <strong>${money(totals.earnedCents + totals.adjustedCents)}</strong>${earnedParts(totals)} ·
    paid out ${money(totals.paidOutCents)} · owed now ${money(totals.owedCents)}${totals.waiting ? ` · <strong>${totals.waiting}</strong> waiting for your OK` : ''}</p>
</section>
<p class="muted generated">Generated ${esc(input.generatedAt)}</p>
</body>
</html>`;
}
