/**
 * A child's availability calendar (issue 21): repeating away patterns (custody, a fixed weekday),
 * one-off away days (a school trip), a pause (a vacation), and a month preview that follows every
 * change before it is saved (PUT /api/children/{id}/availability). Loaded on demand.
 */
import Add from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';
import type { ChildDto } from '../../../api/family';
import { useFamilyPause } from '../../../api/planner';
import { useSetAvailability } from '../api/children';
import { DialogFrame, FormActions, useFormDialog } from '../../../components/form/dialog-frame';
import { DayPicker } from '../../../components/form/day-picker';
import { DAY_SHORT } from '../../../components/form/day-names';
import { NO_AVAILABILITY, AVAILABILITY_LIMITS, type Availability } from '../../../../../shared/planning';
import { plainDate } from '../../../../../shared/rhythm';
import { isIsoDate, monthOf, WEEKDAYS, type IsoDate } from '../../../../../shared/time';
import {
  availabilityBody,
  availabilityIssue,
  cycleDraftIssue,
  cycleFromDraft,
  describeCycle,
  draftOnSave,
  draftTouched,
  emptyCycleDraft,
  PRESET_OPTIONS,
  type CycleDraft,
  type CyclePreset,
} from '../lib/availability-form';
import { AvailabilityMonth } from './availability-month';
import { failureToast } from '../../../components/toast';

export interface AvailabilityDialogProps {
  child: Pick<ChildDto, 'id' | 'displayName' | 'availability'>;
  /** The family's today (its time zone). */
  today: IsoDate;
  onClose: () => void;
}

const dateSlot = { inputLabel: { shrink: true } } as const;

