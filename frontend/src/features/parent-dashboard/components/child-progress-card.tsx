import PaidRounded from '@mui/icons-material/PaidRounded';
import TuneIcon from '@mui/icons-material/Tune';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import type { AssignmentDto, ChildDto } from '../../../../../shared/api-types';
import type { IsoDate, Weekday } from '../../../../../shared/time';
import { PAID_TEXT } from '../../../../../shared/messages';
import { useCompleteAssignment } from '../api/parent-dashboard';
import { conflictMessage } from '../../../lib/api';
import { AwayChip } from '../../../components/away-chip';
import { StreakChip } from '../../../components/streak-chip';
import { CategoryChip } from '../../../components/dialogs/category-chip';
import { awayTodayLabel, awayTodayMark } from '../../../lib/away-today';
import { errorToast, useToast } from '../../../components/toast';
import { dayBadge, percent, todaysChores, weekSinceResetText } from '../model/dashboard-model';
import { useMoney } from '../../../lib/use-money';

export interface ChildProgressCardProps {
  child: ChildDto;
  today: IsoDate;
  weekday: Weekday;
  onChoreSettings: (child: ChildDto) => void;
}

/** One child in Children's Daily Progress: profile, today's earnings and progress, and today's chores to tick. */
export function ChildProgressCard({ child, today, weekday, onChoreSettings }: ChildProgressCardProps) {
  const money = useMoney();
  const headingId = useId();
  const chores = todaysChores(child.assignments, today, weekday);
  const done = child.todayCompletedCount;
  const total = child.todayTotalCount;
  const pct = percent(done, total);
  // Issue 21: away today (own availability or the family's pause), as the children page marks the day.
  const away = awayTodayLabel(child.awayDays, today);
  const earned = [
    { label: 'Today', value: money.amount(child.earnedToday) },
    { label: 'This Week', value: money.amount(child.weekToDateEarned) },
    { label: 'This Month', value: money.amount(child.monthToDateEarned) },
  ];

  return (
    <Card component="article" aria-labelledby={headingId} sx={{ p: { xs: 2, sm: 2.5 } }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5 }}>
        <Avatar src={child.profileImageUrl} alt="" sx={{ width: 52, height: 52, bgcolor: 'primary.main', fontWeight: 800, fontSize: '1.4rem' }}>
          {child.displayName.charAt(0).toUpperCase()}
        </Avatar>
        {/* Wide enough for "Age 10 · 3 chores today"; past that the button drops to its own row. */}
        <Box sx={{ flex: '1 1 9.5rem', minWidth: 0 }}>
          <Typography id={headingId} variant="h6" component="h3" sx={{ lineHeight: 1.2, overflowWrap: 'anywhere' }}>
            {child.displayName}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {child.age !== undefined && (
              <>
                <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
                  Age {child.age}
                </Box>
                {' · '}
              </>
            )}
            <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
              {chores.length} {chores.length === 1 ? 'chore' : 'chores'} today
            </Box>
          </Typography>
          <Stack direction="row" sx={{ mt: 0.5, flexWrap: 'wrap', gap: 0.75 }}>
            {/* Issue 32: days in a row with everything done (an answer kept from before streaks has none). */}
            {child.streak && <StreakChip streak={child.streak} />}
            {away !== null && <AwayChip label={awayTodayMark(away)} testId="away-today" />}
          </Stack>
        </Box>
        <Button
          size="small"
          variant="outlined"
          startIcon={<TuneIcon />}
          onClick={() => onChoreSettings(child)}
          aria-label={`Chore Settings for ${child.displayName}`}
          sx={{ flex: { xs: '1 1 100%', sm: 'none' } }}
        >
          Chore Settings
        </Button>
      </Box>

      <Box component="dl" sx={{ m: 0, mt: 2, display: 'grid', gridTemplateColumns: 'repeat(3, minmax(0, 1fr))', gap: 1 }}>
        {earned.map((e) => (
          <Box key={e.label} sx={{ p: 1, borderRadius: 2.5, bgcolor: 'rgba(91, 60, 196, 0.06)', textAlign: 'center' }}>
            <Typography component="dt" variant="caption" color="text.secondary" sx={{ fontWeight: 700, display: 'block' }}>
              Earned {e.label.toLowerCase()}
            </Typography>
            <Typography component="dd" sx={{ m: 0, fontWeight: 800, color: 'success.main' }}>
              {e.value}
            </Typography>
          </Box>
        ))}
      </Box>
      {child.weekSinceReset && (
        <Typography variant="caption" component="p" color="text.secondary" sx={{ mt: 0.75 }} data-testid="week-since-reset">
          {weekSinceResetText(child.weekSinceReset, money.amount)}
        </Typography>
      )}

      <Box sx={{ mt: 2 }}>
        <Stack direction="row" sx={{ justifyContent: 'space-between', mb: 0.5 }}>
          <Typography variant="body2" sx={{ fontWeight: 700 }}>
            Today’s progress
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ fontWeight: 700 }}>
            {done}/{total} done
          </Typography>
        </Stack>
        <LinearProgress
          variant="determinate"
          value={pct}
          color="success"
          aria-label={`${child.displayName}’s progress today: ${done} of ${total} chores done`}
          sx={{ height: 10, borderRadius: 5 }}
        />
      </Box>

      {chores.length === 0 ? (
        <Typography color="text.secondary" sx={{ mt: 2, textAlign: 'center', py: 1.5 }}>
          No chores assigned for today
        </Typography>
      ) : (
        <Box component="ul" aria-label={`${child.displayName}’s chores today`} sx={{ listStyle: 'none', m: 0, mt: 1.5, p: 0 }}>
          {chores.map((a) => (
            <TodayChoreRow key={a.id} assignment={a} childName={child.displayName} />
          ))}
        </Box>
      )}
    </Card>
  );
}

