import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useId } from 'react';
import { chartBars, chartSummary, hasEarnings, NO_EARNINGS_YET } from '../../../../../shared/earnings-chart';
import { monthDay } from '../../../../../shared/time';
import { EARNINGS_HISTORY_WEEKS } from '../../../api/family';
import { useEarningsHistory } from '../api/children';
import { useMoney } from '../../../lib/use-money';

const EarningsChart = lazy(() => import('../../../components/earnings-chart'));
const EARNINGS_CHART_HEIGHT = 200;
/** Table cells keep their few characters on one line, with room to spare from 320 px up. */
const NO_WRAP = { whiteSpace: 'nowrap', px: 1.25 } as const;

/**
 * A child's earnings per week over the last 12 weeks (issue 12): the MUI X chart, loaded only
 * here, and beside it the same figures as a table (the accessible form, and the one to read
 * exact amounts from). Space for the chart is kept while it loads, so nothing jumps.
 */
export function EarningsHistory({ childId, childName }: { childId: string; childName: string }) {
  const history = useEarningsHistory(childId);
  const money = useMoney();
  const headingId = useId();
  const data = history.data;
  return (
    <Box component="section" aria-labelledby={headingId} data-testid={`earnings-history-${childId}`}>
      <Typography id={headingId} variant="subtitle1" component="h3" sx={{ fontWeight: 800 }}>
        Earnings per week, last {EARNINGS_HISTORY_WEEKS} weeks
      </Typography>
      {history.isError ? (
        <Typography color="text.secondary">The earnings history could not be loaded. Refresh the page to try again.</Typography>
      ) : (
        // Side by side only where the card is wide enough for both (a container query: the cards
        // sit two to a row on a desktop), else the table under the chart, so neither is clipped.
        <Box sx={{ containerType: 'inline-size', mt: 1 }}>
        <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: 'minmax(0, 1fr)', alignItems: 'start', '@container (min-width: 560px)': { gridTemplateColumns: 'minmax(0, 3fr) minmax(0, 2fr)' } }}>
          <Box role="img" aria-label={data ? chartSummary(childName, data.weeks, data.total, money.format) : 'Loading the earnings chart'} sx={{ minWidth: 0, height: EARNINGS_CHART_HEIGHT }}>
            {data && !hasEarnings(chartBars(data.weeks, money.format.currency)) ? (
              <Box sx={{ height: '100%', display: 'grid', placeItems: 'center', textAlign: 'center', border: 1, borderStyle: 'dashed', borderColor: 'divider', borderRadius: 2, color: 'text.secondary', px: 2 }}>
                <Box>
                  <Typography sx={{ fontWeight: 800 }}>{NO_EARNINGS_YET}</Typography>
                  <Typography variant="body2">Each week’s earnings show here as a bar once {childName} ticks off chores.</Typography>
                </Box>
              </Box>
            ) : data ? (
              <Suspense fallback={<Skeleton variant="rounded" height={EARNINGS_CHART_HEIGHT} />}>
                <EarningsChart bars={chartBars(data.weeks, money.format.currency)} height={EARNINGS_CHART_HEIGHT} />
              </Suspense>
            ) : (
              <Skeleton variant="rounded" height={EARNINGS_CHART_HEIGHT} />
            )}
          </Box>
          <Box
            tabIndex={0}
            role="region"
            aria-label={`${childName}'s earnings per week, table`}
            sx={{ maxHeight: EARNINGS_CHART_HEIGHT, overflowY: 'auto', borderRadius: 2, border: 1, borderColor: 'divider', '&:focus-visible': { outline: '3px solid', outlineColor: 'primary.main' } }}
          >
            <Table size="small" stickyHeader aria-label={`${childName}'s earnings per week`}>
              <TableHead>
                <TableRow>
                  <TableCell component="th" scope="col" sx={NO_WRAP}>Week of</TableCell>
                  <TableCell component="th" scope="col" align="right" sx={NO_WRAP}>Earned</TableCell>
                  <TableCell component="th" scope="col" align="right" sx={NO_WRAP}>Chores</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {data
                  ? [...data.weeks].reverse().map((w) => (
                      <TableRow key={w.weekStart}>
                        <TableCell component="th" scope="row" sx={NO_WRAP}>{monthDay(w.weekStart)}</TableCell>
                        <TableCell align="right" sx={NO_WRAP}>{money.amount(w.amount)}</TableCell>
                        <TableCell align="right" sx={NO_WRAP}>{w.completed}</TableCell>
                      </TableRow>
                    ))
                  : null}
              </TableBody>
            </Table>
          </Box>
        </Box>
        </Box>
      )}
    </Box>
  );
}
