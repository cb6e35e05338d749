import Chip from '@mui/material/Chip';
import type { ChoreCategory } from '../../../../shared/api-types';
import { CATEGORY_SHORT_LABELS } from './labels';

/** Tinted badges with dark ink (AA contrast), one hue per category. */
const TINTS: Record<ChoreCategory, { bg: string; ink: string }> = {
  daily: { bg: '#ece7ff', ink: '#43289e' },
  weekly: { bg: '#fff0c7', ink: '#6b4500' },
  continuous: { bg: '#e1f3e6', ink: '#1a6432' },
};

/** A chore's category badge: "Daily", "Weekly" or "Continuous". */
export function CategoryChip({ category }: { category: ChoreCategory }) {
  const tint = TINTS[category];
  return (
    <Chip
      size="small"
      label={CATEGORY_SHORT_LABELS[category]}
      sx={{ bgcolor: tint.bg, color: tint.ink, fontWeight: 700, height: 22, '& .MuiChip-label': { px: 1 } }}
    />
  );
}
