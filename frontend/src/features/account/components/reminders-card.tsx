import NotificationsActive from '@mui/icons-material/NotificationsActive';
import PhoneIphone from '@mui/icons-material/PhoneIphone';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useMemo } from 'react';
import { Controller, useWatch, type Control } from 'react-hook-form';
import * as z from 'zod';
import type { ParentPushSettingsDto } from '../../../../../shared/api-types';
import { localTimeSchema, PUSH_DEFAULTS } from '../../../../../shared/push-schemas';
import { useParentPushSettings, useSaveReminders, useThisDevice } from '../../../api/push';
import { FormSelectField } from '../../../components/form/form-fields';
import { useZodForm } from '../../../components/form/use-zod-form';
import { useDeviceReminders } from '../../../components/use-device-reminders';
import { errorToast, failureToast, useToast } from '../../../components/toast';
import { QUARTER_HOURS } from '../../../lib/reminder-times';
import { browserFacts, DENIED_NOTE, IOS_HOME_SCREEN_NOTE, pushSupportOf, UNSUPPORTED_NOTE, type PushSupport } from '../../../lib/web-push';
import { placeName } from '../lib/time-zones';
import { SettingsCard } from './account-area';

const remindersFormSchema = z.object({
  approvals: z.boolean(),
  weeklyReport: z.boolean(),
  quietOn: z.boolean(),
  quietFrom: localTimeSchema,
  quietTo: localTimeSchema,
  children: z.array(z.object({ childId: z.string(), displayName: z.string(), enabled: z.boolean(), time: localTimeSchema })),
});
type RemindersForm = z.infer<typeof remindersFormSchema>;

/** The form's values for what the server keeps. */
export function formValuesOf(settings: ParentPushSettingsDto): RemindersForm {
  const quiet = settings.quietHours ?? PUSH_DEFAULTS.parent.quietHours;
  return {
    approvals: settings.approvals,
    weeklyReport: settings.weeklyReport,
    quietOn: settings.quietHours !== null,
    quietFrom: quiet.from,
    quietTo: quiet.to,
    children: settings.children.map(({ childId, displayName, enabled, time }) => ({ childId, displayName, enabled, time })),
  };
}

export const REMINDERS_TEXT = {
  saved: { title: 'Reminders saved', description: 'ChoreQuest reminds everyone as you chose.' },
  saveFailed: 'Failed to save the reminders. Please try again.',
  on: { title: 'Reminders are on', description: 'This device now receives your reminders.' },
  off: { title: 'Reminders are off', description: 'This device no longer receives your reminders.' },
  onFailed: 'Reminders could not be turned on. Please try again.',
  offFailed: 'Reminders could not be turned off. Please try again.',
  testSent: { title: 'Test sent', description: 'It should arrive on this device in a moment.' },
  testFailed: 'The test could not be sent. Please try again.',
} as const;

/** The note for a browser that cannot receive reminders (yet), or null when it can. */
export function supportNote(support: PushSupport): string | null {
  if (support === 'ios-home-screen') return IOS_HOME_SCREEN_NOTE;
  if (support === 'unsupported') return UNSUPPORTED_NOTE;
  if (support === 'denied') return DENIED_NOTE;
  return null;
}

/**
 * Issue 32: a parent's reminders. This device on or off (and a test), which reminders reach this
 * parent and when not (quiet hours), each child's daily reminder and its time, and this parent's
 * devices. Times are the family's wall-clock times.
 */
export function RemindersCard() {
  const settings = useParentPushSettings();
  return (
    <SettingsCard
      icon={<NotificationsActive />}
      title="Reminders"
      description="Notifications on your phone or computer: chores waiting for your OK, the weekly report, and each child’s daily reminder when chores are left."
    >
      {settings.isPending ? (
        <Box sx={{ display: 'grid', placeItems: 'center', py: 3 }}>
          <CircularProgress aria-label="Loading your reminders" />
        </Box>
      ) : settings.isError ? (
        <Alert severity="error">We could not load your reminders. Please refresh the page to try again.</Alert>
      ) : (
        <Stack spacing={2.5} divider={<Divider flexItem />}>
          <ThisDeviceControls settings={settings.data} />
          <RemindersSettingsForm settings={settings.data} />
          <DeviceList settings={settings.data} />
        </Stack>
      )}
    </SettingsCard>
  );
}

function ThisDeviceControls({ settings }: { settings: ParentPushSettingsDto }) {
  const support = useMemo(() => pushSupportOf(browserFacts()), []);
  const { on, asked, busy, testPending, toggle, test } = useDeviceReminders('parent', settings.devices, REMINDERS_TEXT);
  const hintId = useId();
  const note = supportNote(support);

  return (
    <Stack spacing={1.5}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { xs: 'flex-start', sm: 'center' }, justifyContent: 'space-between' }}>
        <FormControlLabel
          control={
            <Switch
              checked={asked ?? on}
              onChange={(_, next) => toggle(next)}
              disabled={busy || (support !== 'supported' && !on)}
              slotProps={{ input: { 'aria-describedby': hintId } }}
            />
          }
          label="Reminders on this device"
        />
        {on && (
          <Button variant="outlined" onClick={test} disabled={testPending || busy} startIcon={<NotificationsActive />}>
            {testPending ? 'Sending...' : 'Send a test'}
          </Button>
        )}
      </Stack>
      <Typography id={hintId} variant="body2" color="text.secondary">
        Each device you use asks once. Your reminders reach every device where they are on.
      </Typography>
      {note && (
        <Alert severity={support === 'ios-home-screen' ? 'info' : 'warning'} icon={support === 'ios-home-screen' ? <PhoneIphone /> : undefined} role="note">
          {note}
        </Alert>
      )}
    </Stack>
  );
}

