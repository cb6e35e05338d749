import ArrowBack from '@mui/icons-material/ArrowBack';
import EventBusy from '@mui/icons-material/EventBusy';
import Face from '@mui/icons-material/Face';
import PrintOutlined from '@mui/icons-material/PrintOutlined';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useEffect, useRef } from 'react';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router-dom';
import { type CalendarDto } from '../../../api/family';
import { useCalendar } from '../api/print-calendar';
import { errorToast, useToast } from '../../../components/toast';
import { PATHS } from '../../../config/paths';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { addDays, longDate, mondayFirstNote, monthDay, weekRange } from '../../../../../shared/time';
import { buildCalendarGrid, PRINT_DELAY_MS, type CalendarDay } from '../lib/calendar-grid';
import { CATEGORY_COLORS } from '../../../lib/chore-categories';
import { measuringStyles, PRINT_PAGE_CSS, printStyles, sheetPrintStyles, sheetZoomStyles, usePrintFit, WORD_FIT_ATTR } from '../lib/fit-to-page';
import { useLightScheme } from '../lib/use-light-scheme';
import { useAuth } from '../../../api/session';
import { useMoney } from '../../../lib/use-money';

/**
 * One landscape A4/Letter page: 10 mm margins, no app chrome, colours kept (the category stripes
 * and tick boxes are the point of the sheet), and the sheet zoomed to fit (see fit-to-page.ts).
 */
const PRINT_CSS = `
${PRINT_PAGE_CSS}
@media print {
  html, body { background: #fff !important; -webkit-print-color-adjust: exact; print-color-adjust: exact; }
  .MuiSnackbar-root { display: none !important; }
}
`;

const KIND_LABEL = { daily: 'Daily', weekly: 'Weekly', continuous: 'Ongoing' } as const;
const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** The printable weekly calendar of one child (spec section 2, "Print calendar"); not guarded. */
export function PrintCalendarPage() {
  // A sheet of paper on screen too: light in dark mode, like the printout.
  useLightScheme();
  const { childId = '' } = useParams();
  const [search, setSearch] = useSearchParams();
  const autoprint = search.get('autoprint') !== '0';
  // The week the link was opened for (the children page passes the family's current week);
  // without one the server answers the family's current week. Issue 29: `week=next` shows the
  // week after it (the plan its Sunday job will hand out).
  const weekStart = search.get('weekStart') ?? undefined;
  const wantsNext = search.get('week') === 'next';
  const thisWeek = useCalendar(childId, weekStart);
  const nextWeek = useCalendar(childId, thisWeek.data ? addDays(thisWeek.data.weekStart, 7) : undefined, { planned: true, enabled: wantsNext && thisWeek.isSuccess });
  const calendar = wantsNext && !thisWeek.isError ? nextWeek : thisWeek;
  const { toast } = useToast();

  useDocumentTitle(calendar.data ? `${calendar.data.child.displayName}'s Chore Calendar` : 'Chore Calendar');

  const failed = calendar.isError || !childId;
  const showWeek = (which: 'this' | 'next') => {
    const next = new URLSearchParams(search);
    if (which === 'next') next.set('week', 'next');
    else next.delete('week');
    // A week chosen by hand is printed with the button, not by itself.
    next.set('autoprint', '0');
    setSearch(next);
  };
  const toasted = useRef(false);
  useEffect(() => {
    if (!failed || toasted.current) return;
    toasted.current = true;
    toast(errorToast('Failed to fetch calendar'));
  }, [failed, toast]);

  // Amounts read in the family's currency (issue 22): the sheet waits for the session that says which.
  const auth = useAuth();
  const data = auth.status === 'loading' ? undefined : calendar.data;
  useEffect(() => {
    if (!autoprint || !data) return;
    // Give the picture and the fonts a moment to arrive before the print dialog freezes the page.
    const timer = window.setTimeout(() => window.print(), PRINT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [autoprint, data]);

  return (
    <Box component="main" sx={{ minHeight: '100dvh', bgcolor: 'background.default', '@media print': { bgcolor: '#fff', minHeight: 0 } }}>
      <style>{PRINT_CSS}</style>
      {failed ? (
        <NotFound />
      ) : !data ? (
        <Box sx={{ minHeight: '100dvh', display: 'grid', placeItems: 'center' }}>
          <CircularProgress aria-label="Loading calendar" />
        </Box>
      ) : (
        <CalendarSheet data={data} which={wantsNext ? 'next' : 'this'} onWeek={showWeek} />
      )}
    </Box>
  );
}

function NotFound() {
  return (
    <Box sx={{ minHeight: '100dvh', display: 'grid', placeItems: 'center', p: 3, textAlign: 'center' }}>
      <Box>
        <EventBusy sx={{ fontSize: 56, color: 'primary.main' }} aria-hidden />
        <Typography variant="h4" component="h1" sx={{ mt: 1 }}>
          Calendar not found
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1, maxWidth: 420, mx: 'auto' }}>
          This child’s calendar could not be loaded. The child may have been removed, or you may need to sign in as their parent
          first.
        </Typography>
        <Button component={RouterLink} to={PATHS.home} variant="contained" sx={{ mt: 3 }}>
          Go to ChoreQuest
        </Button>
      </Box>
    </Box>
  );
}

