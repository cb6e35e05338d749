import LocalFireDepartmentRounded from '@mui/icons-material/LocalFireDepartmentRounded';
import Chip from '@mui/material/Chip';
import type { StreakDto } from '../../../shared/api-types';
import { parentStreakLabel } from '../lib/streak-text';

/** Issue 32: a child's streak as a parent sees it ("5-day streak", "No streak yet"). */
export function StreakChip({ streak }: { streak: StreakDto }) {
  const none = streak.days === 0;
  return (
    <Chip
      size="small"
      icon={<LocalFireDepartmentRounded aria-hidden />}
      label={parentStreakLabel(streak)}
      data-testid="streak"
      variant={none ? 'outlined' : 'filled'}
      sx={{ fontWeight: 700, ...(none ? {} : { bgcolor: 'tone.brand.bg', color: 'tone.brand.fg', '& .MuiChip-icon': { color: 'inherit' } }) }}
    />
  );
}
