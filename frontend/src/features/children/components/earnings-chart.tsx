import { BarChart } from '@mui/x-charts/BarChart';
import { earningsBarChartProps, type ChartBar } from '../../../../../shared/earnings-chart';

/** A purple between the light and dark schemes' primaries: ≥ 3:1 against both backgrounds. */
const BAR_COLOR = '#7b5cf0';

/**
 * MUI X bar chart of earnings per week. Its own chunk (with MUI X and d3), loaded by
 * earnings-history.tsx only on the pages that chart; the table beside it carries the figures for
 * screen readers, so the drawing is one labelled image.
 */
export default function EarningsChart({ bars, height }: { bars: ChartBar[]; height: number }) {
  // Every other week labelled, the latest always (issue 18): twelve labels never fit a card.
  return <BarChart height={height} {...earningsBarChartProps(bars, BAR_COLOR, { everyOtherLabel: bars.length > 6 })} />;
}