function CalendarSheet({ data, which, onWeek }: { data: CalendarDto; which: 'this' | 'next'; onWeek: (which: 'this' | 'next') => void }) {
  const money = useMoney();
  const grid = buildCalendarGrid(data.assignments, data.weekStart, money.format.currency);
  const sheetRef = useRef<HTMLDivElement>(null);
  usePrintFit(sheetRef, data);

  return (
    <Box
      ref={sheetRef}
      sx={[
        { maxWidth: 1400, mx: 'auto', p: { xs: 2, sm: 3 } },
        printStyles({ ...sheetPrintStyles, p: 0, mx: 'auto', fontSize: '9.5pt' }),
        { '@media print': sheetZoomStyles },
      ]}
    >
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1.5}
        useFlexGap
        sx={[{ alignItems: { sm: 'center' }, mb: 1.5, flexWrap: 'wrap', rowGap: 1 }, printStyles({ display: 'none' })]}
      >
        <Button component={RouterLink} to={`${PATHS.children}?child=${encodeURIComponent(data.child.id)}`} startIcon={<ArrowBack />} sx={{ flexShrink: 0, alignSelf: { xs: 'flex-start', sm: 'center' } }}>
          Back to ChoreQuest
        </Button>
        <ToggleButtonGroup
          exclusive
          size="small"
          color="primary"
          value={which}
          onChange={(_, value: 'this' | 'next' | null) => value && onWeek(value)}
          aria-label="Which week"
          // The week not chosen keeps body-text contrast on the sheet's light background (MUI's default is 4.48:1).
          sx={{ flexShrink: 0, '& .MuiToggleButton-root:not(.Mui-selected)': { color: 'text.primary' } }}
        >
          <ToggleButton value="this">This week</ToggleButton>
          <ToggleButton value="next">Next week</ToggleButton>
        </ToggleButtonGroup>
        <Box sx={{ flex: 1 }} />
        <Button variant="contained" startIcon={<PrintOutlined />} onClick={() => window.print()} sx={{ flexShrink: 0 }}>
          Print Calendar
        </Button>
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={[{ mb: 2 }, printStyles({ display: 'none' })]}>
        {data.planned
          ? 'Next week’s chores are handed out on Sunday: this is the plan as it stands now, and it changes if you change chores or availability before then.'
          : 'Print this page, stick it on the fridge, and colour in a box for every chore you finish.'}
      </Typography>

      <Box
        component="header"
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          gap: 2,
          alignItems: 'center',
          p: { xs: 2, sm: 2.5 },
          borderRadius: '20px',
          bgcolor: 'primary.main',
          color: 'primary.contrastText',
          ...printStyles({ p: '3mm 4mm', borderRadius: '3mm', gap: '4mm' }),
        }}
      >
        <Avatar
          src={data.child.profileImageUrl || undefined}
          alt={data.child.profileImageUrl ? `${data.child.displayName}'s picture` : undefined}
          sx={{ width: 64, height: 64, bgcolor: 'secondary.main', color: 'secondary.contrastText', fontSize: 36, border: '3px solid #fff' }}
        >
          <Face fontSize="inherit" aria-hidden />
        </Avatar>
        <Box sx={{ flex: '1 1 220px', minWidth: 0 }}>
          <Typography variant="h4" component="h1" sx={{ overflowWrap: 'anywhere', ...printStyles({ fontSize: '20pt' }) }}>
            {data.child.displayName}’s Chore Calendar
          </Typography>
          <Typography sx={{ fontWeight: 700, opacity: 0.95 }}>Week of {longDate(data.weekStart)}</Typography>
          <Typography variant="body2" sx={{ opacity: 0.95 }} data-testid="week-range">
            {weekRange(data.weekStart)}. {mondayFirstNote(data.weekStart)}
          </Typography>
        </Box>
        <Stack spacing={0.5} sx={{ alignItems: { xs: 'flex-start', sm: 'flex-end' } }}>
          <Box sx={{ px: 1.5, py: 0.5, borderRadius: 999, bgcolor: 'secondary.main', color: 'secondary.contrastText', fontWeight: 800 }}>
            Earn up to {money.money(grid.totalMinor)} this week
          </Box>
          <Typography sx={{ fontWeight: 700 }}>
            {grid.choreCount} {grid.choreCount === 1 ? 'chore' : 'chores'} assigned
          </Typography>
        </Stack>
      </Box>

      <Box
        component="section"
        aria-label="Chores by day, Monday to Sunday"
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))', lg: 'repeat(7, minmax(0, 1fr))' },
          gap: 1.5,
          mt: 2,
          ...printStyles({ gridTemplateColumns: 'repeat(7, minmax(0, 1fr))', gap: '2mm', mt: '3mm', breakInside: 'avoid' }),
        }}
      >
        {grid.days.map((day) => (
          <DayColumn key={day.day} day={day} />
        ))}
      </Box>

      <Legend />
    </Box>
  );
}

