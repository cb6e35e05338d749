import CalendarViewWeekRounded from '@mui/icons-material/CalendarViewWeekRounded';
import CloudOffRounded from '@mui/icons-material/CloudOffRounded';
import EventBusy from '@mui/icons-material/EventBusy';
import LoginRounded from '@mui/icons-material/LoginRounded';
import LogoutIcon from '@mui/icons-material/Logout';
import RefreshRounded from '@mui/icons-material/RefreshRounded';
import ViewListRounded from '@mui/icons-material/ViewListRounded';
import VisibilityOffRounded from '@mui/icons-material/VisibilityOffRounded';
import VisibilityRounded from '@mui/icons-material/VisibilityRounded';
import WavingHandRounded from '@mui/icons-material/WavingHandRounded';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { longDate, type IsoDate } from '../../../../../shared/time';
import type { AssignmentDto } from '../../../../../shared/api-types';
import { type ChildAssignmentsDto } from '../../../api/family';
import { useChildAssignments, useChildContinuous } from '../api/child-dashboard';
import { BrandLogo } from '../../../components/brand-logo';
import { ColorSchemeToggle } from '../../../components/color-scheme-toggle';
import { PATHS } from '../../../config/paths';
import { ApiError } from '../../../lib/api';
import { awayTodayLabel, childAwayTodayLine } from '../../../lib/away-today';
import { logout } from '../../../lib/navigation';
import { useDeferredData } from '../../../lib/use-deferred-data';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useNarrowScreen } from '../../../lib/use-narrow-screen';
import { achievementsFor } from '../model/achievements';
import { buildListColumns, CHILD_TEXT, todaySummary, weekOutlook, type ListColumns } from '../model/chore-board';
import { AchievementsCard } from './achievements-card';
import { ChoreCalendarView } from './chore-calendar-view';
import { ChoreListView } from './chore-list-view';
import { MoneyNews } from './money-news';
import { useMoney } from '../../../lib/use-money';
import { ProgressCard } from './progress-card';
import { AllDoneCelebration, StreakLine } from './streak-line';
import { ChoreTickerContext, OFFLINE_NOTICE_ID, useChoreTicker, useChoreTickerContext } from './use-chore-ticker';
import { useStoredState } from '../../../lib/use-stored-state';

export interface ChildDashboardPageProps {
  user: { displayName: string };
  /** Issue 22: "My goal" (the savings feature's card, its own lazy chunk), shown after the chores; the app composes it in. */
  goalCard?: ReactNode;
}

type ViewMode = 'list' | 'calendar';
const isViewMode = (v: unknown): v is ViewMode => v === 'list' || v === 'calendar';
const isBoolean = (v: unknown): v is boolean => typeof v === 'boolean';

/** The brand gradient sits behind the header and greeting; the cards overlap its lower edge. */
const HERO_BACKGROUND = 'linear-gradient(135deg, #43289e 0%, #5b3cc4 60%, #7a57e0 100%)';

/**
 * The signed-in child's home (spec "Child dashboard"): greeting, view and earnings toggles,
 * this week's progress, the chores as a list or a calendar, and achievements.
 */
