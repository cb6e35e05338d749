import CheckCircle from '@mui/icons-material/CheckCircle';
import Close from '@mui/icons-material/Close';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import EditCalendar from '@mui/icons-material/EditCalendar';
import Face from '@mui/icons-material/Face';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import type { ChildDto } from '../../../api/family';
import { dateInWeek, monthDay, type IsoDate, type Weekday } from '../../../../../shared/time';
import { CATEGORY_COLORS } from '../../../lib/chore-categories';
import { AwayChip } from '../../../components/away-chip';
import { childWeekSchedule, type ScheduledChore } from '../lib/week-schedule';
import { ChildCardActions } from './child-card-actions';
import { EarningsHistory } from './earnings-history';
import { useMoney } from '../../../lib/use-money';

export interface ChildCardProps {
  child: ChildDto;
  weekStart: IsoDate | undefined;
  editing: boolean;
  /** The continuous chore being removed (its chore id), to disable its button meanwhile. */
  removingChoreId: string | null;
  onToggleEditing: () => void;
  onEditProfile: () => void;
  onSetLogin: () => void;
  onResetEarnings: () => void;
  /** Issue 19: a bonus or a deduction. */
  onAdjust: () => void;
  /** Issue 21: the availability editor. */
  onAvailability: () => void;
  /** Issue 32: set, change or remove the child's family-board PIN. */
  onBoardPin: () => void;
  /** Issue 22: the child's savings goals and jars. */
  onGoals?: () => void;
  onDelete: () => void;
  onOpenScheduler: () => void;
  onRemoveContinuous: (choreId: string, choreName: string) => void;
}