function DayColumn({ day }: { day: CalendarDay }) {
  const headingId = `day-${day.day}`;
  return (
    <Box
      component="section"
      aria-labelledby={headingId}
      sx={{
        border: 2,
        borderColor: 'primary.main',
        borderRadius: '12px',
        overflow: 'hidden',
        bgcolor: '#fff',
        display: 'flex',
        flexDirection: 'column',
        ...printStyles({ borderWidth: '0.5mm', borderRadius: '2mm' }),
      }}
    >
      {/* The date on every day (issue 18): the spec's Monday-to-Sunday order puts the week's own
          Sunday last. Under the heading, in the same band, so the day's name stays its name. */}
      <Box sx={{ bgcolor: 'primary.main', color: 'primary.contrastText', textAlign: 'center', py: 0.75, ...printStyles({ py: '1mm' }) }}>
        <Typography id={headingId} component="h2" sx={{ fontWeight: 800, fontSize: '1rem', lineHeight: 1.3, ...printStyles({ fontSize: '1.1em' }) }}>
          {capitalize(day.day)}
        </Typography>
        <Typography data-testid="day-date" sx={{ fontSize: '0.8rem', fontWeight: 700, lineHeight: 1.2, ...printStyles({ fontSize: '0.8em' }) }}>
          {monthDay(day.date)}
        </Typography>
      </Box>
      {day.entries.length === 0 ? (
        <Typography sx={{ p: 1.5, textAlign: 'center', color: 'text.secondary', fontWeight: 700, ...printStyles({ fontSize: '1em' }) }}>
          Free day!
        </Typography>
      ) : (
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 1, display: 'grid', gap: 0.75, ...printStyles({ p: '1.5mm', gap: '1.2mm' }) }}>
          {day.entries.map((e) => (
            <Entry key={`${e.kind}-${e.chore.id}`} entry={e} />
          ))}
        </Box>
      )}
    </Box>
  );
}

