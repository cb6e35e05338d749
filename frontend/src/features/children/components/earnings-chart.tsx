import { BarChart } from '@mui/x-charts/BarChart';
import type { ChartBar } from '../../../../../shared/earnings-chart';
import { formatChartDollars } from '../../../../../shared/earnings-chart';

/**
 * MUI X bar chart of earnings per week. Its own chunk (with MUI X and d3), loaded by
 * earnings-history.tsx only on the pages that chart; the table beside it carries the figures for
 * screen readers, so the drawing is one labelled image.
 */
/** A purple between the light and dark schemes' primaries: ≥ 3:1 against both backgrounds. */
const BAR_COLOR = '#7b5cf0';

export default function EarningsChart({ bars, height }: { bars: ChartBar[]; height: number }) {
  return (
    <BarChart
      height={height}
      dataset={bars.map((b) => ({ ...b }))}
      xAxis={[{ scaleType: 'band', dataKey: 'label', tickLabelStyle: { fontSize: 11 } }]}
      yAxis={[{ valueFormatter: (v: number) => formatChartDollars(v), width: 56 }]}
      series={[{ dataKey: 'dollars', label: 'Earned', valueFormatter: formatChartDollars, color: BAR_COLOR }]}
      hideLegend
      margin={{ top: 8, right: 8, bottom: 0, left: 0 }}
      borderRadius={6}
    />
  );
}
