import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ChildMoneyDto } from '../../../../../shared/api-types';
import type { Money } from '../../../lib/use-money';
import { savingsSummary } from '../model/goals';

/**
 * The savings, what they count, and how the goals share them (issue 29 point 13): the figures on the
 * page add up (each goal's part, then what no goal needs yet). `who`: the child's name when a parent reads it.
 */
export function SavingsSummaryText({ data, money, who, testId }: { data: Pick<ChildMoneyDto, 'savings' | 'jars' | 'goals' | 'money'>; money: Money; who?: string; testId: string }) {
  const s = savingsSummary(data, money, who);
  const parts = [...s.parts, ...(s.spare ? [s.spare] : [])];
  return (
    <Box sx={{ mt: 0.5 }}>
      {s.total && (
        <Typography data-testid={testId} sx={{ color: 'text.secondary', fontWeight: 700 }}>
          {s.total}
        </Typography>
      )}
      <Typography data-testid={`${testId}-explains`} variant="body2" sx={{ color: 'text.secondary' }}>
        {s.explains}
      </Typography>
      {parts.length > 0 && (
        <Typography data-testid={`${testId}-parts`} variant="body2" sx={{ color: 'text.secondary', fontWeight: 600 }}>
          {parts.join(' · ')}
        </Typography>
      )}
    </Box>
  );
}
