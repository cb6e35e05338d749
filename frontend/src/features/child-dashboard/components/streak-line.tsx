import LocalFireDepartmentRounded from '@mui/icons-material/LocalFireDepartmentRounded';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useEffect, useState } from 'react';
import type { StreakDto } from '../../../../../shared/api-types';
import { childStreakLine, shouldCelebrate } from '../../../lib/streak-text';
import { useStoredState } from '../../../lib/use-stored-state';

const AllDoneDialog = lazy(() => import('./all-done-dialog'));

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
 */
export function AllDoneCelebration({ childId, today, streak }: { childId: string; today: string; streak: StreakDto | undefined }) {
  const [lastShown, setLastShown] = useStoredState<string | null>(`chorequest.child.allDone.${childId}`, null, isDateOrNull);
  const [open, setOpen] = useState(false);
  const due = shouldCelebrate(streak, today, lastShown);
  useEffect(() => {
    if (!due) return;
    setOpen(true);
    setLastShown(today);
  }, [due, today, setLastShown]);
  if (!open || !streak) return null;
  return (
    <Suspense fallback={null}>
      <AllDoneDialog streak={streak} onClose={() => setOpen(false)} />
    </Suspense>
  );
}
