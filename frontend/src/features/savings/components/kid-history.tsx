import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { lazy, Suspense } from 'react';
import { chartBars, hasEarnings } from '../../../../../shared/earnings-chart';
import { EARNINGS_HISTORY_WEEKS } from '../../../api/family';
import { useChildHistory } from '../api/savings';
import { useMoney } from '../../../lib/use-money';
import { HISTORY_COLUMNS, historyRows, historySummary, showsJarColumns } from '../model/goals';

// The children page's earnings chart (MUI X, its own chunk), reused for the child's own history.
const EarningsChart = lazy(() => import('../../../components/earnings-chart'));
const CHART_HEIGHT = 180;
const CELL = { whiteSpace: 'nowrap', px: 1.25 } as const;

/**
 * The child's money week by week (issue 22): the 12-week earnings chart, and under it what they
 * earned, were paid, put in savings and in the give jar each week, in their words.
 */
export function KidHistory({ jarsOn }: { jarsOn: boolean }) {
  const money = useMoney();
  const history = useChildHistory();
  const data = history.data;
  const jars = data ? showsJarColumns(data.weeks, jarsOn, money) : jarsOn;
  const rows = data ? historyRows(data.weeks, money) : [];
  return (
    <Box component="section" aria-labelledby="history-heading">
      <Typography id="history-heading" variant="h5" component="h2">
        Week by week
      </Typography>
      <Typography sx={{ color: 'text.secondary', fontWeight: 600, mb: 1.5 }}>Your last {EARNINGS_HISTORY_WEEKS} weeks</Typography>
      {history.isError ? (
        <Typography color="text.secondary">Your history could not be loaded. Refresh the page to try again.</Typography>
      ) : (
        <>
          <Box role="img" aria-label={data ? historySummary(data.weeks, money) : 'Loading your chart'} sx={{ height: CHART_HEIGHT, minWidth: 0 }}>
            {data && !hasEarnings(chartBars(data.weeks, money.format.currency)) ? (
              <Box sx={{ height: '100%', display: 'grid', placeItems: 'center', textAlign: 'center', border: 1, borderStyle: 'dashed', borderColor: 'divider', borderRadius: 2, color: 'text.secondary', px: 2 }}>
                <Typography sx={{ fontWeight: 800 }}>Nothing earned yet. Tick off a chore and your first bar shows up here!</Typography>
              </Box>
            ) : data ? (
              <Suspense fallback={<Skeleton variant="rounded" height={CHART_HEIGHT} />}>
                <EarningsChart bars={chartBars(data.weeks, money.format.currency)} height={CHART_HEIGHT} />
              </Suspense>
            ) : (
              <Skeleton variant="rounded" height={CHART_HEIGHT} />
            )}
          </Box>
          <Box tabIndex={0} role="region" aria-label="Your money per week, table" sx={{ mt: 2, overflowX: 'auto', borderRadius: 2, border: 1, borderColor: 'divider', '&:focus-visible': { outline: '3px solid', outlineColor: 'primary.main' } }}>
            <Table size="small" aria-label="Your money per week" data-testid="kid-history">
              <TableHead>
                <TableRow>
                  <TableCell component="th" scope="col" sx={CELL}>Week of</TableCell>
                  <TableCell component="th" scope="col" align="right" sx={CELL}>{HISTORY_COLUMNS.earned}</TableCell>
                  <TableCell component="th" scope="col" align="right" sx={CELL}>{HISTORY_COLUMNS.paid}</TableCell>
                  {jars && <TableCell component="th" scope="col" align="right" sx={CELL}>{HISTORY_COLUMNS.saved}</TableCell>}
                  {jars && <TableCell component="th" scope="col" align="right" sx={CELL}>{HISTORY_COLUMNS.gave}</TableCell>}
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((r) => (
                  <TableRow key={r.weekStart}>
                    <TableCell component="th" scope="row" sx={CELL}>{r.label}</TableCell>
                    <TableCell align="right" sx={CELL}>{r.earned}</TableCell>
                    <TableCell align="right" sx={CELL}>{r.paid}</TableCell>
                    {jars && <TableCell align="right" sx={CELL}>{r.saved}</TableCell>}
                    {jars && <TableCell align="right" sx={CELL}>{r.gave}</TableCell>}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        </>
      )}
    </Box>
  );
}
