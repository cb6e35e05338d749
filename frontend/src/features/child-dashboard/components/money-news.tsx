import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { useChildActivity } from '../api/child-dashboard';
import { useMoney } from '../../../lib/use-money';
import { moneyLines } from '../model/money-news';

/**
 * Bonuses, deductions and payouts (issue 19) under the child's earnings: from the child's own
 * activity log, newest first. Offline or on a failed load it stays out of the way.
 */
export function MoneyNews() {
  const log = useChildActivity();
  const { format } = useMoney();
  const lines = useMemo(() => moneyLines(log.data?.pages.flatMap((p) => p.events) ?? [], format), [log.data, format]);
  if (!log.data) return null;
  return (
    <Box component="section" aria-labelledby="money-news-heading" sx={{ mt: 2.5 }}>
      <Typography id="money-news-heading" variant="subtitle1" component="h3" sx={{ fontWeight: 800 }}>
        Bonuses and payouts
      </Typography>
      {lines.length === 0 ? (
        <Typography sx={{ mt: 0.5, color: 'text.secondary' }}>{log.hasNextPage ? 'Nothing new lately.' : 'No bonuses or payouts yet.'}</Typography>
      ) : (
        <Box component="ul" sx={{ listStyle: 'none', m: 0, mt: 0.5, p: 0 }} data-testid="money-news">
          {lines.map((line) => (
            <Box
              component="li"
              key={line.id}
              sx={{ display: 'flex', justifyContent: 'space-between', gap: 1.5, py: 0.75, borderTop: 1, borderColor: 'divider', '&:first-of-type': { borderTop: 0 } }}
            >
              <Typography sx={{ fontWeight: 700, minWidth: 0, overflowWrap: 'anywhere' }}>{line.label}</Typography>{' '}
              <Typography sx={{ fontWeight: 900, whiteSpace: 'nowrap', color: line.negative ? 'error.main' : 'success.main' }}>{line.amount}</Typography>
            </Box>
          ))}
        </Box>
      )}
      {log.hasNextPage && (
        <Button size="small" onClick={() => void log.fetchNextPage()} disabled={log.isFetchingNextPage} sx={{ mt: 0.5, minHeight: 44 }}>
          {log.isFetchingNextPage ? 'Loading...' : 'Show older'}
        </Button>
      )}
    </Box>
  );
}
