import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { BoardChildDto } from '../../../../../shared/api-types';
import { BOARD_IDLE_MS } from '../../../../../shared/board-schemas';
import { ApiError, errorMessageFor } from '../../../lib/api';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useBoardScreen, useBoardSignIn, useBoardSignOut } from '../api/board';
import { ChildTile } from './child-tile';
import { PinPadDialog } from './pin-pad-dialog';
import { SignedInChores } from './signed-in-chores';
import { useIdle } from './use-idle';

/** "Saturday, November 28" for the family's today (an ISO date, read as that calendar day). */
const longDate = (iso: string) => new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(new Date(`${iso}T12:00:00Z`));

/** The board was revoked (or its session ended): this device is signed out. */
function NoLongerABoard() {
  return (
    <Box component="main" sx={{ minHeight: '100dvh', display: 'grid', placeItems: 'center', p: 3, textAlign: 'center' }}>
      <Box>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 800, mb: 2 }}>
          This device is no longer the family board
        </Typography>
        <Button variant="contained" onClick={() => window.location.assign('/')}>
          Go to the start page
        </Button>
      </Box>
    </Box>
  );
}

/**
 * Issue 32, the family board (docs/decisions/062-family-board.md): the signed-in `/` of a board
 * device. Every child's today at a glance; a child taps their picture, types their PIN and ticks
 * their chores; "Done", or a minute without a touch, shows everyone again. No money, no settings,
 * no account links. Its data is one call (GET /api/board), refreshed each minute while it hangs on the wall.
 */
export function BoardPage() {
  useDocumentTitle('Family board');
  const screen = useBoardScreen();
  const signIn = useBoardSignIn();
  const signOut = useBoardSignOut();
  const [picked, setPicked] = useState<BoardChildDto | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const signedIn = screen.data?.signedIn ?? null;

  const done = () => signOut.mutate(undefined, { onError: (e) => e instanceof ApiError && e.status === 401 && void screen.refetch() });
  // A minute without a touch: the signed-in child is signed out, and a PIN pad left open closes.
  useIdle(signedIn !== null || picked !== null, BOARD_IDLE_MS, () => {
    setPicked(null);
    if (signedIn) done();
  });

  if (screen.isPending) {
    return (
      <Box component="main" sx={{ minHeight: '100dvh', display: 'grid', placeItems: 'center' }}>
        <CircularProgress aria-label="Loading the family board" />
      </Box>
    );
  }
  if (screen.isError) {
    return (
      <Box component="main" sx={{ p: 3 }}>
        <Alert severity="error" action={<Button onClick={() => void screen.refetch()}>Try again</Button>}>
          We could not load the family board.
        </Alert>
      </Box>
    );
  }
  if (screen.data === null) return <NoLongerABoard />;
  const board = screen.data;

  const submitPin = (pin: string) => {
    if (!picked) return;
    signIn.mutate(
      { childId: picked.id, pin },
      {
        onSuccess: () => {
          setPicked(null);
          setNotice(null);
        },
        onError: (e) => {
          if (e instanceof ApiError && e.status === 401) void screen.refetch();
        },
      },
    );
  };

  return (
    <Box component="main" sx={{ minHeight: '100dvh', px: { xs: 2, md: 4 }, py: { xs: 2, md: 3 }, maxWidth: 1280, mx: 'auto', overflowX: 'hidden' }}>
      <Box component="header" sx={{ mb: 3 }}>
        <Typography variant="h4" component="h1" sx={{ fontWeight: 800, fontSize: { xs: '1.75rem', md: '2.25rem' } }}>
          {board.board.name}
        </Typography>
        <Typography color="text.secondary">{longDate(board.today)}</Typography>
      </Box>
      {notice && !signedIn && (
        <Alert severity="info" role="status" onClose={() => setNotice(null)} sx={{ mb: 2 }}>
          {notice}
        </Alert>
      )}
      {signedIn ? (
        <SignedInChores signedIn={signedIn} onDone={done} donePending={signOut.isPending} onTimeUp={(m) => {
          setNotice(m);
          void screen.refetch();
        }} />
      ) : board.children.length === 0 ? (
        <Typography>No children yet. A parent adds them in ChoreQuest.</Typography>
      ) : (
        <Box
          component="ul"
          aria-label="Children"
          sx={{ p: 0, m: 0, display: 'grid', gap: 2, gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(auto-fill, minmax(220px, 1fr))' } }}
        >
          {board.children.map((c) => (
            <ChildTile
              key={c.id}
              child={c}
              onPick={(child) => {
                signIn.reset();
                setPicked(child);
              }}
            />
          ))}
        </Box>
      )}
      {picked && !signedIn && (
        <PinPadDialog
          child={picked}
          pending={signIn.isPending}
          error={signIn.isError ? errorMessageFor(signIn.error, 'Something went wrong. Please try again.') : null}
          onSubmit={submitPin}
          onClose={() => setPicked(null)}
        />
      )}
    </Box>
  );
}
