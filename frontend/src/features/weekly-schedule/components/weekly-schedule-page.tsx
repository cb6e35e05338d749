import ArrowBack from '@mui/icons-material/ArrowBack';
import CheckCircle from '@mui/icons-material/CheckCircle';
import EventBusy from '@mui/icons-material/EventBusy';
import Face from '@mui/icons-material/Face';
import RadioButtonUnchecked from '@mui/icons-material/RadioButtonUnchecked';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { useChildren, useDashboard, type ChildDto } from '../../../api/family';
import { ParentShell } from '../../../components/parent-shell';
import { PATHS } from '../../../config/paths';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { longDate, mondayFirstNote, weekdayOf, weekRange, type IsoDate, type Weekday } from '../../../../../shared/time';
import { CATEGORY_BADGE, CATEGORY_COLORS } from '../../../lib/chore-categories';
import { choreStrips, type ChoreStrip, type StripDay } from '../lib/chore-strips';
import { useMoney } from '../../../lib/use-money';

const HIDDEN = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  margin: '-1px',
  padding: 0,
  border: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const short = (day: Weekday) => capitalize(day.slice(0, 3));
/** "23": the day of the month, under each day's name, so the week's Sunday (shown last, as the spec orders the days) is not read as the next one. */
const dayOfMonth = (date: IsoDate) => String(Number(date.slice(8, 10)));

/** The weekly schedule (spec section 2, "Weekly schedule (/weekly-schedule)"). */
export function WeeklySchedulePage({ user }: { user: { firstName: string } }) {
  useDocumentTitle('Weekly Schedule');
  const [params] = useSearchParams();
  const selectedId = params.get('child');
  const children = useChildren();
  const dashboard = useDashboard();
  const weekStart = dashboard.data?.weekStart;

  const all = children.data ?? [];
  const selected = selectedId ? all.find((c) => c.id === selectedId) : undefined;
  const shown = selected ? [selected] : all;
  const nothingScheduled = shown.every((c) => c.assignments.length === 0);

  return (
    <ParentShell>
      <Button component={RouterLink} to={PATHS.home} startIcon={<ArrowBack />} sx={{ ml: -1, mb: 1 }}>
        Back to Dashboard
      </Button>
      <Typography variant="h4" component="h1">
        Weekly Schedule
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 0.5, mb: 2 }}>
        {weekStart ? `Week of ${longDate(weekStart)}. ` : ''}
        {user.firstName ? `${user.firstName}, here` : 'Here'} is who does what on each day, and what is already done.
      </Typography>
      {weekStart && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: -1.5, mb: 2 }} data-testid="week-range">
          <strong>{weekRange(weekStart)}</strong>. {mondayFirstNote(weekStart)}
        </Typography>
      )}

      {children.isPending || dashboard.isPending ? (
        <Box sx={{ display: 'grid', placeItems: 'center', py: 8 }}>
          <CircularProgress aria-label="Loading the weekly schedule" />
        </Box>
      ) : children.isError || dashboard.isError || !weekStart ? (
        <Alert severity="error">We could not load the weekly schedule. Please refresh the page to try again.</Alert>
      ) : (
        <Stack spacing={3}>
          {all.length > 1 && <ChildPicker childList={all} selectedId={selected?.id ?? null} />}
          {selectedId && !selected && (
            <Alert severity="warning">We could not find that child, so everyone’s schedule is shown.</Alert>
          )}
          {selected && <SelectedBanner child={selected} />}
          {all.length === 0 || nothingScheduled ? (
            <NoSchedule hasChildren={all.length > 0} />
          ) : (
            <>
              <StripLegend />
              {shown.map((child) => (
                <ChildSchedule key={child.id} child={child} weekStart={weekStart} />
              ))}
            </>
          )}
        </Stack>
      )}
    </ParentShell>
  );
}

function ChildPicker({ childList, selectedId }: { childList: readonly ChildDto[]; selectedId: string | null }) {
  const options = [{ id: null, label: 'All Children' }, ...childList.map((c) => ({ id: c.id, label: c.displayName }))];
  return (
    <Box component="nav" aria-label="Choose a child">
      <Stack component="ul" direction="row" sx={{ flexWrap: 'wrap', gap: 1, listStyle: 'none', p: 0, m: 0 }}>
        {options.map((o) => {
          const current = o.id === selectedId;
          return (
            <li key={o.id ?? 'all'}>
              <Chip
                component={RouterLink}
                to={o.id ? `${PATHS.weeklySchedule}?child=${encodeURIComponent(o.id)}` : PATHS.weeklySchedule}
                label={o.label}
                clickable
                aria-current={current ? 'page' : undefined}
                color={current ? 'primary' : 'default'}
                variant={current ? 'filled' : 'outlined'}
                sx={{ fontWeight: 700 }}
              />
            </li>
          );
        })}
      </Stack>
    </Box>
  );
}

