import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import type { GoalDto } from '../../../../../shared/api-types';
import type { Money } from '../../../lib/use-money';
import { etaLine, progressLine, progressValueText, topUpLine } from '../model/goals';
import { GoalIcon } from './goal-icon';

/**
 * One goal: its icon, name, a progress bar ("12,50 € of 30,00 €") and how long is left ("About 3
 * more weeks at this pace"), or when it was bought. `actions` go under it (the money page's buttons).
 */
export function GoalProgress({ goal, money, headingLevel = 'h3', actions }: { goal: GoalDto; money: Money; headingLevel?: 'h2' | 'h3' | 'h4'; actions?: ReactNode }) {
  const bought = goal.status === 'bought';
  const topUp = topUpLine(goal);
  return (
    <Box data-testid={`goal-${goal.id}`}>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
        <GoalIcon icon={goal.icon} size={48} />
        <Box sx={{ minWidth: 0, flex: 1 }}>
          <Typography variant="h6" component={headingLevel} sx={{ fontWeight: 800, lineHeight: 1.25, overflowWrap: 'anywhere' }}>
            {goal.name}
          </Typography>
          <Typography data-testid="goal-progress-line" sx={{ fontWeight: 700, color: 'text.secondary' }}>
            {bought ? money.amount(goal.target) : progressLine(goal, money)}
            {topUp && !bought ? ` · ${topUp}` : ''}
          </Typography>
        </Box>
        {!bought && (
          <Typography sx={{ fontWeight: 900, fontSize: '1.2rem' }} aria-hidden>
            {goal.percent}%
          </Typography>
        )}
      </Stack>
      {!bought && (
        <LinearProgress
          variant="determinate"
          value={goal.percent}
          aria-label={`Saved toward ${goal.name}`}
          aria-valuetext={progressValueText(goal, money)}
          sx={{
            mt: 1.25,
            height: 14,
            borderRadius: 99,
            '& .MuiLinearProgress-bar': { borderRadius: 99, background: 'linear-gradient(90deg, #5b3cc4, #22a559)' },
          }}
        />
      )}
      <Typography data-testid="goal-eta" sx={{ mt: 0.75, fontWeight: 700, color: goal.status === 'reached' ? 'success.main' : 'text.secondary' }}>
        {etaLine(goal)}
      </Typography>
      {actions}
    </Box>
  );
}