const DAY_SHORT: Record<Weekday, string> = {
  monday: 'Mon',
  tuesday: 'Tue',
  wednesday: 'Wed',
  thursday: 'Thu',
  friday: 'Fri',
  saturday: 'Sat',
  sunday: 'Sun',
};
const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** One child on the children page: profile, this week's figures, actions and the Monday-to-Sunday schedule. */
export function ChildCard(props: ChildCardProps) {
  const money = useMoney();
  const { child, weekStart, editing, onToggleEditing } = props;
  const titleId = useId();
  const scheduleId = useId();
  // Rounded down, as on the child's own dashboard: 100% only when every chore is done.
  const percent = child.totalCount > 0 ? Math.floor((child.completedCount / child.totalCount) * 100) : 0;
  const schedule = childWeekSchedule(child.assignments, weekStart);
  const hasDated = schedule.summary.daily + schedule.summary.weekly > 0;
  // Issue 21: the week's away days with their label ("At Dad's", "Paused").
  const awayOn = new Map((child.awayDays ?? []).map((d) => [d.date, d.label]));

  return (
    <Card component="article" aria-labelledby={titleId} sx={{ height: '100%' }}>
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <Avatar
            src={child.profileImageUrl || undefined}
            alt={child.profileImageUrl ? `${child.displayName}'s picture` : undefined}
            sx={{ width: 64, height: 64, bgcolor: 'primary.main', fontSize: 28 }}
          >
            <Face fontSize="inherit" aria-hidden />
          </Avatar>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Typography id={titleId} variant="h5" component="h2" sx={{ overflowWrap: 'anywhere' }}>
              {child.displayName}
            </Typography>
            <Typography color="text.secondary">
              {child.age ? `Age ${child.age}` : 'Age not set'}
              {' · '}
              {child.username ? `Login: ${child.username}` : 'No login yet'}
            </Typography>
          </Box>
          <IconButton aria-label={`Delete ${child.displayName}`} color="error" onClick={props.onDelete} sx={{ alignSelf: 'flex-start' }}>
            <DeleteOutline />
          </IconButton>
        </Stack>

        <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(3, minmax(0, 1fr))', gap: 1, mt: 2 }}>
          <Figure label="Earned this week" value={money.amount(child.weekToDateEarned)} />
          <Figure label="Owed" value={money.amount(child.weeklyEarnings)} />
          <Figure label="Completed" value={`${child.completedCount}/${child.totalCount}`} />
        </Box>

        <Box sx={{ mt: 2 }}>
          <Stack direction="row" sx={{ justifyContent: 'space-between' }}>
            <Typography variant="body2" sx={{ fontWeight: 700 }} id={`${titleId}-progress`}>
              Weekly progress
            </Typography>
            <Typography variant="body2" sx={{ fontWeight: 800 }}>
              {percent}%
            </Typography>
          </Stack>
          <LinearProgress
            variant="determinate"
            value={percent}
            aria-labelledby={`${titleId}-progress`}
            sx={{ height: 10, borderRadius: '5px', mt: 0.5 }}
          />
        </Box>

        <Box sx={{ mt: 2 }}>
          <EarningsHistory childId={child.id} childName={child.displayName} />
        </Box>

        <ChildCardActions
          child={child}
          weekStart={weekStart}
          editing={editing}
          scheduleId={scheduleId}
          onToggleEditing={onToggleEditing}
          onEditProfile={props.onEditProfile}
          onSetLogin={props.onSetLogin}
          onResetEarnings={props.onResetEarnings}
          onAdjust={props.onAdjust}
          onAvailability={props.onAvailability}
          onBoardPin={props.onBoardPin}
          onGoals={props.onGoals}
        />

        <Divider sx={{ my: 2 }} />

        <Box id={scheduleId}>
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 800 }}>
            This week’s schedule
          </Typography>
          {editing && (
            <Box sx={{ mt: 1, p: 1.5, borderRadius: '10px', bgcolor: 'action.hover' }}>
              <Typography variant="body2">
                Remove ongoing chores with their × button. Daily and weekly chores are changed day by day in the weekly scheduler.
              </Typography>
              <Button size="small" startIcon={<EditCalendar />} onClick={props.onOpenScheduler} sx={{ mt: 1 }} variant="contained">
                Open weekly scheduler
              </Button>
            </Box>
          )}

          {!hasDated && schedule.summary.ongoing === 0 && awayOn.size === 0 ? (
            <Typography color="text.secondary" sx={{ mt: 1 }}>
              No chores assigned this week yet. Use Manual Chore Assignment above, or reassign weekly chores from the dashboard.
            </Typography>
          ) : (
            <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, mt: 1 }}>
              {schedule.days.map(({ day, chores }) => {
                const away = weekStart ? awayOn.get(dateInWeek(weekStart, day)) : undefined;
                return (
                <Box
                  component="li"
                  key={day}
                  sx={{ display: 'grid', gridTemplateColumns: '52px 1fr', gap: 1, py: 0.75, borderBottom: 1, borderColor: 'divider' }}
                >
                  <Typography sx={{ fontWeight: 800, pt: 0.25, lineHeight: 1.2 }}>
                    <abbr title={capitalize(day)} style={{ textDecoration: 'none' }}>
                      {DAY_SHORT[day]}
                    </abbr>
                    {weekStart && (
                      // The date under each day: the spec lists the week Monday to Sunday, so the
                      // week's own Sunday (its first day) comes last and must not be read as the next.
                      <Box component="span" data-testid="day-date" sx={{ display: 'block', fontSize: '0.75rem', fontWeight: 600, color: 'text.secondary' }}>
                        {monthDay(dateInWeek(weekStart, day))}
                      </Box>
                    )}
                  </Typography>
                  <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5, alignItems: 'center', minWidth: 0 }}>
                    {away !== undefined && <AwayChip label={away} />}
                    {chores.length === 0 ? (
                      away === undefined && (
                        <Typography variant="body2" color="text.secondary" sx={{ pt: 0.5 }}>
                          Free day
                        </Typography>
                      )
                    ) : (
                      <ChoreChips items={chores} {...props} />
                    )}
                  </Stack>
                </Box>
                );
              })}
            </Box>
          )}

          {schedule.ongoing.length > 0 && (
            <Box sx={{ mt: 1.5 }}>
              <Typography variant="body2" component="h4" sx={{ fontWeight: 800, mb: 0.5 }}>
                Ongoing Tasks (Always Active)
              </Typography>
              <ChoreChips items={schedule.ongoing} {...props} />
            </Box>
          )}

          <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
            <strong>Daily:</strong> {schedule.summary.daily} · <strong>Weekly:</strong> {schedule.summary.weekly} ·{' '}
            <strong>Ongoing:</strong> {schedule.summary.ongoing}
          </Typography>
        </Box>
      </CardContent>
    </Card>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Box sx={{ p: 1, borderRadius: '10px', bgcolor: 'background.default', textAlign: 'center', minWidth: 0 }}>
      <Typography sx={{ fontWeight: 800, fontSize: { xs: '1rem', sm: '1.15rem' } }}>{value}</Typography>
      <Typography variant="caption" color="text.secondary" sx={{ display: 'block', lineHeight: 1.2 }}>
        {label}
      </Typography>
    </Box>
  );
}

function ChoreChips({ items, editing, child, removingChoreId, onRemoveContinuous }: { items: ScheduledChore[] } & ChildCardProps) {
  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5, minWidth: 0 }}>
      {items.map((s) => {
        const colors = CATEGORY_COLORS[s.chore.category];
        const done = s.completed > 0 && s.completed >= s.count;
        const label = `${s.chore.name}${s.count > 1 ? ` ×${s.count}` : ''}`;
        return (
          <Stack key={`${s.chore.id}-${s.continuous}`} direction="row" sx={{ alignItems: 'center', maxWidth: '100%' }}>
            <Chip
              size="small"
              icon={done ? <CheckCircle titleAccess="done" sx={{ '&&': { color: 'success.main' } }} /> : undefined}
              label={label}
              sx={{
                bgcolor: colors.bg,
                color: colors.fg,
                fontWeight: 700,
                maxWidth: '100%',
                height: 'auto',
                minHeight: 24,
                '& .MuiChip-label': { whiteSpace: 'normal', overflowWrap: 'anywhere', py: 0.25 },
              }}
            />
            {editing && s.continuous && (
              <IconButton
                size="small"
                aria-label={`Remove ${s.chore.name} from ${child.displayName}`}
                onClick={() => onRemoveContinuous(s.chore.id, s.chore.name)}
                disabled={removingChoreId === s.chore.id}
                color="error"
              >
                <Close fontSize="small" />
              </IconButton>
            )}
          </Stack>
        );
      })}
    </Stack>
  );
}
