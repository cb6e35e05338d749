import NotificationsActiveRounded from '@mui/icons-material/NotificationsActiveRounded';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import FormControlLabel from '@mui/material/FormControlLabel';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useId, useMemo } from 'react';
import { useChildPushSettings } from '../../../api/push';
import { useDeviceReminders } from '../../../components/use-device-reminders';
import { clockTime } from '../../../lib/reminder-times';
import { browserFacts, DENIED_NOTE, IOS_HOME_SCREEN_NOTE, pushSupportOf } from '../../../lib/web-push';

export const CHILD_REMINDER_TEXT = {
  on: { title: 'Reminders are on!', description: 'This device will remind you when chores are left.' },
  off: { title: 'Reminders are off', description: 'This device won’t remind you any more.' },
  onFailed: 'Reminders could not be turned on. Please try again.',
  offFailed: 'Reminders could not be turned off. Please try again.',
  testSent: { title: 'Test sent!', description: 'Look out for it on this device.' },
  testFailed: 'The test could not be sent. Please try again.',
} as const;

/**
 * Issue 32: "Remind me on this device" on the child's dashboard, with the time the family chose and
 * the iPhone note. Its own lazy chunk, mounted only once it scrolls into view (child-dashboard-page.tsx
 * ReminderSlot), so neither its code nor its one call (the child's reminder settings) is part of the
 * dashboard's first load (issue 31).
 */
export default function ReminderCard() {
  const support = useMemo(() => pushSupportOf(browserFacts()), []);
  const settings = useChildPushSettings(true);
  const { on, asked, busy: switching, testPending, toggle, test } = useDeviceReminders('child', settings.data?.devices, CHILD_REMINDER_TEXT);
  const busy = switching || settings.isPending;
  const hintId = useId();
  const headingId = useId();

  const reminder = settings.data?.reminder;
  // A browser without Web Push (and not an iPhone, which can once the app is on its Home Screen): nothing to offer.
  if (support === 'unsupported') return null;
  return (
    <Card component="section" aria-labelledby={headingId} sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <NotificationsActiveRounded aria-hidden sx={{ color: 'primary.main' }} />
        <Typography id={headingId} variant="h6" component="h2">
          Reminders
        </Typography>
      </Stack>
      <Typography id={hintId} sx={{ mt: 1, color: 'text.secondary', fontWeight: 600 }}>
        {settings.isPending ? (
          <Skeleton width="80%" />
        ) : settings.isError ? (
          'We couldn’t check your reminders right now.'
        ) : reminder?.enabled ? (
          `We’ll remind you at ${clockTime(reminder.time)} on days when chores are left.`
        ) : (
          'Your family has turned your reminders off for now.'
        )}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mt: 1.5, alignItems: { xs: 'flex-start', sm: 'center' } }}>
        <FormControlLabel
          control={
            <Switch
              checked={asked ?? on}
              onChange={(_, next) => toggle(next)}
              disabled={busy || (support !== 'supported' && !on)}
              slotProps={{ input: { 'aria-describedby': hintId } }}
            />
          }
          label="Remind me on this device"
          sx={{ '& .MuiFormControlLabel-label': { fontWeight: 700 } }}
        />
        {on && (
          <Button variant="outlined" onClick={test} disabled={testPending || busy} sx={{ minHeight: 44 }}>
            {testPending ? 'Sending…' : 'Send a test'}
          </Button>
        )}
      </Stack>
      {support === 'ios-home-screen' && (
        <Alert severity="info" role="note" sx={{ mt: 1.5 }}>
          {IOS_HOME_SCREEN_NOTE}
        </Alert>
      )}
      {support === 'denied' && (
        <Alert severity="warning" role="note" sx={{ mt: 1.5 }}>
          {DENIED_NOTE} Ask a parent to help.
        </Alert>
      )}
    </Card>
  );
}
