import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { BoardChoreDto, BoardSignedInDto } from '../../../../../shared/api-types';
import { ApiError, errorMessageFor } from '../../../lib/api';
import { useBoardTick } from '../api/board';

function ChoreRow({ chore, busy, onToggle }: { chore: BoardChoreDto; busy: boolean; onToggle: (c: BoardChoreDto) => void }) {
  // As on the child's own dashboard: another child's first-wins chore, or a tick a parent approved, cannot change.
  const locked = chore.takenBy !== null || (chore.isCompleted && !chore.canTakeBack);
  return (
    <Paper component="li" variant="outlined" sx={{ listStyle: 'none', px: 1.5, py: 1, borderRadius: 3, display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
      <FormControlLabel
        sx={{ flex: '1 1 auto', m: 0, minHeight: 48, '& .MuiFormControlLabel-label': { fontSize: '1.15rem', fontWeight: 700 } }}
        control={<Checkbox checked={chore.isCompleted} disabled={busy || locked} onChange={() => onToggle(chore)} sx={{ '& .MuiSvgIcon-root': { fontSize: 34 } }} />}
        label={chore.name}
      />
      {chore.waiting && <Chip size="small" label="Waiting for a parent’s OK" />}
      {chore.takenBy && <Chip size="small" label={`Done by ${chore.takenBy}`} />}
      {chore.sentBackNote !== null && (
        <Typography variant="body2" sx={{ width: '100%' }}>
          Sent back to do again{chore.sentBackNote ? `: “${chore.sentBackNote}”` : ''}
        </Typography>
      )}
    </Paper>
  );
}

/** Issue 32: the child signed in on the board, their chores of today to tick, and "Done". No money, no settings. */
export function SignedInChores({ signedIn, onDone, donePending, onTimeUp }: { signedIn: BoardSignedInDto; onDone: () => void; donePending: boolean; onTimeUp: (message: string) => void }) {
  const tick = useBoardTick();
  const left = signedIn.chores.filter((c) => !c.isCompleted).length;
  const toggle = (c: BoardChoreDto) =>
    tick.mutate(
      { assignmentId: c.assignmentId, completed: !c.isCompleted },
      // 403: the child's time on the board ran out (the board then shows everyone again, with the message).
      { onError: (error) => error instanceof ApiError && error.status === 403 && onTimeUp(errorMessageFor(error, 'Time is up.')) },
    );
  return (
    <Box component="section" aria-labelledby="board-signed-in-title">
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap', mb: 2 }}>
        <Box>
          <Typography id="board-signed-in-title" variant="h5" component="h2" sx={{ fontWeight: 800 }}>
            Hi {signedIn.displayName}!
          </Typography>
          <Typography color="text.secondary">
            {signedIn.chores.length === 0 ? 'No chores today. Enjoy your day!' : left === 0 ? 'All done for today. Great job!' : `${left} to go today`}
          </Typography>
        </Box>
        <Button variant="contained" size="large" onClick={onDone} disabled={donePending} sx={{ minHeight: 52, minWidth: 120, fontSize: '1.1rem' }}>
          Done
        </Button>
      </Stack>
      {tick.isError && (
        <Alert severity="error" role="alert" sx={{ mb: 2 }}>
          {errorMessageFor(tick.error, 'Oops! Something went wrong. Please try again.')}
        </Alert>
      )}
      <Stack component="ul" spacing={1.5} sx={{ p: 0, m: 0 }} aria-label={`${signedIn.displayName}’s chores today`}>
        {signedIn.chores.map((c) => (
          <ChoreRow key={c.assignmentId} chore={c} busy={tick.isPending} onToggle={toggle} />
        ))}
      </Stack>
    </Box>
  );
}
