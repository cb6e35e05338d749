import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import type { EarningsDto } from '../../../../../shared/api-types';
import { useMoney } from '../../../lib/use-money';
import { percentDone } from '../model/achievements';

export interface ProgressCardProps {
  completedCount: number;
  totalCount: number;
  /** What can still be done this week (today and later), and what was missed (weekOutlook). */
  left: number;
  missed: number;
  earnings: EarningsDto;
  showEarnings: boolean;
  /** On a phone the Show/Hide Earnings button sits here, beside what it hides. */
  earningsToggle?: ReactNode;
  /** Shown under the earnings tiles while earnings are shown: bonuses, deductions and payouts (issue 19). */
  moneyNews?: ReactNode;
}

/** A child's words first; the spec's names (section 2) stay beside them. */
const TILES: { key: keyof EarningsDto; label: string; spec: string; bg: string; fg: string }[] = [
  { key: 'weekToDate', label: 'This week', spec: 'Week to Date', bg: 'tone.sun.bg', fg: 'tone.sun.fg' },
  { key: 'monthToDate', label: 'This month', spec: 'Month to Date', bg: 'tone.sky.bg', fg: 'tone.sky.fg' },
  { key: 'yearToDate', label: 'This year', spec: 'Year to Date', bg: 'tone.leaf.bg', fg: 'tone.leaf.fg' },
];

/** "5 still to do this week", and missed days said kindly. */
function outlookLine(left: number, missed: number): string {
  const todo = left === 0 ? 'Nothing left to do this week.' : `${left} still to do this week.`;
  return missed ? `${todo} ${missed} missed, and that’s OK.` : todo;
}

function cheer(percent: number, total: number, left: number): string {
  if (total === 0) return 'No chores yet this week. Enjoy!';
  if (percent >= 100) return 'Every chore done. You’re a superstar!';
  if (left === 0) return 'You did everything you could this week. Well done!';
  if (percent >= 75) return 'Almost there, keep going!';
  if (percent >= 50) return 'More than halfway. Awesome!';
  if (percent > 0) return 'Great start, keep it up!';
  return 'Tick your first chore to get going!';
}

/** This week's done/total with a bar, and (unless hidden) what the child has earned. */
export function ProgressCard({ completedCount, totalCount, left, missed, earnings, showEarnings, earningsToggle, moneyNews }: ProgressCardProps) {
  const percent = percentDone(completedCount, totalCount);
  const money = useMoney();
  return (
    <Card component="section" aria-labelledby="progress-heading" sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack direction="row" sx={{ alignItems: 'baseline', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap' }}>
        <Typography id="progress-heading" variant="h5" component="h2">
          My Progress
        </Typography>
        <Typography sx={{ fontWeight: 700, color: 'text.secondary' }}>This week</Typography>
      </Stack>
      <Stack direction="row" sx={{ alignItems: 'baseline', gap: 1, mt: 1.5, flexWrap: 'wrap' }}>
        <Typography data-testid="progress-count" sx={{ fontSize: { xs: '2rem', sm: '2.4rem' }, fontWeight: 900, lineHeight: 1, color: 'primary.main' }}>
          {completedCount}/{totalCount}
        </Typography>
        <Typography sx={{ fontWeight: 700 }}>chores done</Typography>
        <Typography sx={{ ml: 'auto', fontWeight: 900, fontSize: '1.25rem' }} data-testid="progress-percent">
          {percent}%
        </Typography>
      </Stack>
      <LinearProgress
        variant="determinate"
        value={percent}
        aria-label="Chores done this week"
        aria-valuetext={`${completedCount} of ${totalCount} chores done, ${percent} percent`}
        sx={{
          mt: 1.5,
          height: 16,
          borderRadius: 99,
          bgcolor: 'tone.brand.bg',
          '& .MuiLinearProgress-bar': { borderRadius: 99, background: 'linear-gradient(90deg, #5b3cc4, #22a559)' },
        }}
      />
      <Typography sx={{ mt: 1, color: 'text.secondary', fontWeight: 700 }}>{cheer(percent, totalCount, left)}</Typography>
      {totalCount > 0 && (
        <Typography data-testid="progress-outlook" sx={{ mt: 0.25, color: 'text.secondary' }}>
          {outlookLine(left, missed)}
        </Typography>
      )}
      {earningsToggle && <Box sx={{ mt: 2, display: 'grid' }}>{earningsToggle}</Box>}

      {showEarnings && (
        <>
        <Typography variant="subtitle1" component="h3" sx={{ mt: 2.5, fontWeight: 800 }}>
          My Earnings
        </Typography>
        {/* Each tile: the child's words, then the spec's term and the amount as a term/value pair. */}
        <Box sx={{ mt: 1, display: 'grid', gridTemplateColumns: 'repeat(3, minmax(0, 1fr))', gap: { xs: 1, sm: 2 } }}>
          {TILES.map((tile) => (
            <Box key={tile.key} sx={{ bgcolor: tile.bg, color: tile.fg, borderRadius: 3, p: { xs: 1.25, sm: 2 }, minWidth: 0 }}>
              <Typography sx={{ fontWeight: 800, fontSize: { xs: '0.9rem', sm: '1.05rem' }, lineHeight: 1.2 }}>{tile.label}</Typography>
              <Box component="dl" sx={{ m: 0, display: 'flex', flexDirection: 'column-reverse' }}>
                <Typography component="dt" sx={{ fontWeight: 600, fontSize: { xs: '0.7rem', sm: '0.8rem' }, lineHeight: 1.25 }}>
                  {tile.spec}
                </Typography>
                <Typography component="dd" sx={{ m: 0, fontWeight: 900, fontSize: { xs: '1.25rem', sm: '1.75rem' }, lineHeight: 1.2 }}>
                  {money.amount(earnings[tile.key])}
                </Typography>
              </Box>
            </Box>
          ))}
        </Box>
        {moneyNews}
        </>
      )}
    </Card>
  );
}
