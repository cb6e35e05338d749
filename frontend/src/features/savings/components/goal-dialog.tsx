import Stack from '@mui/material/Stack';
import type { GoalDto } from '../../../../../shared/api-types';
import { useCreateGoal, useCreateOwnGoal, useUpdateGoal } from '../api/savings';
import { DialogFrame, FormActions, useFormDialog } from '../../../components/form/dialog-frame';
import { FormAmountField, FormNumberField } from '../../../components/form/form-fields';
import { FormTextField } from '../../../components/form/form-text-field';
import { useZodForm } from '../../../components/form/use-zod-form';
import { useMoney } from '../../../lib/use-money';
import { goalBody, goalFormDefaults, goalFormSchema, type GoalFormValues } from '../model/goal-forms';
import { IconPicker } from './icon-picker';
import { failureToast } from '../../../components/toast';

export interface GoalDialogProps {
  /** 'child': the signed-in child's own goal (no top-up); 'parent': for `childId`, with a top-up. */
  as: 'child' | 'parent';
  childId?: string;
  childName?: string;
  /** A parent editing an unbought goal. */
  goal?: GoalDto;
  onClose: () => void;
}

/**
 * A new savings goal (or a parent's edit of one): a name, what it costs in the family's currency,
 * an icon from the set and, for parents, a top-up ("We add 50%"). Checked with the shared goal rules.
 */
export function GoalDialog({ as, childId, childName, goal, onClose }: GoalDialogProps) {
  const money = useMoney();
  const { toast, frame } = useFormDialog(onClose);
  const createOwn = useCreateOwnGoal();
  const create = useCreateGoal();
  const update = useUpdateGoal();
  const { control, handleSubmit } = useZodForm<GoalFormValues>(goalFormSchema(money.format), goalFormDefaults(goal, money));
  const pending = createOwn.isPending || create.isPending || update.isPending;
  const parent = as === 'parent';

  const onValid = (values: GoalFormValues) => {
    const body = goalBody(values, money.format.currency, parent);
    const done = {
      onSuccess: () => {
        toast(goal ? { title: 'Goal saved', description: `${body.name} is up to date.` } : { title: 'Goal set!', description: parent ? `${childName ?? 'Your child'} is saving for ${body.name}.` : `You're saving for ${body.name}.` });
        onClose();
      },
      onError: (error: Error) => toast(failureToast(error, 'Failed to save the goal. Please try again.')),
    };
    if (!parent) createOwn.mutate(body, done);
    else if (goal && childId) update.mutate({ childId, goalId: goal.id, ...body }, done);
    else if (childId) create.mutate({ childId, ...body }, done);
  };

  return (
    <DialogFrame
      {...frame}
      busy={pending}
      title={goal ? `Edit ${goal.name}` : parent ? `New goal for ${childName ?? 'your child'}` : 'New goal'}
      subtitle={parent ? 'Savings go to the oldest goal first.' : 'What are you saving for?'}
      onSubmit={handleSubmit(onValid)}
      actions={<FormActions onCancel={onClose} pending={pending} label={goal ? 'Save Goal' : 'Set Goal'} pendingLabel="Saving..." />}
    >
      <Stack spacing={2.5}>
        <FormTextField control={control} name="name" label="Name" hint="Like “Lego set” or “New bike”" required autoFocus disabled={pending} />
        <FormAmountField control={control} name="target" label="It costs" money={money} required disabled={pending} />
        <IconPicker control={control} name="icon" disabled={pending} />
        {parent && (
          <FormNumberField
            control={control}
            name="topUpPercent"
            label="We add (%)"
            min={0}
            max={100}
            step={1}
            hint="Optional: you add this percent of what your child saves, e.g. 50"
            disabled={pending}
          />
        )}
      </Stack>
    </DialogFrame>
  );
}