function SelectedBanner({ child }: { child: ChildDto }) {
  const money = useMoney();
  return (
    <Box
      sx={{ p: { xs: 2, sm: 2.5 }, borderRadius: '20px', bgcolor: 'primary.main', color: 'primary.contrastText', display: 'flex', gap: 2, alignItems: 'center' }}
    >
      <Avatar src={child.profileImageUrl || undefined} alt="" sx={{ bgcolor: 'secondary.main', color: 'secondary.contrastText', width: 48, height: 48 }}>
        <Face aria-hidden />
      </Avatar>
      <Box sx={{ minWidth: 0 }}>
        <Typography sx={{ fontWeight: 800, fontSize: '1.15rem', overflowWrap: 'anywhere' }}>{child.displayName}’s week</Typography>
        <Typography>
          {child.completedCount} of {child.totalCount} chores completed · {money.amount(child.weekToDateEarned)} earned this week
        </Typography>
      </Box>
    </Box>
  );
}

function ChildSchedule({ child, weekStart }: { child: ChildDto; weekStart: IsoDate }) {
  const money = useMoney();
  const titleId = useId();
  const strips = choreStrips(child.assignments, weekStart);
  // Issue 21: the week's away days, with the parent's label.
  const awayOn = new Map((child.awayDays ?? []).map((d) => [d.date, d.label]));
  return (
    <Card component="section" aria-labelledby={titleId}>
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 2 }}>
          <Avatar
            src={child.profileImageUrl || undefined}
            alt={child.profileImageUrl ? `${child.displayName}'s picture` : undefined}
            sx={{ bgcolor: 'primary.main' }}
          >
            <Face aria-hidden />
          </Avatar>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Typography id={titleId} variant="h6" component="h2" sx={{ overflowWrap: 'anywhere' }}>
              {child.displayName}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {child.completedCount}/{child.totalCount} done · {money.amount(child.weekToDateEarned)} earned
            </Typography>
          </Box>
          <Button component={RouterLink} to={`${PATHS.children}?child=${encodeURIComponent(child.id)}`} size="small" sx={{ flexShrink: 0 }}>
            Profile
          </Button>
        </Stack>
        {awayOn.size > 0 && (
          <Stack direction="row" sx={{ gap: 0.75, flexWrap: 'wrap', alignItems: 'center', mb: 1.5 }} data-testid="away-days">
            <Typography variant="body2" sx={{ fontWeight: 700 }}>
              Away this week:
            </Typography>
            {[...awayOn].map(([date, label]) => (
              <Chip
                key={date}
                size="small"
                icon={<EventBusy aria-hidden />}
                label={`${capitalize(weekdayOf(date))}: ${label}`}
                sx={{ fontWeight: 700, bgcolor: 'tone.sun.bg', color: 'tone.sun.fg', '& .MuiChip-icon': { color: 'inherit' } }}
              />
            ))}
          </Stack>
        )}
        {strips.length === 0 ? (
          <Typography color="text.secondary">No chores are scheduled for {child.displayName} this week.</Typography>
        ) : (
          <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {strips.map((strip) => (
              <StripRow key={strip.key} strip={strip} awayOn={awayOn} />
            ))}
          </Box>
        )}
      </CardContent>
    </Card>
  );
}

function StripRow({ strip, awayOn }: { strip: ChoreStrip; awayOn: ReadonlyMap<IsoDate, string> }) {
  const money = useMoney();
  const colors = CATEGORY_COLORS[strip.kind];
  return (
    <Box
      component="li"
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) 340px' },
        gap: { xs: 1, md: 2 },
        alignItems: 'center',
        py: 1.5,
        borderTop: 1,
        borderColor: 'divider',
      }}
    >
      <Box sx={{ minWidth: 0 }}>
        <Typography component="h3" sx={{ fontWeight: 800, overflowWrap: 'anywhere' }}>
          {strip.chore.name}
        </Typography>
        <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap', mt: 0.25 }}>
          <Typography sx={{ fontWeight: 800, color: 'success.main' }}>{money.amount(strip.chore.amount)}</Typography>
          <Chip size="small" label={CATEGORY_BADGE[strip.kind]} sx={{ bgcolor: colors.bg, color: colors.fg, fontWeight: 700 }} />
        </Stack>
      </Box>
      <Box
        component="ol"
        aria-label={`${strip.chore.name}, Monday to Sunday`}
        sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gridTemplateColumns: 'repeat(7, minmax(0, 1fr))', gap: 0.5, maxWidth: 340 }}
      >
        {strip.days.map((d) => (
          <DayCell key={d.day} day={d} away={awayOn.get(d.date)} />
        ))}
      </Box>
    </Box>
  );
}