export function ChildDashboardPage({ user, goalCard }: ChildDashboardPageProps) {
  useDocumentTitle('My Chores');
  const current = useChildAssignments();
  const continuous = useChildContinuous();
  const ticker = useChoreTicker();
  const [view, setView] = useStoredState<ViewMode>('chorequest.child.view', 'list', isViewMode);
  const [showEarnings, setShowEarnings] = useStoredState<boolean>('chorequest.child.showEarnings', true, isBoolean);
  const [shownWeek, setShownWeek] = useState<IsoDate | undefined>(undefined);

  const { data, waiting } = useDeferredData(current);
  const columns = useMemo(() => (data ? buildListColumns(data, continuous.data?.assignments) : undefined), [data, continuous.data]);
  const name = data?.child.displayName ?? user.displayName;
  const signedOut = current.error instanceof ApiError && current.error.status === 401;

  return (
    <Box
      sx={{
        minHeight: '100dvh',
        bgcolor: 'background.default',
        backgroundImage: HERO_BACKGROUND,
        backgroundRepeat: 'no-repeat',
        // Tall enough for the greeting, two lines of news, the date and the streak line (issue 32) on a
        // 390 px phone; the cards overlap its lower edge when there is less.
        backgroundSize: { xs: '100% 300px', sm: '100% 300px' },
        // Room below the last card for the toast at the bottom of the screen, so no toast covers it.
        pb: { xs: 12, sm: 12 },
      }}
    >
      <Container component="header" maxWidth="lg">
        <Stack direction="row" sx={{ py: 2, alignItems: 'center', justifyContent: 'space-between', gap: 2 }}>
          <BrandLogo size={30} color="#fff" />
          <Stack direction="row" sx={{ alignItems: 'center', gap: 1 }}>
          <ColorSchemeToggle sx={{ color: '#fff', width: 44, height: 44 }} />
          <Button
            onClick={logout}
            variant="outlined"
            startIcon={<LogoutIcon />}
            sx={{ minHeight: 44, color: '#fff', borderColor: 'rgba(255,255,255,0.7)', '&:hover': { borderColor: '#fff', bgcolor: 'rgba(255,255,255,0.1)' } }}
          >
            Log Out
          </Button>
          </Stack>
        </Stack>
      </Container>

      <Container component="main" maxWidth="lg">
        <Box sx={{ color: '#fff', pt: { xs: 1, sm: 3 }, pb: { xs: 2.5, sm: 3.5 }, minHeight: { xs: 150, sm: 180 } }}>
          <Typography variant="h3" component="h1" sx={{ fontSize: { xs: '2rem', sm: '2.6rem' } }}>
            Hi, {name}!{' '}
            <WavingHandRounded aria-hidden sx={{ fontSize: '0.9em', verticalAlign: '-0.1em', color: 'secondary.main' }} />
          </Typography>
          <Typography sx={{ mt: 1, fontSize: { xs: '1.05rem', sm: '1.2rem' }, fontWeight: 600, opacity: 0.95 }}>
            {data && columns ? subLine(columns) : 'Ready for today’s quests?'}
          </Typography>
          {data && (
            <Typography sx={{ mt: 0.5, fontWeight: 700, opacity: 0.9 }}>
              Today is {longDate(data.today)}
            </Typography>
          )}
          {data && columns && <StreakLine streak={data.streak} choresLeftToday={choresLeft(columns)} />}
        </Box>

        {signedOut ? (
          <SignedOutCard />
        ) : data && columns ? (
          <ChoreTickerContext.Provider value={ticker}>
            <Dashboard
              data={data}
              columns={columns}
              view={view}
              onViewChange={setView}
              showEarnings={showEarnings}
              onToggleEarnings={() => setShowEarnings(!showEarnings)}
              shownWeek={shownWeek}
              onWeekChange={setShownWeek}
              continuous={continuous.data?.assignments}
              goalCard={goalCard}
            />
          </ChoreTickerContext.Provider>
        ) : ticker.offline && !data ? (
          <OfflineNotice withoutData />
        ) : waiting ? (
          <Card sx={{ py: 8, display: 'grid', placeItems: 'center' }}>
            <CircularProgress aria-label="Loading your chores" />
            <Typography sx={{ mt: 2, fontWeight: 700, color: 'text.secondary' }}>Getting your chores ready…</Typography>
          </Card>
        ) : (
          <Card role="alert" sx={{ p: { xs: 3, sm: 5 }, textAlign: 'center' }}>
            <Typography variant="h5" component="h2">
              We couldn’t load your chores
            </Typography>
            <Typography sx={{ mt: 1, color: 'text.secondary' }}>Something got in the way. Let’s try that again!</Typography>
            <Button onClick={() => void current.refetch()} variant="contained" size="large" startIcon={<RefreshRounded />} sx={{ mt: 3, minHeight: 48 }}>
              Try Again
            </Button>
          </Card>
        )}
      </Container>
    </Box>
  );
}

function choresLeft(columns: ListColumns): number {
  const { total, done } = todaySummary(columns);
  return Math.max(0, total - done);
}

function subLine(columns: ListColumns): string {
  const { total, done } = todaySummary(columns);
  if (total === 0) return 'No chores today. Enjoy your free day!';
  if (done >= total) return 'You finished all of today’s chores. Amazing!';
  const left = total - done;
  return `${left} chore${left === 1 ? '' : 's'} left for today. You’ve got this!`;
}

interface DashboardProps {
  data: ChildAssignmentsDto;
  columns: ListColumns;
  view: ViewMode;
  onViewChange: (view: ViewMode) => void;
  showEarnings: boolean;
  onToggleEarnings: () => void;
  shownWeek: IsoDate | undefined;
  onWeekChange: (week: IsoDate | undefined) => void;
  /** The continuous-assignments answer, when it has loaded. */
  continuous?: AssignmentDto[];
  goalCard?: ReactNode;
}

