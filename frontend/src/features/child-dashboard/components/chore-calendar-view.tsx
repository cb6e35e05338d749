import ChevronLeftRounded from '@mui/icons-material/ChevronLeftRounded';
import ChevronRightRounded from '@mui/icons-material/ChevronRightRounded';
import SwipeRounded from '@mui/icons-material/SwipeRounded';
import WbSunnyRounded from '@mui/icons-material/WbSunnyRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useEffect, useMemo, useRef, type Ref } from 'react';
import { useChildAssignments } from '../api/child-dashboard';
import { addDays, weekRange, type IsoDate } from '../../../../../shared/time';
import { buildCalendarWeek, CHILD_TEXT, dayName, fullDate, shortDate, type CalendarDay } from '../model/chore-board';
import { ChoreItem, Pill } from './chore-item';

export interface ChoreCalendarViewProps {
  /** The current week's Sunday (from the API's clock). */
  currentWeekStart: IsoDate;
  /** The week shown; undefined = the current week. */
  shownWeek: IsoDate | undefined;
  onWeekChange: (weekStart: IsoDate | undefined) => void;
}

/**
 * "My Weekly Adventure": Sunday to Saturday. Seven columns on wide screens; on phones and tablets
 * a row of day cards the child swipes through inside its own scroller (the page never scrolls
 * sideways), opened at today.
 */
export function ChoreCalendarView({ currentWeekStart, shownWeek, onWeekChange }: ChoreCalendarViewProps) {
  const query = useChildAssignments(shownWeek);
  const weekStart = shownWeek ?? currentWeekStart;
  const days = useMemo(() => (query.data ? buildCalendarWeek(query.data) : undefined), [query.data]);
  const goTo = (week: IsoDate) => onWeekChange(week === currentWeekStart ? undefined : week);
  const isCurrent = weekStart === currentWeekStart;

  return (
    <Card component="section" aria-labelledby="calendar-heading" sx={{ p: { xs: 1.5, sm: 2.5 } }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ alignItems: { xs: 'stretch', sm: 'center' }, justifyContent: 'space-between', gap: 1.5, mb: 2 }}>
        <Box>
          <Typography id="calendar-heading" variant="h5" component="h2">
            My Weekly Adventure
          </Typography>
          <Typography sx={{ color: 'text.secondary', fontWeight: 700 }} aria-live="polite">
            Week of {fullDate(weekStart)}
            {isCurrent && ' · This week'}
          </Typography>
          <Typography variant="body2" color="text.secondary" data-testid="week-range">
            {weekRange(weekStart)}
          </Typography>
        </Box>
        <Stack direction="row" sx={{ alignItems: 'center', gap: 1, justifyContent: { xs: 'space-between', sm: 'flex-end' } }}>
          <IconButton aria-label="Previous week" onClick={() => goTo(addDays(weekStart, -7))} sx={navButtonSx}>
            <ChevronLeftRounded />
          </IconButton>
          <Button variant={isCurrent ? 'outlined' : 'contained'} disabled={isCurrent} onClick={() => onWeekChange(undefined)} sx={{ minHeight: 44 }}>
            This Week
          </Button>
          <IconButton aria-label="Next week" onClick={() => goTo(addDays(weekStart, 7))} sx={navButtonSx}>
            <ChevronRightRounded />
          </IconButton>
        </Stack>
      </Stack>

      {query.isPending ? (
        <Box sx={{ display: 'grid', placeItems: 'center', py: 8 }}>
          <CircularProgress aria-label="Loading the week" />
        </Box>
      ) : query.isError || !days ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" onClick={() => void query.refetch()} sx={{ minHeight: 44, whiteSpace: 'nowrap' }}>
              Try Again
            </Button>
          }
        >
          We couldn’t load this week.
        </Alert>
      ) : (
        <WeekGrid days={days} awayOn={new Map((query.data?.awayDays ?? []).map((d) => [d.date, d.label]))} />
      )}
    </Card>
  );
}

const navButtonSx = { width: 48, height: 48, border: '2px solid', borderColor: 'divider', color: 'primary.main' } as const;

