/**
 * What the earnings-per-week chart shows, for the children page (MUI X Charts in the browser) and
 * the weekly report (the same chart rendered to SVG on the server): one bar per week, labelled by
 * the week's Sunday, in the family's money (issue 22: its currency and locale; US dollars when not
 * given), and a sentence that says what the chart shows for screen readers.
 */
import type { EarningsWeekDto } from './api-types';
import { currencyDigits, DEFAULT_MONEY, formatMoney, parseMinor, type MoneyFormat } from './money';
import { monthDay } from './time';

export interface ChartBar {
  /** "Nov 22": the week's Sunday. */
  label: string;
  /** The week's amount in whole units of the currency (dollars, euros, yen): what the bar's height is. */
  dollars: number;
}

const minorOf = (amount: string, currency: string): number => parseMinor(amount, currency) ?? 0;

export const chartBars = (weeks: readonly EarningsWeekDto[], currency: string = DEFAULT_MONEY.currency): ChartBar[] =>
  weeks.map((w) => ({ label: monthDay(w.weekStart), dollars: minorOf(w.amount, currency) / 10 ** currencyDigits(currency) }));

/** A bar's value (whole units) as the family reads money: "$12.50", "12,50 €". */
export const formatChartDollars = (value: number | null, money: MoneyFormat = DEFAULT_MONEY): string =>
  formatMoney(Math.round((value ?? 0) * 10 ** currencyDigits(money.currency)), money);

/** The chart's accessible name: its subject and its extremes (the table beside it has every figure). */
export function chartSummary(childName: string, weeks: readonly EarningsWeekDto[], total: string, money: MoneyFormat = DEFAULT_MONEY): string {
  if (weeks.length === 0) return `${childName}'s earnings per week: no weeks.`;
  const cents = weeks.map((w) => minorOf(w.amount, money.currency));
  const best = cents.indexOf(Math.max(...cents));
  const first = monthDay(weeks[0]!.weekStart);
  const last = monthDay(weeks[weeks.length - 1]!.weekStart);
  return `Bar chart of ${childName}'s earnings per week from the week of ${first} to the week of ${last}: ${formatMoney(minorOf(total, money.currency), money)} in total${
    cents[best]! > 0 ? `, most in the week of ${monthDay(weeks[best]!.weekStart)} (${formatMoney(cents[best]!, money)})` : ''
  }.`;
}

/** Whether a chart has anything to draw: an all-zero history is said in words ("No earnings yet"), not drawn as a bare axis. */
export const hasEarnings = (bars: readonly ChartBar[]): boolean => bars.some((b) => b.dollars > 0);

/** Said where a chart has nothing to draw. */
export const NO_EARNINGS_YET = 'No earnings yet';

/**
 * Every how many weeks a label fits on a chart `width` pixels wide: a week's label ("Sep 13", about
 * 36 px at 11 px) needs about 44 px with its gap; the y axis takes 56 px and the margins 20.
 */
export function labelEvery(width: number, bars: number): number {
  const perBar = Math.max(1, width - 76) / Math.max(1, bars);
  return Math.max(1, Math.ceil(44 / perBar));
}

/**
 * The props of the MUI X `<BarChart>` both renderers draw (the children page in the browser, the
 * weekly report on the server), without importing MUI here: one bar per week, the family's money
 * on the axis (`money`; US dollars when absent).
 * `every`: label every n-th week counting back from the latest (labelEvery), so labels never run
 * together and the current week is always named. The right margin leaves room for the last label,
 * centred on the last bar.
 */
export function earningsBarChartProps(bars: readonly ChartBar[], color: string, opts: { every?: number; money?: MoneyFormat } = {}) {
  const money = opts.money ?? DEFAULT_MONEY;
  const format = (v: number | null) => formatChartDollars(v, money);
  const last = bars.length - 1;
  const every = Math.max(1, Math.round(opts.every ?? 1));
  return {
    dataset: bars.map((b) => ({ ...b })),
    xAxis: [
      {
        scaleType: 'band' as const,
        dataKey: 'label',
        tickLabelStyle: { fontSize: 11 },
        tickLabelInterval: (_value: unknown, index: number) => (last - index) % every === 0,
      },
    ],
    yAxis: [{ valueFormatter: (v: number) => format(v), width: 56 }],
    series: [{ dataKey: 'dollars', label: 'Earned', valueFormatter: format, color }],
    hideLegend: true,
    margin: { top: 8, right: 20, bottom: 0, left: 0 },
    borderRadius: 6,
  };
}