function Entry({ entry }: { entry: CalendarDay['entries'][number] }) {
  const money = useMoney();
  const colors = CATEGORY_COLORS[entry.kind];
  return (
    <Box
      component="li"
      sx={{
        display: 'grid',
        gridTemplateColumns: 'auto minmax(0, 1fr)',
        gap: 1,
        alignItems: 'start',
        p: 0.75,
        borderRadius: '8px',
        bgcolor: colors.bg,
        borderLeft: 4,
        borderLeftColor: colors.fg,
        breakInside: 'avoid',
        ...printStyles({ p: '1mm', gap: '1.5mm', borderRadius: '1.5mm', borderLeftWidth: '1mm' }),
      }}
    >
      {/* A square to colour in by hand once the chore is done. */}
      <Box
        aria-hidden
        sx={{ width: 22, height: 22, border: 2, borderColor: colors.fg, borderRadius: '3px', bgcolor: '#fff', mt: 0.25, ...printStyles({ width: '5.5mm', height: '5.5mm', borderWidth: '0.4mm', mt: 0 }) }}
      />
      <Box sx={{ minWidth: 0 }}>
        <Typography
          {...{ [WORD_FIT_ATTR]: '' }}
          sx={{
            fontWeight: 800,
            fontSize: '0.9rem',
            lineHeight: 1.25,
            overflowWrap: 'anywhere',
            color: '#1f1a3d',
            ...printStyles({ fontSize: '1em', overflowWrap: 'break-word' }),
            ...measuringStyles({ overflowWrap: 'normal' }),
          }}
        >
          {entry.chore.name}
          {entry.count > 1 ? ` ×${entry.count}` : ''}
        </Typography>
        <Typography sx={{ fontSize: '0.8rem', color: colors.fg, fontWeight: 700, ...printStyles({ fontSize: '0.9em' }) }}>
          {money.amount(entry.chore.amount)} · {KIND_LABEL[entry.kind]}
        </Typography>
      </Box>
    </Box>
  );
}

function Legend() {
  return (
    <Box
      component="section"
      aria-labelledby="how-to-use"
      sx={{
        mt: 2,
        p: { xs: 2, sm: 2.5 },
        borderRadius: '16px',
        border: 2,
        borderStyle: 'dashed',
        borderColor: 'primary.light',
        bgcolor: '#fff',
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 2fr) minmax(0, 1fr)' },
        breakInside: 'avoid',
        ...printStyles({ mt: '3mm', p: '2mm 4mm', gap: '4mm', gridTemplateColumns: '2fr 1fr', borderWidth: '0.4mm' }),
      }}
    >
      <Box>
        <Typography id="how-to-use" component="h2" sx={{ fontWeight: 800, fontSize: '1.1rem', ...printStyles({ fontSize: '1.2em' }) }}>
          How to use your calendar
        </Typography>
        <Box component="ol" sx={{ m: 0, mt: 0.5, pl: 2.5, ...printStyles({ fontSize: '1em' }) }}>
          <li>Do the chore on the day it is listed.</li>
          <li>Colour in its box when you have finished.</li>
          <li>At the end of the week, show your calendar to a grown-up to collect what you earned.</li>
        </Box>
      </Box>
      <Box>
        <Typography component="h2" sx={{ fontWeight: 800, fontSize: '1.1rem', ...printStyles({ fontSize: '1.2em' }) }}>
          Colour key
        </Typography>
        <Stack component="ul" sx={{ listStyle: 'none', p: 0, m: 0, mt: 0.5, gap: 0.5 }}>
          {(['daily', 'weekly', 'continuous'] as const).map((kind) => (
            <Stack component="li" key={kind} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <Box
                aria-hidden
                sx={{ width: 18, height: 18, borderRadius: '3px', bgcolor: CATEGORY_COLORS[kind].bg, borderLeft: 4, borderLeftColor: CATEGORY_COLORS[kind].fg }}
              />
              <span>
                {kind === 'daily' ? 'Daily: every day it is listed' : kind === 'weekly' ? 'Weekly: once, on its day' : 'Ongoing: keep it up all week'}
              </span>
            </Stack>
          ))}
        </Stack>
      </Box>
    </Box>
  );
}
