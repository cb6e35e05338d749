/**
 * The earnings-per-week chart of the weekly report: the children page's MUI X bar chart, rendered
 * to static SVG on the server (fixed size, no animation; MUI X supports server rendering so), so
 * the printable report needs no script. The chart is one labelled image; the table beside it in the
 * report has the figures.
 */
import { BarChart } from '@mui/x-charts/BarChart';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { EarningsWeekDto } from '../../shared/api-types';
import { chartBars, earningsBarChartProps, hasEarnings, labelEvery, NO_EARNINGS_YET } from '../../shared/earnings-chart';
import type { MoneyFormat } from '../../shared/money';

/** Brand purple (frontend/src/theme/theme.ts). */
const BAR_COLOR = '#5b3cc4';

/**
 * The chart as markup (MUI X's wrapper around an SVG with a viewBox: the report's stylesheet lets
 * it scale to the width it has, so a phone shows all of it), with every other week labelled (a
 * server cannot measure text to drop overlapping labels), or a sentence when there is nothing to draw.
 * The axis reads in the family's money (issue 22).
 */
export function earningsChartSvg(weeks: readonly EarningsWeekDto[], money: MoneyFormat, size = { width: 560, height: 200 }): string {
  const bars = chartBars(weeks, money.currency);
  if (!hasEarnings(bars)) return `<p class="no-earnings">${NO_EARNINGS_YET}</p>`;
  return renderToStaticMarkup(
    createElement(BarChart, { width: size.width, height: size.height, skipAnimation: true, ...earningsBarChartProps(bars, BAR_COLOR, { every: labelEvery(size.width, bars.length), money }) }),
  );
}