export function AvailabilityDialog({ child, today, onClose }: AvailabilityDialogProps) {
  const { toast, frame } = useFormDialog(onClose);
  const save = useSetAvailability();
  const familyPause = useFamilyPause();
  const [availability, setAvailability] = useState<Availability>(() => structuredClone(child.availability ?? NO_AVAILABILITY));
  const [draft, setDraft] = useState<CycleDraft>(() => emptyCycleDraft(today));
  const [draftError, setDraftError] = useState<string | null>(null);
  const [pauseFrom, setPauseFrom] = useState<IsoDate>(today);
  const [pauseTo, setPauseTo] = useState<IsoDate>('');
  const [month, setMonth] = useState(monthOf(today));
  const [saveError, setSaveError] = useState<string | null>(null);
  const name = child.displayName;
  const pending = save.isPending;
  // The month preview shows a complete pattern as soon as it is filled in (Save keeps it too).
  const draftNow = draftOnSave(draft);
  const shown = draftNow.kind === 'add' ? { ...availability, cycles: [...availability.cycles, draftNow.cycle] } : availability;

  const update = (next: Partial<Availability>) => {
    setAvailability((a) => ({ ...a, ...next }));
    setSaveError(null);
  };

  const addCycle = () => {
    const issue = cycleDraftIssue(draft) ?? (availability.cycles.length >= AVAILABILITY_LIMITS.cycles ? `At most ${AVAILABILITY_LIMITS.cycles} repeating patterns.` : null);
    setDraftError(issue);
    if (issue) return;
    const cycle = cycleFromDraft(draft);
    update({ cycles: [...availability.cycles, cycle] });
    setDraft(emptyCycleDraft(today));
    // Show the month the new pattern starts in when it starts later.
    if (monthOf(cycle.start) > month) setMonth(monthOf(cycle.start));
  };

  const setRange = (index: number, patch: Partial<Availability['away'][number]>) =>
    update({ away: availability.away.map((r, i) => (i === index ? { ...r, ...patch } : r)) });

  const onSave = () => {
    // A pattern filled in but not added is kept (added now), or Save says what it still needs (issue 29).
    const pendingPattern = draftOnSave(draft);
    if (pendingPattern.kind === 'refuse') {
      setDraftError(pendingPattern.message);
      setSaveError(pendingPattern.message);
      return;
    }
    const toSave = pendingPattern.kind === 'add' ? { ...availability, cycles: [...availability.cycles, pendingPattern.cycle] } : availability;
    const issue = availabilityIssue(toSave);
    setSaveError(issue);
    if (issue) return;
    if (pendingPattern.kind === 'add') {
      setAvailability(toSave);
      setDraft(emptyCycleDraft(today));
      setDraftError(null);
    }
    save.mutate(
      { id: child.id, availability: availabilityBody(toSave) },
      {
        onSuccess: () => {
          toast({ title: `Availability saved for ${name}` });
          onClose();
        },
        onError: (error) => toast(failureToast(error, 'Failed to save availability. Please try again.')),
      },
    );
  };

  return (
    <DialogFrame
      {...frame}
      busy={pending}
      maxWidth="md"
      title={`Availability: ${name}`}
      subtitle={`Days ${name} is away get no chores, and the week’s balance counts only the days ${name} is home.`}
      onSubmit={(event) => {
        event.preventDefault();
        onSave();
      }}
      actions={<FormActions onCancel={onClose} pending={pending} label="Save Availability" pendingLabel="Saving..." />}
    >
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1fr) minmax(0, 1fr)' } }}>
        <Stack spacing={3} sx={{ minWidth: 0 }}>
          <Section title="Repeating away days">
            {availability.cycles.length === 0 ? (
              <Typography variant="body2" color="text.secondary">
                None: {name} is home every week.
              </Typography>
            ) : (
              <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
                {availability.cycles.map((cycle, i) => (
                  <Stack component="li" key={`${cycle.start}-${i}`} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                    <Typography variant="body2" sx={{ flex: 1, fontWeight: 600 }}>
                      {describeCycle(cycle)}
                    </Typography>
                    <IconButton
                      aria-label={`Remove pattern: ${describeCycle(cycle)}`}
                      color="error"
                      disabled={pending}
                      onClick={() => update({ cycles: availability.cycles.filter((_, j) => j !== i) })}
                    >
                      <DeleteOutline />
                    </IconButton>
                  </Stack>
                ))}
              </Box>
            )}
            <Stack spacing={2} sx={{ p: 1.5, borderRadius: '12px', border: 1, borderColor: 'divider' }}>
              <TextField
                select
                label="Pattern"
                value={draft.preset}
                disabled={pending}
                onChange={(e) => setDraft({ ...draft, preset: e.target.value as CyclePreset })}
              >
                {PRESET_OPTIONS.map((o) => (
                  <MenuItem key={o.value} value={o.value}>
                    {o.label}
                  </MenuItem>
                ))}
              </TextField>
              {draft.preset === 'weekly' && (
                <DayPicker label="Away on" value={draft.days} onChange={(days) => setDraft({ ...draft, days })} sundayFirst disabled={pending} />
              )}
              {draft.preset === 'custom' && <CustomCycle value={draft.custom} onChange={(custom) => setDraft({ ...draft, custom })} disabled={pending} />}
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                <TextField
                  type="date"
                  label="Starting"
                  value={draft.start}
                  disabled={pending}
                  onChange={(e) => setDraft({ ...draft, start: e.target.value })}
                  helperText={draft.preset === 'alternateWeekends' ? 'The first weekend away is the one on or after this date.' : draft.preset === 'thursdayToSunday' ? 'From the first Thursday on or after this date.' : undefined}
                  slotProps={dateSlot}
                />
                <TextField
                  label="Label (optional)"
                  placeholder="At Dad’s"
                  value={draft.label}
                  disabled={pending}
                  onChange={(e) => setDraft({ ...draft, label: e.target.value })}
                  slotProps={{ htmlInput: { maxLength: AVAILABILITY_LIMITS.labelLength } }}
                />
              </Stack>
              {draftError && (
                <Alert severity="warning" role="alert">
                  {draftError}
                </Alert>
              )}
              <Stack direction="row" spacing={1}>
                <Button variant="outlined" startIcon={<Add />} onClick={addCycle} disabled={pending}>
                  Add pattern
                </Button>
                {draftTouched(draft) && (
                  <Button
                    onClick={() => {
                      setDraft(emptyCycleDraft(today));
                      setDraftError(null);
                      setSaveError(null);
                    }}
                    disabled={pending}
                  >
                    Clear
                  </Button>
                )}
              </Stack>
            </Stack>
          </Section>

          <Section title="Away on set dates">
            {availability.away.length === 0 && (
              <Typography variant="body2" color="text.secondary">
                No trips or other days away.
              </Typography>
            )}
            {availability.away.map((range, i) => (
              <Stack key={i} direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
                <TextField size="small" type="date" label={`From (${i + 1})`} value={range.from} disabled={pending} onChange={(e) => setRange(i, { from: e.target.value })} slotProps={dateSlot} />
                <TextField size="small" type="date" label={`To (${i + 1})`} value={range.to} disabled={pending} onChange={(e) => setRange(i, { to: e.target.value })} slotProps={dateSlot} />
                <TextField
                  size="small"
                  label={`Label (${i + 1})`}
                  placeholder="School trip"
                  value={range.label ?? ''}
                  disabled={pending}
                  onChange={(e) => setRange(i, { label: e.target.value })}
                  slotProps={{ htmlInput: { maxLength: AVAILABILITY_LIMITS.labelLength } }}
                />
                <IconButton aria-label={`Remove away dates ${i + 1}`} color="error" disabled={pending} onClick={() => update({ away: availability.away.filter((_, j) => j !== i) })}>
                  <DeleteOutline />
                </IconButton>
              </Stack>
            ))}
            <Button
              variant="outlined"
              startIcon={<Add />}
              disabled={pending || availability.away.length >= AVAILABILITY_LIMITS.away}
              onClick={() => update({ away: [...availability.away, { from: today, to: today, label: '' }] })}
              sx={{ alignSelf: 'flex-start' }}
            >
              Add away dates
            </Button>
          </Section>

          <Section title="Pause">
            {availability.pause ? (
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' } }}>
                <Typography variant="body2" sx={{ flex: 1, fontWeight: 600 }} data-testid="pause-state">
                  Chores paused from {plainDate(availability.pause.from)}
                  {availability.pause.to ? ` until ${plainDate(availability.pause.to)}` : ' until you resume'}.
                </Typography>
                <Button variant="outlined" disabled={pending} onClick={() => update({ pause: null })}>
                  Resume
                </Button>
              </Stack>
            ) : (
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'flex-start' } }}>
                <TextField type="date" label="Pause from" value={pauseFrom} disabled={pending} onChange={(e) => setPauseFrom(e.target.value)} slotProps={dateSlot} />
                <TextField
                  type="date"
                  label="Until (optional)"
                  value={pauseTo}
                  disabled={pending}
                  onChange={(e) => setPauseTo(e.target.value)}
                  helperText="Empty: until you resume"
                  slotProps={dateSlot}
                />
                <Button
                  variant="outlined"
                  disabled={pending || !isIsoDate(pauseFrom)}
                  onClick={() => update({ pause: { from: pauseFrom, ...(isIsoDate(pauseTo) ? { to: pauseTo } : {}) } })}
                  sx={{ mt: { sm: 1 } }}
                >
                  Pause chores
                </Button>
              </Stack>
            )}
          </Section>
        </Stack>

        <Box sx={{ minWidth: 0 }}>
          <Typography component="h3" sx={{ fontWeight: 800, mb: 1 }}>
            Month preview
          </Typography>
          <AvailabilityMonth month={month} onMonthChange={setMonth} availability={shown} familyPause={familyPause.data?.pause} />
          <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1 }}>
            The preview shows your changes now; they apply once saved.
          </Typography>
        </Box>
      </Box>
      {saveError && (
        <Alert severity="error" role="alert" sx={{ mt: 2 }}>
          {saveError}
        </Alert>
      )}
    </DialogFrame>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section">
      <Typography component="h3" sx={{ fontWeight: 800, mb: 1 }}>
        {title}
      </Typography>
      <Stack spacing={1.5}>{children}</Stack>
      <Divider sx={{ mt: 2 }} />
    </Box>
  );
}

/** Two weeks of day buttons, Sunday first (pressed: away): the days of the cycle the child is away. */
function CustomCycle({ value, onChange, disabled }: { value: boolean[]; onChange: (v: boolean[]) => void; disabled?: boolean }) {
  return (
    <Box role="group" aria-label="Days away in the two weeks">
      {[0, 1].map((week) => (
        <Stack key={week} direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 0.5, mb: 0.5 }}>
          <Typography variant="body2" sx={{ width: 56, fontWeight: 700 }}>
            Week {week + 1}
          </Typography>
          {WEEKDAYS.map((day, i) => {
            const index = week * 7 + i;
            return (
              <ToggleButton
                key={day}
                value={index}
                size="small"
                color="primary"
                selected={value[index] ?? false}
                disabled={disabled}
                onChange={() => onChange(value.map((v, j) => (j === index ? !v : v)))}
                aria-label={`Week ${week + 1} ${day}`}
                sx={{ minWidth: 40, minHeight: 40, px: 0.5, fontWeight: 700, borderRadius: '10px !important', border: 1 }}
              >
                {DAY_SHORT[day]}
              </ToggleButton>
            );
          })}
        </Stack>
      ))}
    </Box>
  );
}