/** A chore to tick; each row has its own request so several ticks can run at once, each disabled while it runs. */
function TodayChoreRow({ assignment: a, childName }: { assignment: AssignmentDto; childName: string }) {
  const money = useMoney();
  const { toast } = useToast();
  const paidId = useId();
  const complete = useCompleteAssignment();
  // The state asked for, set in the click handler itself: the mutation's own state reaches the
  // component a tick later, and until then the controlled box would snap back for a frame.
  const [asked, setAsked] = useState<boolean | null>(null);
  const toggle = (completed: boolean) => {
    setAsked(completed);
    complete.mutate(
      { id: a.id, completed },
      {
        onSuccess: () => toast({ title: 'Chore status updated successfully!' }),
        onError: (error) => toast(errorToast(conflictMessage(error) ?? 'Failed to update chore status. Please try again.')),
        onSettled: () => setAsked(null),
      },
    );
  };
  const checked = asked ?? a.isCompleted;
  // Paid out by Reset Earnings: it stays ticked, so the chore-day is never paid twice.
  const paid = a.isCompleted && a.isPaid;
  return (
    <Box
      component="li"
      sx={{ display: 'flex', alignItems: 'center', gap: 1, py: 0.75, borderTop: 1, borderColor: 'divider', '&:first-of-type': { borderTop: 0 } }}
    >
      <Checkbox
        checked={checked}
        disabled={asked !== null || complete.isPending || paid}
        onChange={(event) => toggle(event.target.checked)}
        color="success"
        slotProps={{ input: { 'aria-label': `${childName}: ${a.chore.name} done`, 'aria-describedby': paid ? paidId : undefined } }}
        sx={{ p: 0.75 }}
      />
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography
          sx={{ fontWeight: 600, overflowWrap: 'anywhere', textDecoration: checked ? 'line-through' : 'none', color: checked ? 'text.secondary' : 'text.primary' }}
        >
          {a.chore.name}
        </Typography>
        <Stack direction="row" sx={{ mt: 0.25, flexWrap: 'wrap', gap: 0.75, rowGap: 0.5 }}>
          <CategoryChip category={a.chore.category} />
          {dayBadge(a) && <Chip size="small" variant="outlined" label={dayBadge(a)} sx={{ height: 22, fontWeight: 600 }} />}
          {a.waiting && a.isCompleted && (
            <Chip size="small" label="Waits for your OK" sx={{ height: 22, fontWeight: 700, bgcolor: 'tone.sun.bg', color: 'tone.sun.fg' }} />
          )}
          {paid && (
            <Tooltip title={PAID_TEXT.parentHint}>
              <Chip id={paidId} size="small" color="success" icon={<PaidRounded />} label={PAID_TEXT.label} aria-label={`${PAID_TEXT.label}: ${PAID_TEXT.parentHint}`} sx={{ height: 22, fontWeight: 700 }} />
            </Tooltip>
          )}
        </Stack>
      </Box>
      <Typography sx={{ fontWeight: 800, color: 'success.main', flex: 'none' }}>{money.amount(a.chore.amount)}</Typography>
    </Box>
  );
}
