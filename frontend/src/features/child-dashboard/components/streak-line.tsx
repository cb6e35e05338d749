import EmojiEventsRounded from '@mui/icons-material/EmojiEventsRounded';
import LocalFireDepartmentRounded from '@mui/icons-material/LocalFireDepartmentRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useState } from 'react';
import type { StreakDto } from '../../../../../shared/api-types';
import { allDoneMessage, childStreakLine, shouldCelebrate, STREAK_TEXT } from '../../../lib/streak-text';
import { useStoredState } from '../../../lib/use-stored-state';

const isDateOrNull = (v: unknown): v is string | null => v === null || typeof v === 'string';

/** Issue 32: the streak under the greeting (white on the hero), and how to keep it. */
export function StreakLine({ streak, choresLeftToday }: { streak: StreakDto | undefined; choresLeftToday: number }) {
  // An answer kept from before streaks (the offline copy) has none: nothing to say.
  const line = streak ? childStreakLine(streak, choresLeftToday) : null;
  if (!line) return null;
  return (
    <Typography data-testid="streak" sx={{ mt: 0.75, fontWeight: 800, display: 'flex', alignItems: 'center', gap: 0.75 }}>
      <LocalFireDepartmentRounded aria-hidden sx={{ color: 'secondary.main' }} />
      {line}
    </Typography>
  );
}

/**
 * Issue 32: "All done for today!" once a day per child on this device, when the server's answer
 * says today is done (the last tick, or opening the app after it). Remembered as the day it showed.
 * A card at the top of the dashboard, announced politely, never a modal: nothing of the page is
 * blocked or covered, and "Yay!" puts it away. It does not move (nothing for reduced motion to stop).
 */
export function AllDoneCelebration({ childId, today, streak }: { childId: string; today: string; streak: StreakDto | undefined }) {
  const [lastShown, setLastShown] = useStoredState<string | null>(`chorequest.child.allDone.${childId}`, null, isDateOrNull);
  const [open, setOpen] = useState(false);
  const titleId = useId();
  const due = shouldCelebrate(streak, today, lastShown);
  useEffect(() => {
    if (!due) return;
    setOpen(true);
    setLastShown(today);
  }, [due, today, setLastShown]);
  if (!open || !streak) return null;
  return (
    <Card
      role="status"
      aria-labelledby={titleId}
      data-testid="all-done"
      sx={{ p: { xs: 2, sm: 2.5 }, display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap', bgcolor: 'tone.sun.bg', color: 'tone.sun.fg' }}
    >
      <EmojiEventsRounded aria-hidden sx={{ fontSize: 56, color: 'secondary.main' }} />
      <Box sx={{ flex: '1 1 12rem', minWidth: 0 }}>
        <Typography id={titleId} variant="h5" component="h2" sx={{ fontWeight: 900 }}>
          {STREAK_TEXT.allDoneTitle}
        </Typography>
        <Typography sx={{ mt: 0.5, fontWeight: 600 }}>{allDoneMessage(streak)}</Typography>
      </Box>
      <Button variant="contained" onClick={() => setOpen(false)} sx={{ minHeight: 48, minWidth: 120 }}>
        {STREAK_TEXT.allDoneClose}
      </Button>
    </Card>
  );
}