function WeekGrid({ days, awayOn }: { days: CalendarDay[]; awayOn: ReadonlyMap<IsoDate, string> }) {
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('lg'), { noSsr: true });
  const scroller = useRef<HTMLDivElement>(null);
  const todayRef = useRef<HTMLElement>(null);
  const firstDate = days[0]?.date;

  // Open the swipeable row at today (or at Sunday for another week).
  useEffect(() => {
    const el = scroller.current;
    if (!el || wide) return;
    const today = todayRef.current;
    el.scrollLeft = today ? today.offsetLeft - el.offsetLeft - 4 : 0;
  }, [wide, firstDate]);

  return (
    <>
      {!wide && (
        <Typography variant="body2" sx={{ color: 'text.secondary', fontWeight: 700, display: 'flex', alignItems: 'center', gap: 0.75, mb: 1 }}>
          <SwipeRounded aria-hidden fontSize="small" /> Swipe to see every day of the week
        </Typography>
      )}
      <Box
        ref={scroller}
        role={wide ? undefined : 'region'}
        aria-label={wide ? undefined : 'Days of the week'}
        tabIndex={wide ? undefined : 0}
        sx={
          wide
            ? { display: 'grid', gridTemplateColumns: 'repeat(7, minmax(0, 1fr))', gap: 1.25 }
            : {
                display: 'flex',
                gap: 1.5,
                overflowX: 'auto',
                scrollSnapType: 'x mandatory',
                scrollPaddingInline: '4px',
                overscrollBehaviorX: 'contain',
                pb: 1.5,
                px: 0.5,
                mx: -0.5,
                '&:focus-visible': { outline: '3px solid', outlineColor: 'primary.main', outlineOffset: 2, borderRadius: 2 },
              }
        }
      >
        {days.map((day) => (
          <DayColumn key={day.date} day={day} ref={day.isToday ? todayRef : undefined} wide={wide} away={awayOn.get(day.date)} />
        ))}
      </Box>
    </>
  );
}

function DayColumn({ day, wide, ref, away }: { day: CalendarDay; wide: boolean; ref?: Ref<HTMLElement>; away?: string }) {
  const headingId = `day-${day.date}`;
  const done = day.items.filter((i) => i.checked).length;
  return (
    <Box
      ref={ref}
      component="section"
      aria-labelledby={headingId}
      sx={{
        flex: wide ? undefined : { xs: '0 0 82%', sm: '0 0 44%', md: '0 0 30%' },
        scrollSnapAlign: 'start',
        minWidth: 0,
        display: 'flex',
        flexDirection: 'column',
        borderRadius: 3,
        border: '2px solid',
        borderColor: day.isToday ? 'primary.main' : 'divider',
        bgcolor: day.isToday ? 'tone.brand.bg' : 'tone.tint',
        overflow: 'hidden',
        boxShadow: day.isToday ? '0 6px 18px rgba(91, 60, 196, 0.22)' : 'none',
      }}
    >
      <Box sx={{ px: 1.5, py: 1, bgcolor: day.isToday ? 'primary.main' : 'tone.brand.bg', color: day.isToday ? 'primary.contrastText' : 'text.primary' }}>
        <Typography id={headingId} component="h3" sx={{ fontWeight: 800, lineHeight: 1.2, fontSize: '1rem' }}>
          {dayName(day.weekday)}
          <Box component="span" sx={{ display: 'block', fontWeight: 700, fontSize: '0.85rem', opacity: 0.95 }}>
            {shortDate(day.date)}
          </Box>
        </Typography>
        <Stack direction="row" sx={{ gap: 0.5, mt: 0.5, flexWrap: 'wrap', minHeight: 22 }}>
          {day.isToday && (
            <Pill bg="#ffc233" fg="#2a1f00">
              Today
            </Pill>
          )}
          {/* Issue 21: a day the child is away (at the other parent's, a trip, a pause). */}
          {away !== undefined && (
            <Pill bg="tone.sun.bg" fg="tone.sun.fg" wrap>
              Away: {away}
            </Pill>
          )}
          {day.items.length > 0 && (
            <Pill bg="background.paper" fg={day.isToday ? 'text.primary' : 'tone.brand.fg'}>
              {done}/{day.items.length} done
            </Pill>
          )}
        </Stack>
      </Box>
      {day.items.length === 0 ? (
        <Box sx={{ flex: 1, display: 'grid', placeItems: 'center', textAlign: 'center', p: 2, minHeight: 140 }}>
          <Box>
            <WbSunnyRounded aria-hidden sx={{ fontSize: 40, color: '#f2b705' }} />
            <Typography sx={{ fontWeight: 800, color: 'text.primary' }}>{CHILD_TEXT.freeDay}</Typography>
          </Box>
        </Box>
      ) : (
        <Stack component="ul" spacing={1} sx={{ m: 0, p: 1 }}>
          {day.items.map((item) => (
            <ChoreItem key={item.key} variant="calendar" assignment={item.assignment} checked={item.checked} tickable={item.tickable} paid={item.paid} missed={item.missed} approval={item.approval} />
          ))}
        </Stack>
      )}
    </Box>
  );
}
