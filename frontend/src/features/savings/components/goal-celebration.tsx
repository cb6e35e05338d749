import CelebrationRounded from '@mui/icons-material/CelebrationRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import Typography from '@mui/material/Typography';
import { keyframes } from '@mui/material/styles';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import type { GoalDto } from '../../../../../shared/api-types';
import { refreshChildViews } from '../../../api/family';
import { useMarkCelebrated } from '../api/savings';
import { celebrationLine, goalToCelebrate } from '../model/goals';
import { GoalIcon } from './goal-icon';

const pop = keyframes`
  0% { transform: scale(0.4) rotate(-12deg); opacity: 0; }
  60% { transform: scale(1.12) rotate(4deg); opacity: 1; }
  100% { transform: scale(1) rotate(0); opacity: 1; }
`;
const fall = keyframes`
  0% { transform: translateY(-24px) rotate(0); opacity: 0; }
  15% { opacity: 1; }
  100% { transform: translateY(150px) rotate(300deg); opacity: 0; }
`;

/** Confetti pieces: their place across the top, colour and delay (a fixed pattern: the same each time). */
const CONFETTI = [
  { left: 8, color: '#f5b400', delay: 0 },
  { left: 20, color: '#22a559', delay: 0.35 },
  { left: 33, color: '#7b5cf0', delay: 0.15 },
  { left: 47, color: '#e8467c', delay: 0.5 },
  { left: 60, color: '#1e88e5', delay: 0.05 },
  { left: 72, color: '#f5b400', delay: 0.4 },
  { left: 84, color: '#22a559', delay: 0.2 },
  { left: 93, color: '#e8467c', delay: 0.6 },
];

/** Goals whose celebration was asked for in this page load (React may run an effect twice). */
const marked = new Set<string>();

/**
 * Reaching a goal celebrates once (issue 22): the first reached goal that was not celebrated opens a
 * dialog ("You did it! You saved enough for a bike"), and the server is told at once, so it never
 * shows again, on any device. The confetti falls once; with reduced motion it stays still.
 */
export function GoalCelebration({ goals }: { goals: readonly GoalDto[] }) {
  const qc = useQueryClient();
  const markCelebrated = useMarkCelebrated();
  const [shown, setShown] = useState<GoalDto | null>(null);
  const candidate = goalToCelebrate(goals);
  const titleId = useId();
  const mark = useRef(markCelebrated.mutate);
  mark.current = markCelebrated.mutate;

  useEffect(() => {
    if (shown || !candidate || marked.has(candidate.id)) return;
    marked.add(candidate.id);
    setShown(candidate);
    mark.current(candidate.id);
  }, [candidate, shown]);

  const close = () => {
    setShown(null);
    void refreshChildViews(qc);
  };

  if (!shown) return null;
  return (
    <Dialog open onClose={close} aria-labelledby={titleId} maxWidth="xs" fullWidth slotProps={{ paper: { sx: { borderRadius: 4, m: 2, width: 'calc(100% - 32px)', overflow: 'hidden' } } }}>
      <DialogContent sx={{ position: 'relative', textAlign: 'center', pt: 4, pb: 2 }}>
        <Box aria-hidden sx={{ position: 'absolute', inset: 0, pointerEvents: 'none', overflow: 'hidden' }}>
          {CONFETTI.map((c) => (
            <Box
              key={c.left}
              sx={{
                position: 'absolute',
                top: 0,
                left: `${c.left}%`,
                width: 8,
                height: 14,
                borderRadius: 1,
                bgcolor: c.color,
                opacity: 0,
                animation: `${fall} 1.8s ease-in ${c.delay}s 1 forwards`,
                '@media (prefers-reduced-motion: reduce)': { animation: 'none', opacity: 0.8, top: `${12 + (c.left % 5) * 6}px` },
              }}
            />
          ))}
        </Box>
        <Box
          sx={{
            display: 'inline-flex',
            position: 'relative',
            animation: `${pop} 600ms cubic-bezier(.2,.9,.3,1.4) 1 both`,
            '@media (prefers-reduced-motion: reduce)': { animation: 'none' },
          }}
        >
          <GoalIcon icon={shown.icon} size={88} />
          <CelebrationRounded aria-hidden sx={{ position: 'absolute', right: -14, top: -10, fontSize: 36, color: 'secondary.main' }} />
        </Box>
        <Typography id={titleId} variant="h5" component="h2" sx={{ mt: 2, fontWeight: 900 }}>
          {celebrationLine(shown)}
        </Typography>
        <Typography sx={{ mt: 1, color: 'text.secondary', fontWeight: 600 }}>Tell a parent: they can mark it as bought.</Typography>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 3, justifyContent: 'center' }}>
        <Button variant="contained" size="large" onClick={close} autoFocus sx={{ minHeight: 48 }}>
          Yay!
        </Button>
      </DialogActions>
    </Dialog>
  );
}
