import EventBusy from '@mui/icons-material/EventBusy';
import Chip from '@mui/material/Chip';

/**
 * An away day's mark (issue 21): the parent's label ("At Dad's", "Paused"), or "Away"; the children
 * page's week schedule and the dashboard's "Away today" both use it.
 */
export function AwayChip({ label, testId = 'away-day' }: { label: string; testId?: string }) {
  return (
    <Chip
      size="small"
      icon={<EventBusy aria-hidden />}
      label={label}
      data-testid={testId}
      sx={{ fontWeight: 700, bgcolor: 'tone.sun.bg', color: 'tone.sun.fg', '& .MuiChip-icon': { color: 'inherit' }, maxWidth: '100%' }}
    />
  );
}
