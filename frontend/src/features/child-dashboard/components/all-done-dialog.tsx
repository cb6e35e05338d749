import EmojiEventsRounded from '@mui/icons-material/EmojiEventsRounded';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import type { StreakDto } from '../../../../../shared/api-types';
import { allDoneMessage, STREAK_TEXT } from '../../../lib/streak-text';

/**
 * Issue 32: the "All done for today!" moment (its own chunk: loaded only on the day it shows). A
 * small card, not a full screen: a child closes it with one tap and is back on the list. No motion
 * (nothing for prefers-reduced-motion to stop).
 */
export default function AllDoneDialog({ streak, onClose }: { streak: StreakDto; onClose: () => void }) {
  const titleId = useId();
  const textId = useId();
  return (
    <Dialog open onClose={onClose} maxWidth="xs" fullWidth aria-labelledby={titleId} aria-describedby={textId} data-testid="all-done">
      <DialogContent sx={{ textAlign: 'center', pt: 4 }}>
        <EmojiEventsRounded aria-hidden sx={{ fontSize: 72, color: 'secondary.main' }} />
        <Typography id={titleId} variant="h4" component="h2" sx={{ mt: 1, fontWeight: 900 }}>
          {STREAK_TEXT.allDoneTitle}
        </Typography>
        <Typography id={textId} sx={{ mt: 1.5, fontSize: '1.1rem', fontWeight: 600 }}>
          {allDoneMessage(streak)}
        </Typography>
      </DialogContent>
      <DialogActions sx={{ justifyContent: 'center', pb: 3 }}>
        <Button variant="contained" size="large" onClick={onClose} autoFocus sx={{ minHeight: 48, minWidth: 140 }}>
          {STREAK_TEXT.allDoneClose}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