function DayCell({ day, away }: { day: StripDay; away?: string }) {
  const state = !day.active ? (away !== undefined ? `away (${away})` : 'not scheduled') : day.done ? 'done' : 'to do';
  return (
    <Box
      component="li"
      data-state={state}
      sx={{
        display: 'grid',
        justifyItems: 'center',
        gap: 0.25,
        py: 0.5,
        borderRadius: '10px',
        border: 1,
        borderColor: day.done ? 'success.main' : day.active ? 'primary.light' : 'transparent',
        bgcolor: day.done ? 'tone.done' : day.active ? 'background.paper' : 'action.hover',
        color: day.active ? 'text.primary' : 'text.secondary',
      }}
    >
      <Box component="span" aria-hidden sx={{ fontSize: 12, fontWeight: 800, lineHeight: 1.2, textAlign: 'center' }}>
        {short(day.day)}
        <Box component="span" data-testid="day-date" sx={{ display: 'block', fontSize: 11, fontWeight: 600, color: 'text.secondary' }}>
          {dayOfMonth(day.date)}
        </Box>
      </Box>
      <Box component="span" aria-hidden sx={{ display: 'flex', height: 22, alignItems: 'center' }}>
        {day.done ? (
          <CheckCircle sx={{ color: 'success.main', fontSize: 22 }} />
        ) : day.active ? (
          <RadioButtonUnchecked sx={{ color: 'primary.main', fontSize: 22 }} />
        ) : away !== undefined ? (
          <EventBusy sx={{ color: 'tone.sun.fg', fontSize: 20 }} />
        ) : (
          <Box component="span" sx={{ fontWeight: 800 }}>
            –
          </Box>
        )}
      </Box>
      <Box component="span" sx={HIDDEN}>
        {capitalize(day.day)}: {state}
      </Box>
    </Box>
  );
}

function StripLegend() {
  const items = [
    { icon: <RadioButtonUnchecked sx={{ color: 'primary.main', fontSize: 20 }} />, label: 'To do' },
    { icon: <CheckCircle sx={{ color: 'success.main', fontSize: 20 }} />, label: 'Done' },
    { icon: <Box component="span" sx={{ fontWeight: 800, width: 20, textAlign: 'center' }}>–</Box>, label: 'Not scheduled' },
  ];
  return (
    <Stack component="ul" direction="row" aria-label="Legend" sx={{ listStyle: 'none', p: 0, m: 0, gap: 2.5, flexWrap: 'wrap', color: 'text.secondary' }}>
      {items.map((i) => (
        <Stack component="li" key={i.label} direction="row" spacing={0.75} sx={{ alignItems: 'center' }}>
          <Box component="span" aria-hidden sx={{ display: 'flex' }}>
            {i.icon}
          </Box>
          <Typography variant="body2">{i.label}</Typography>
        </Stack>
      ))}
    </Stack>
  );
}

function NoSchedule({ hasChildren }: { hasChildren: boolean }) {
  return (
    <Card>
      <CardContent sx={{ textAlign: 'center', py: 6, px: 3 }}>
        <EventBusy sx={{ fontSize: 48, color: 'primary.main' }} aria-hidden />
        <Typography variant="h6" component="h2" sx={{ mt: 1 }}>
          No Schedule Available
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 0.5, maxWidth: 480, mx: 'auto' }}>
          {hasChildren
            ? 'No chores are assigned for this week yet. Use Reassign Weekly Chores on the dashboard, or assign chores by hand on the children page.'
            : 'Add your children first, then hand out this week’s chores from the dashboard.'}
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ justifyContent: 'center', mt: 3 }}>
          <Button component={RouterLink} to={PATHS.home} variant="contained">
            Go to Dashboard to Reassign
          </Button>
          <Button component={RouterLink} to={PATHS.children} variant="outlined">
            {hasChildren ? 'Assign Chores by Hand' : 'Add Children'}
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}
