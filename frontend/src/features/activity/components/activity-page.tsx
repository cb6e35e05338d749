import History from '@mui/icons-material/History';
import Undo from '@mui/icons-material/Undo';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Suspense, useId, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { LEDGER_MESSAGES } from '../../../../../shared/messages';
import { useDashboard } from '../../../api/family';
import { type ActivityEventDto } from '../../../api/ledger';
import { useFamilyActivity, useReversal } from '../api/activity';
import { LazyConfirmDialog } from '../../../components/dialogs';
import { ParentShell } from '../../../components/parent-shell';
import { failureToast, useToast } from '../../../components/toast';
import { ApiError, extractServerMessage } from '../../../lib/api';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { isNegative, signedMoney } from '../../../lib/money-text';
import { useMoney } from '../../../lib/use-money';
import { activityWhen, activityWhenFull, canReverse, KIND_LABELS, reversedEntries, whoText } from '../lib/activity-view';

const ALL = '';

/**
 * The family's activity log (issue 19): every tick, untick, approval, send-back, bonus, deduction,
 * reversal, payout and Sunday run, newest first, 25 at a time ("Show older" follows the cursor),
 * for the whole family or one child (`?child=`). A bonus or deduction can be reversed from here.
 */
export function ActivityPage() {
  const [params, setParams] = useSearchParams();
  const childId = params.get('child') ?? ALL;
  const dashboard = useDashboard();
  const children = dashboard.data?.children ?? [];
  const timeZone = dashboard.data?.timeZone ?? 'UTC';
  const log = useFamilyActivity(childId || undefined);
  const reversal = useReversal();
  const { toast } = useToast();
  const [reversing, setReversing] = useState<ActivityEventDto | null>(null);
  const filterId = useId();
  const { format } = useMoney();
  useDocumentTitle('Activity');

  const events = useMemo(() => log.data?.pages.flatMap((p) => p.events) ?? [], [log.data]);
  const reversed = useMemo(() => reversedEntries(events), [events]);
  const childName = children.find((c) => c.id === childId)?.displayName;
  const now = new Date();

  const cursorGone = log.error instanceof ApiError && extractServerMessage(log.error.body) === LEDGER_MESSAGES.activityCursorInvalid;

  const runReversal = () => {
    const event = reversing;
    if (!event?.entryId || !event.childId) return;
    reversal.mutate(
      { childId: event.childId, entryId: event.entryId },
      {
        onSuccess: () => toast({ title: event.kind === 'bonus' ? 'Bonus reversed' : 'Deduction reversed', description: 'A reversing entry was added to the log.' }),
        onError: (error) => toast(failureToast(error, 'Failed to reverse the entry. Please try again.')),
        onSettled: () => setReversing(null),
      },
    );
  };

  return (
    <ParentShell>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'space-between', alignItems: { sm: 'flex-end' }, mb: 3 }}>
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="h4" component="h1">
            Activity
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 0.5 }}>
            Every tick, approval, bonus, deduction and payout, newest first.
          </Typography>
        </Box>
        <TextField
          select
          id={filterId}
          label="Show activity for"
          value={children.some((c) => c.id === childId) ? childId : ALL}
          onChange={(event) => {
            const next = event.target.value;
            setParams(next ? { child: next } : {}, { replace: true });
          }}
          sx={{ minWidth: { sm: 220 } }}
          size="small"
        >
          <MenuItem value={ALL}>All children</MenuItem>
          {children.map((c) => (
            <MenuItem key={c.id} value={c.id}>
              {c.displayName}
            </MenuItem>
          ))}
        </TextField>
      </Stack>

      {log.isPending ? (
        <Box sx={{ display: 'grid', placeItems: 'center', py: 8 }}>
          <CircularProgress aria-label="Loading the activity log" />
        </Box>
      ) : log.isError && events.length === 0 ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void log.refetch()} disabled={log.isFetching}>
              Retry
            </Button>
          }
        >
          {cursorGone ? LEDGER_MESSAGES.activityCursorInvalid : 'The activity log could not be loaded. Check your connection and try again.'}
        </Alert>
      ) : events.length === 0 ? (
        <Card sx={{ p: 4, textAlign: 'center' }}>
          <History sx={{ fontSize: 48, color: 'primary.main' }} aria-hidden />
          <Typography variant="h6" component="h2" sx={{ mt: 1 }}>
            {childName ? `Nothing happened for ${childName} yet` : 'Nothing happened yet'}
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 0.5 }}>
            Ticks, bonuses, deductions and payouts show up here as they happen.
          </Typography>
        </Card>
      ) : (
        <Card component="section" aria-label={childName ? `${childName}’s activity` : 'Family activity'}>
          <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0 }} data-testid="activity-list">
            {events.map((event) => (
              <ActivityRow
                key={event.id}
                event={event}
                when={activityWhen(event.at, now, timeZone)}
                whenFull={activityWhenFull(event.at, timeZone)}
                reversible={canReverse(event, reversed)}
                reversed={Boolean(event.entryId && reversed.has(event.entryId))}
                onReverse={() => setReversing(event)}
              />
            ))}
          </Box>
          <Box sx={{ p: 2, borderTop: 1, borderColor: 'divider', textAlign: 'center' }}>
            {log.isFetchNextPageError ? (
              <Alert severity="error" sx={{ textAlign: 'left' }}>
                {cursorGone ? LEDGER_MESSAGES.activityCursorInvalid : 'Older activity could not be loaded. Please try again.'}
              </Alert>
            ) : null}
            {log.hasNextPage ? (
              <Button variant="outlined" onClick={() => void log.fetchNextPage()} disabled={log.isFetchingNextPage} sx={{ mt: log.isFetchNextPageError ? 1.5 : 0 }}>
                {log.isFetchingNextPage ? 'Loading...' : 'Show older'}
              </Button>
            ) : (
              <Typography variant="body2" color="text.secondary">
                That is everything{childName ? ` for ${childName}` : ''}. The log keeps 13 months.
              </Typography>
            )}
          </Box>
        </Card>
      )}

      {reversing && (
        <Suspense fallback={null}>
          <LazyConfirmDialog
            open
            title={reversing.kind === 'bonus' ? 'Reverse this bonus?' : 'Reverse this deduction?'}
            description={`“${reversing.summary}”. A reversing entry of ${signedMoney(reversing.amount ? negate(reversing.amount) : undefined, format)} is added; the original stays in the log.`}
            confirmLabel="Reverse"
            destructive
            busy={reversal.isPending}
            onConfirm={runReversal}
            onClose={() => {
              if (!reversal.isPending) setReversing(null);
            }}
          />
        </Suspense>
      )}
    </ParentShell>
  );
}

