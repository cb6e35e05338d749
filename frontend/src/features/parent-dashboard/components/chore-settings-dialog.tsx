import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { useWatch } from 'react-hook-form';
import type * as z from 'zod';
import { choreSettingsSchema } from '../../../../../shared/schemas';
import { SHORTFALL_REASON, settingsShortfallNotes } from '../../../../../shared/shortfall';
import { useChildren, useChores } from '../../../api/family';
import { useChoreSettings } from '../api/parent-dashboard';
import { DialogFrame, FormActions, useFormDialog } from '../../../components/form/dialog-frame';
import { FormNumberField } from '../../../components/form/form-fields';
import { MAX_CHORE_COUNT } from '../../../components/dialogs/labels';
import { useZodForm } from '../../../components/form/use-zod-form';
import { failureToast } from '../../../components/toast';

type SettingsInput = z.input<typeof choreSettingsSchema>;
type SettingsOutput = z.output<typeof choreSettingsSchema>;

export interface ChoreSettingsChild {
  id: string;
  displayName: string;
  dailyChoresCount: number;
  weeklyChoresCount: number;
  continuousChoresCount: number;
  /** For the "asks for 2 daily chores; 1 is available" notes (issue 29); absent: every level. */
  maxDifficultyLevel?: number;
}

export interface ChoreSettingsDialogProps {
  open: boolean;
  onClose: () => void;
  child: ChoreSettingsChild;
}

const defaultsFor = (child: ChoreSettingsChild): SettingsInput => ({
  dailyChoresCount: String(child.dailyChoresCount),
  weeklyChoresCount: String(child.weeklyChoresCount),
  continuousChoresCount: String(child.continuousChoresCount),
});

/** How many chores of each category the weekly distribution gives a child (spec sections 2, 5). */
export function ChoreSettingsDialog({ open, onClose, child }: ChoreSettingsDialogProps) {
  const { toast, frame } = useFormDialog(onClose, open);
  const save = useChoreSettings();
  const { control, handleSubmit, reset } = useZodForm<SettingsInput, SettingsOutput>(choreSettingsSchema, defaultsFor(child));
  useEffect(() => {
    if (open) reset(defaultsFor(child));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, child.id, reset]);

  const onValid = (values: SettingsOutput) => {
    // Blank counts arrive here as 0 (the schema's rule), already whole numbers from 0 to 10.
    save.mutate(
      { id: child.id, ...values },
      {
        onSuccess: () => {
          toast({ title: 'Settings Updated', description: `Chore settings for ${child.displayName} have been updated successfully.` });
          onClose();
        },
        onError: (error) => toast(failureToast(error, 'Failed to update chore settings')),
      },
    );
  };

  const pending = save.isPending;
  // One child at a time (issue 29): say while typing when the chores cannot fill the counts.
  const chores = useChores();
  const children = useChildren();
  const [daily, weekly, continuous] = useWatch({ control, name: ['dailyChoresCount', 'weeklyChoresCount', 'continuousChoresCount'] });
  const count = (v: unknown) => {
    const n = Number(v);
    return Number.isInteger(n) && n > 0 ? n : 0;
  };
  const notes =
    chores.data && children.data
      ? settingsShortfallNotes(
          { ...child, maxDifficultyLevel: child.maxDifficultyLevel ?? 5 },
          { dailyChoresCount: count(daily), weeklyChoresCount: count(weekly), continuousChoresCount: count(continuous) },
          children.data,
          chores.data,
        )
      : [];
  const countProps = { control, min: 0, max: MAX_CHORE_COUNT, step: 1, disabled: pending } as const;
  return (
    <DialogFrame
      {...frame}
      busy={pending}
      title={`Chore Settings for ${child.displayName}`}
      subtitle="Choose how many chores of each kind the weekly distribution hands out."
      onSubmit={handleSubmit(onValid)}
      actions={<FormActions onCancel={onClose} pending={pending} label={'Save Settings'} pendingLabel={'Saving...'} />}
    >
      <Stack spacing={2.5}>
        <FormNumberField
          {...countProps}
          name="dailyChoresCount"
          label="Daily Chores"
          autoFocus
          hint={`How many daily chores ${child.displayName} is assigned each week (0 to ${MAX_CHORE_COUNT})`}
        />
        <FormNumberField
          {...countProps}
          name="weeklyChoresCount"
          label="Weekly Chores"
          hint={`How many weekly chores ${child.displayName} is assigned each week (0 to ${MAX_CHORE_COUNT})`}
        />
        <FormNumberField
          {...countProps}
          name="continuousChoresCount"
          label="Continuous Assignments"
          hint="Continuous assignments persist until manually changed"
        />
        {notes.length > 0 && (
          <Alert severity="info" data-testid="settings-shortfall" aria-live="polite">
            {notes.map((n) => (
              <Typography key={n} variant="body2" sx={{ fontWeight: 700 }}>
                {n}
              </Typography>
            ))}
            <Typography variant="body2">{SHORTFALL_REASON}</Typography>
          </Alert>
        )}
      </Stack>
    </DialogFrame>
  );
}
