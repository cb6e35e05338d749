import Chip from '@mui/material/Chip';
import type { ChoreCategory } from '../../../../shared/api-types';
import { CATEGORY_COLORS } from '../../lib/chore-categories';
import { CATEGORY_SHORT_LABELS } from './labels';

/** A chore's category badge: "Daily", "Weekly" or "Ongoing", tinted like the pages' badges. */
export function CategoryChip({ category }: { category: ChoreCategory }) {
  const tint = CATEGORY_COLORS[category];
  return (
    <Chip
      size="small"
      label={CATEGORY_SHORT_LABELS[category]}
      sx={{ bgcolor: tint.bg, color: tint.fg, fontWeight: 700, height: 22, '& .MuiChip-label': { px: 1 } }}
    />
  );
}