function Dashboard({ data, columns, view, onViewChange, showEarnings, onToggleEarnings, shownWeek, onWeekChange, continuous, goalCard }: DashboardProps) {
  const outlook = weekOutlook(data, continuous);
  const money = useMoney();
  const achievements = achievementsFor({ completedCount: data.completedCount, totalCount: data.totalCount, weekToDate: data.earnings.weekToDate, left: outlook.left }, money.format);
  const { offline } = useChoreTickerContext();
  // On a phone the chores come first, then progress and earnings (issue 18); read synchronously, so
  // the first paint already has the right order.
  const phone = useNarrowScreen();
  // Issue 21: away today (own availability or the family's pause); `data` is the current week.
  const away = awayTodayLabel(data.awayDays, data.today);
  const earningsToggle = (
    <Button
      variant="outlined"
      onClick={onToggleEarnings}
      startIcon={showEarnings ? <VisibilityOffRounded /> : <VisibilityRounded />}
      sx={{ minHeight: 48, fontSize: '1rem', whiteSpace: 'nowrap' }}
    >
      {showEarnings ? 'Hide Earnings' : 'Show Earnings'}
    </Button>
  );
  const toggles = (
    <Card sx={{ p: { xs: 1.5, sm: 2 } }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 1.5, alignItems: { xs: 'stretch', sm: 'center' }, justifyContent: 'space-between' }}>
        <ToggleButtonGroup
          value={view}
          exclusive
          color="primary"
          aria-label="Choose how to see your chores"
          onChange={(_event, next: unknown) => {
            if (isViewMode(next)) onViewChange(next);
          }}
          sx={{
            '& .MuiToggleButton-root': {
              minHeight: 48,
              px: { xs: 1, sm: 2 },
              gap: { xs: 0.5, sm: 1 },
              fontWeight: 800,
              textTransform: 'none',
              fontSize: { xs: '0.95rem', sm: '1rem' },
              whiteSpace: 'nowrap',
              flex: { xs: 1, sm: 'none' },
            },
          }}
        >
          <ToggleButton value="list">
            <ViewListRounded aria-hidden /> List View
          </ToggleButton>
          <ToggleButton value="calendar">
            <CalendarViewWeekRounded aria-hidden /> Calendar View
          </ToggleButton>
        </ToggleButtonGroup>
        {!phone && earningsToggle}
      </Stack>
    </Card>
  );
  const progress = (
    <ProgressCard
      completedCount={data.completedCount}
      totalCount={data.totalCount}
      left={outlook.left}
      missed={outlook.missed}
      earnings={data.earnings}
      showEarnings={showEarnings}
      earningsToggle={phone ? earningsToggle : undefined}
      moneyNews={<MoneyNews />}
    />
  );
  const chores =
    view === 'list' ? (
      <Box component="section" aria-labelledby="my-chores-heading">
        <Typography id="my-chores-heading" variant="h5" component="h2" sx={{ mb: 1.5, px: 0.5 }}>
          My Chores
        </Typography>
        {away !== null && (
          <Typography
            data-testid="away-today"
            sx={{ mb: 1.5, px: 1.5, py: 1, borderRadius: 3, bgcolor: 'tone.sun.bg', color: 'tone.sun.fg', fontWeight: 700, display: 'flex', alignItems: 'center', gap: 1 }}
          >
            <EventBusy aria-hidden />
            {childAwayTodayLine(away)}
          </Typography>
        )}
        <ChoreListView columns={columns} />
      </Box>
    ) : (
      <ChoreCalendarView currentWeekStart={data.weekStart} shownWeek={shownWeek} onWeekChange={onWeekChange} />
    );
  return (
    <Stack spacing={{ xs: 2, sm: 3 }}>
      <AllDoneCelebration childId={data.child.id} today={data.today} streak={data.streak} />
      {offline && <OfflineNotice />}
      {toggles}
      {phone ? chores : progress}
      {phone ? progress : chores}
      <Suspense fallback={null}>{goalCard}</Suspense>
      <AchievementsCard achievements={achievements} />
      <ReminderSlot />
    </Stack>
  );
}

/** Issue 32: "Remind me on this device", its own chunk (reminder-card.tsx). */
const ReminderCard = lazy(() => import('./reminder-card'));

/**
 * Where the reminder card goes: it loads (code and its one call) only once this spot comes near the
 * screen, so the dashboard's first load stays as it was (issue 31). Without IntersectionObserver, at once.
 */
function ReminderSlot() {
  const spot = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = spot.current;
    if (near || !element) return;
    if (typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) setNear(true);
    }, { rootMargin: '200px 0px' });
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);
  return (
    <div ref={spot} data-testid="reminder-slot">
      {near && (
        <Suspense fallback={null}>
          <ReminderCard />
        </Suspense>
      )}
    </div>
  );
}

/**
 * Offline the dashboard shows the last answers the service worker kept (the last loaded week),
 * read-only: the tick boxes are disabled and point here, so a tick is never silently lost.
 */
function OfflineNotice({ withoutData = false }: { withoutData?: boolean }) {
  return (
    <Alert id={OFFLINE_NOTICE_ID} role="status" severity="warning" icon={<CloudOffRounded />} sx={{ fontWeight: 600 }}>
      <AlertTitle sx={{ fontWeight: 800 }}>You’re offline</AlertTitle>
      {withoutData
        ? 'Your chores will show up as soon as you’re back online.'
        : 'This is your chore list from the last time you were online. Ticking chores works again when you’re back online.'}
    </Alert>
  );
}

function SignedOutCard() {
  return (
    <Card sx={{ p: { xs: 3, sm: 5 }, textAlign: 'center' }}>
      <Typography variant="h5" component="h2">
        {CHILD_TEXT.notLoggedIn}
      </Typography>
      <Typography sx={{ mt: 1, color: 'text.secondary' }}>Your session has ended. Log in again to see your chores.</Typography>
      <Button component={RouterLink} to={PATHS.childLogin} variant="contained" size="large" startIcon={<LoginRounded />} sx={{ mt: 3, minHeight: 48 }}>
        {CHILD_TEXT.goToLogin}
      </Button>
    </Card>
  );
}
