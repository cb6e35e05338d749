import ArrowForwardRounded from '@mui/icons-material/ArrowForwardRounded';
import SavingsRounded from '@mui/icons-material/SavingsRounded';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { useChildMoney } from '../api/savings';
import { PATHS } from '../../../config/paths';
import { useMoney } from '../../../lib/use-money';
import { firstActiveGoal } from '../model/goals';
import { GoalCelebration } from './goal-celebration';
import { GoalProgress } from './goal-progress';

/**
 * "My goal" on the child's dashboard (issue 22): the first goal being saved for, its progress and
 * how long is left at this pace, with a link to "My money". Reaching a goal celebrates here once.
 * Its own chunk: the dashboard loads it lazily; while it loads or when money cannot load, nothing shows.
 */
export default function GoalCard() {
  const query = useChildMoney();
  const money = useMoney();
  const data = query.data;
  if (!data) return null;
  const goal = firstActiveGoal(data.goals);
  return (
    <Card component="section" aria-labelledby="my-goal-heading" sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1, mb: 1.5, flexWrap: 'wrap' }}>
        <Typography id="my-goal-heading" variant="h5" component="h2" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <SavingsRounded aria-hidden sx={{ color: 'primary.main' }} />
          My goal
        </Typography>
        <Button component={RouterLink} to={PATHS.childMoney} endIcon={<ArrowForwardRounded />} sx={{ minHeight: 44, fontWeight: 800 }}>
          My money
        </Button>
      </Stack>
      {goal ? (
        <GoalProgress goal={goal} money={money} />
      ) : (
        <Typography sx={{ color: 'text.secondary', fontWeight: 600 }}>
          Saving for something? Set a goal in My money and watch it grow with every chore.
        </Typography>
      )}
      <GoalCelebration goals={data.goals} />
    </Card>
  );
}