const negate = (amount: string): string => (amount.trim().startsWith('-') ? amount.trim().slice(1) : `-${amount.trim()}`);

interface ActivityRowProps {
  event: ActivityEventDto;
  when: string;
  whenFull: string;
  reversible: boolean;
  reversed: boolean;
  onReverse: () => void;
}

function ActivityRow({ event, when, whenFull, reversible, reversed, onReverse }: ActivityRowProps) {
  const { format } = useMoney();
  const amount = signedMoney(event.amount, format);
  const negative = isNegative(event.amount, format.currency);
  return (
    <Box
      component="li"
      data-testid="activity-row"
      data-kind={event.kind}
      sx={{
        display: 'grid',
        gridTemplateColumns: 'minmax(0, 1fr) auto',
        columnGap: 2,
        rowGap: 0.75,
        px: { xs: 2, sm: 3 },
        py: 1.5,
        borderTop: 1,
        borderColor: 'divider',
        '&:first-of-type': { borderTop: 0 },
      }}
    >
      <Box sx={{ minWidth: 0 }}>
        <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{event.summary}</Typography>
        <Stack direction="row" sx={{ flexWrap: 'wrap', alignItems: 'center', columnGap: 1, rowGap: 0.5, mt: 0.5 }}>
          <Chip size="small" label={KIND_LABELS[event.kind]} sx={{ height: 22, fontWeight: 700, bgcolor: 'tone.brand.bg', color: 'tone.brand.fg' }} />
          {event.waiting && <Chip size="small" label="Waits for OK" sx={{ height: 22, fontWeight: 700, bgcolor: 'tone.sun.bg', color: 'tone.sun.fg' }} />}
          <Typography variant="body2" color="text.secondary">
            {whoText(event.by)}
            {' · '}
            <time dateTime={event.at} title={whenFull}>
              {when}
            </time>
          </Typography>
        </Stack>
      </Box>
      <Stack sx={{ alignItems: 'flex-end', gap: 0.75 }}>
        {amount && (
          <Typography sx={{ fontWeight: 800, whiteSpace: 'nowrap', color: negative ? 'error.main' : 'success.main' }}>
            {amount}
          </Typography>
        )}
        {reversible && (
          <Button size="small" variant="outlined" startIcon={<Undo />} onClick={onReverse} aria-label={`Reverse: ${event.summary}`}>
            Reverse
          </Button>
        )}
        {reversed && <Chip size="small" variant="outlined" label="Reversed" sx={{ height: 22, fontWeight: 700 }} />}
      </Stack>
    </Box>
  );
}