function SwitchField({ control, name, label }: { control: Control<RemindersForm>; name: 'approvals' | 'weeklyReport' | 'quietOn' | `children.${number}.enabled`; label: string }) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <FormControlLabel control={<Switch checked={Boolean(field.value)} onChange={(_, on) => field.onChange(on)} onBlur={field.onBlur} slotProps={{ input: { ref: field.ref, name: field.name } }} />} label={label} />
      )}
    />
  );
}

function RemindersSettingsForm({ settings }: { settings: ParentPushSettingsDto }) {
  const { toast } = useToast();
  const save = useSaveReminders();
  // What the server keeps (after a save) is what the form shows; a new answer that changes none of
  // the form's values (this device turned on or off, a test's refresh) leaves unsaved edits alone.
  const saved = JSON.stringify(formValuesOf(settings));
  const initial = useMemo(() => JSON.parse(saved) as RemindersForm, [saved]);
  const { control, handleSubmit, reset } = useZodForm<RemindersForm>(remindersFormSchema, initial);
  useEffect(() => reset(initial), [initial, reset]);
  const quietOn = useWatch({ control, name: 'quietOn' });
  const zoneId = useId();

  const onValid = (values: RemindersForm) => {
    const children = values.children
      .filter((c) => {
        const before = settings.children.find((s) => s.childId === c.childId);
        return !before || before.enabled !== c.enabled || before.time !== c.time;
      })
      .map(({ childId, enabled, time }) => ({ childId, enabled, time }));
    save.mutate(
      {
        parent: { approvals: values.approvals, weeklyReport: values.weeklyReport, quietHours: values.quietOn ? { from: values.quietFrom, to: values.quietTo } : null },
        children,
      },
      { onSuccess: () => toast(REMINDERS_TEXT.saved), onError: (error) => toast(failureToast(error, REMINDERS_TEXT.saveFailed)) },
    );
  };

  return (
    <Box component="form" noValidate onSubmit={handleSubmit(onValid, () => toast(errorToast('Choose each time on the quarter hour.')))} aria-describedby={zoneId}>
      <Stack spacing={2.5}>
        <Typography id={zoneId} variant="body2" color="text.secondary">
          Times are your family’s time, {placeName(settings.timeZone)}.
        </Typography>
        <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
          <Typography component="legend" variant="subtitle1" sx={{ fontWeight: 800, mb: 0.5, p: 0 }}>
            Remind me when
          </Typography>
          <Stack>
            <SwitchField control={control} name="approvals" label="Chores are waiting for your OK" />
            <SwitchField control={control} name="weeklyReport" label="The weekly report is ready (Sunday morning)" />
          </Stack>
        </Box>
        <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
          <Typography component="legend" variant="subtitle1" sx={{ fontWeight: 800, mb: 0.5, p: 0 }}>
            Quiet hours
          </Typography>
          <Stack spacing={1.5}>
            <SwitchField control={control} name="quietOn" label="No reminders to me during quiet hours" />
            {quietOn && (
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                <FormSelectField control={control} name="quietFrom" label="Quiet from" options={QUARTER_HOURS} disabled={save.isPending} />
                <FormSelectField control={control} name="quietTo" label="Quiet until" options={QUARTER_HOURS} disabled={save.isPending} />
              </Stack>
            )}
          </Stack>
        </Box>
        {settings.children.length > 0 && (
          <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
            <Typography component="legend" variant="subtitle1" sx={{ fontWeight: 800, mb: 0.5, p: 0 }}>
              Children’s daily reminder
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
              On the devices where each child turned reminders on, only on days with chores left.
            </Typography>
            <Stack spacing={2}>
              {settings.children.map((child, index) => (
                <ChildReminderRow key={child.childId} control={control} index={index} name={child.displayName} disabled={save.isPending} />
              ))}
            </Stack>
          </Box>
        )}
        <Box>
          <Button type="submit" variant="contained" disabled={save.isPending}>
            {save.isPending ? 'Saving...' : 'Save Reminders'}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}

function ChildReminderRow({ control, index, name, disabled }: { control: Control<RemindersForm>; index: number; name: string; disabled: boolean }) {
  const enabled = useWatch({ control, name: `children.${index}.enabled` });
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 1, sm: 2 }} sx={{ alignItems: { xs: 'stretch', sm: 'center' } }}>
      <Box sx={{ minWidth: { sm: 240 } }}>
        <SwitchField control={control} name={`children.${index}.enabled`} label={`Remind ${name}`} />
      </Box>
      {enabled && (
        <Box sx={{ flex: 1, maxWidth: { sm: 220 } }}>
          <FormSelectField control={control} name={`children.${index}.time`} label={`${name}’s reminder time`} options={QUARTER_HOURS} disabled={disabled} />
        </Box>
      )}
    </Stack>
  );
}

function DeviceList({ settings }: { settings: ParentPushSettingsDto }) {
  const thisDevice = useThisDevice();
  const headingId = useId();
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} variant="subtitle1" component="h3" sx={{ fontWeight: 800 }}>
        Your devices with reminders
      </Typography>
      {settings.devices.length === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          None yet. Turn reminders on above on each phone or computer you want them on.
        </Typography>
      ) : (
        <List dense disablePadding>
          {settings.devices.map((d) => (
            <ListItem key={d.id} disableGutters>
              <ListItemText
                primary={
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }} component="span">
                    <span>{d.label}</span>
                    {thisDevice.data?.id === d.id && <Chip component="span" size="small" label="This device" color="primary" variant="outlined" />}
                  </Stack>
                }
                secondary={`Since ${new Date(d.createdAt).toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric' })}`}
              />
            </ListItem>
          ))}
        </List>
      )}
    </Box>
  );
}
