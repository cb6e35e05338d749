import { BarChart } from '@mui/x-charts/BarChart';
import { useLayoutEffect, useRef, useState } from 'react';
import { earningsBarChartProps, labelEvery, type ChartBar } from '../../../shared/earnings-chart';
import { useMoney } from '../lib/use-money';

/** A purple between the light and dark schemes' primaries: ≥ 3:1 against both backgrounds. */
const BAR_COLOR = '#7b5cf0';

/**
 * MUI X bar chart of earnings per week. Its own chunk (with MUI X and d3), loaded by
 * earnings-history.tsx only on the pages that chart; the table beside it carries the figures for
 * screen readers, so the drawing is one labelled image.
 */
export default function EarningsChart({ bars, height }: { bars: ChartBar[]; height: number }) {
  // The axis and tooltips in the family's money (issue 22).
  const { format: money } = useMoney();
  // Labels as many weeks as the width allows, the latest always (issue 18): from every week on a
  // wide card to every third on a 320 px phone.
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    setWidth(el.clientWidth);
    const observer = new ResizeObserver(([entry]) => setWidth(Math.round(entry!.contentRect.width)));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return (
    <div ref={ref} style={{ width: '100%', height }}>
      {width > 0 && <BarChart height={height} {...earningsBarChartProps(bars, BAR_COLOR, { every: labelEvery(width, bars.length), money })} />}
    </div>
  );
}
