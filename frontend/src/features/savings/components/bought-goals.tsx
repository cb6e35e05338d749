import Box from '@mui/material/Box';
import Typography, { type TypographyProps } from '@mui/material/Typography';
import type { GoalDto } from '../../../../../shared/api-types';
import type { Money } from '../../../lib/use-money';
import { isActive } from '../model/goals';
import { GoalProgress } from './goal-progress';

/**
 * The goals already bought (issue 22) under a "Bought" heading, each with its progress line: on the
 * child's money page and in a parent's goals dialog, whose headings sit at different levels. Nothing
 * when none is bought.
 */
export function BoughtGoals({
  goals,
  money,
  heading,
}: {
  /** All the child's goals; the bought ones are shown. */
  goals: GoalDto[];
  money: Money;
  heading: { variant: TypographyProps['variant']; component: 'h3' | 'h4'; mt: number };
}) {
  const bought = goals.filter((g) => !isActive(g));
  if (bought.length === 0) return null;
  return (
    <>
      <Typography variant={heading.variant} component={heading.component} sx={{ mt: heading.mt, fontWeight: 800 }}>
        Bought
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {bought.map((goal) => (
          <Box component="li" key={goal.id} sx={{ py: 1.5, borderTop: 1, borderColor: 'divider', '&:first-of-type': { borderTop: 0 } }}>
            <GoalProgress goal={goal} money={money} headingLevel="h4" />
          </Box>
        ))}
      </Box>
    </>
  );
}
