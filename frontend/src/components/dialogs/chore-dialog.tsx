import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import { useEffect, useId, useMemo } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import * as z from 'zod';
import type { MoneyOrCurrency } from '../../../../shared/amount-schema';
import type { ChoreCategory } from '../../../../shared/api-types';
import { FORM_MESSAGES } from '../../../../shared/messages';
import { parseMinor, type MoneyFormat } from '../../../../shared/money';
import { categorySchema } from '../../../../shared/schemas';
import { useAccount } from '../../api/account';
import { useChildren, useCreateChore, useUpdateChore, type ChoreDto } from '../../api/family';
import { localDate } from '../../../../shared/time';
import { categoryAndRhythm, hasPlan, planBody, planDefaults, planFormSchema, planIssues } from './chore-plan-form';
import { ChorePlanSection } from './chore-plan-section';
import { FormTextField } from '../form/form-text-field';
import { DialogFrame, FormActions, useFormDialog } from '../form/dialog-frame';
import { FormAmountField, FormSelectField } from '../form/form-fields';
import { CATEGORY_LABELS, DEFAULT_DIFFICULTY, DIFFICULTY_LABELS } from './labels';
import { useZodForm } from '../form/use-zod-form';
import { amountInputText, apiAmount, checkTypedAmount } from '../../lib/amount-input';
import { useMoney } from '../../lib/use-money';
import { errorToast } from '../toast';

/**
 * The form's view of `choreInputSchema` (shared/schemas.ts): the same rules and the spec's
 * messages, over the text the inputs hold (the amount stays text until it is sent), with the amount
 * in the family's currency (issue 22: "12,50" for euros; yen have no decimals).
 */
export const choreFormSchema = (money: MoneyOrCurrency) => z.object({
  name: z
    .string()
    .trim()
    .min(1, { error: FORM_MESSAGES.choreNameRequired })
    .max(100, { error: 'Must be at most 100 characters' }),
  description: z.string().trim().max(500, { error: 'Description must be at most 500 characters' }),
  category: categorySchema,
  amount: z.string().superRefine((value, ctx) => {
    const checked = checkTypedAmount(value, money);
    if ('message' in checked) ctx.addIssue({ code: 'custom', message: checked.message });
  }),
  difficultyLevel: z
    .number({ error: FORM_MESSAGES.difficultyRequired })
    .int({ error: FORM_MESSAGES.difficultyRequired })
    .min(1, { error: FORM_MESSAGES.difficultyRequired })
    .max(5, { error: FORM_MESSAGES.difficultyRequired }),
  /** Issue 19: a child's tick waits for a parent's OK. */
  needsApproval: z.boolean(),
});
export type ChoreFormValues = z.infer<ReturnType<typeof choreFormSchema>>;

/** The dialog's whole form: the chore, plus how often and who does it (issue 21), checked together. */
export const choreDialogSchema = (money: MoneyOrCurrency) =>
  choreFormSchema(money)
    .extend({ plan: planFormSchema })
    .superRefine((values, ctx) => {
      for (const issue of planIssues(values.plan, values.category)) ctx.addIssue({ code: 'custom', path: ['plan', issue.path], message: issue.message });
    });
export type ChoreDialogValues = z.infer<ReturnType<typeof choreDialogSchema>>;

const todayHere = () => localDate(new Date(), Intl.DateTimeFormat().resolvedOptions().timeZone);

const CATEGORY_OPTIONS = (Object.keys(CATEGORY_LABELS) as ChoreCategory[]).map((value) => ({ value, label: CATEGORY_LABELS[value] }));
const DIFFICULTY_OPTIONS = [1, 2, 3, 4, 5].map((value) => ({ value, label: `${value} - ${DIFFICULTY_LABELS[value]}` }));

function defaultsFor(chore: ChoreDto | undefined, defaultCategory: ChoreCategory | undefined, money: MoneyFormat, approvalByDefault = false): ChoreDialogValues {
  return { ...choreDefaults(chore, defaultCategory, money, approvalByDefault), plan: planDefaults(chore, todayHere()) };
}

function choreDefaults(chore: ChoreDto | undefined, defaultCategory: ChoreCategory | undefined, money: MoneyFormat, approvalByDefault: boolean): ChoreFormValues {
  return chore
    ? {
        name: chore.name,
        description: chore.description ?? '',
        category: chore.category,
        amount: amountInputText(parseMinor(chore.amount, money.currency) ?? 0, money),
        difficultyLevel: chore.difficultyLevel || DEFAULT_DIFFICULTY,
        needsApproval: chore.needsApproval ?? false,
      }
    : { name: '', description: '', category: defaultCategory ?? 'daily', amount: '', difficultyLevel: DEFAULT_DIFFICULTY, needsApproval: approvalByDefault };
}

/** The checkbox's words (issue 19). */
export const NEEDS_APPROVAL_LABEL = 'Needs a parent’s OK';
export const NEEDS_APPROVAL_HINT = 'A child’s tick counts only once a parent approves it.';

export interface ChoreDialogProps {
  open: boolean;
  onClose: () => void;
  /** Edit mode when given; create mode otherwise. */
  chore?: ChoreDto;
  defaultCategory?: ChoreCategory;
}

/** Add/Edit Chore (spec sections 2, 4, 5). */
export function ChoreDialog({ open, onClose, chore, defaultCategory }: ChoreDialogProps) {
  const { toast, frame } = useFormDialog(onClose, open);
  const create = useCreateChore();
  const update = useUpdateChore();
  const editing = Boolean(chore);
  // The family's default for new chores (the Family page); until it has loaded, the server applies it.
  const account = useAccount();
  const approvalByDefault = account.data?.family.approvalByDefault;
  const money = useMoney();
  const currency = money.format.currency;
  const schema = useMemo(() => choreDialogSchema({ currency, locale: money.format.locale }), [currency, money.format.locale]);
  const { control, handleSubmit, reset, getFieldState, setValue, formState } = useZodForm<ChoreDialogValues>(
    schema,
    defaultsFor(chore, defaultCategory, money.format, approvalByDefault),
  );
  const category = useWatch({ control, name: 'category' });
  const difficulty = useWatch({ control, name: 'difficultyLevel' });
  const plan = useWatch({ control, name: 'plan' });
  const children = useChildren();
  const approvalHintId = useId();
  useEffect(() => {
    if (!chore && approvalByDefault !== undefined && !getFieldState('needsApproval', formState).isDirty) setValue('needsApproval', approvalByDefault);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [approvalByDefault, chore]);

  // A reopened dialog, or one opened for another chore, starts from that chore's values. Keyed by
  // id so a background refresh of the same chore does not wipe what is being typed.
  const choreId = chore?.id;
  useEffect(() => {
    if (open) reset(defaultsFor(chore, defaultCategory, money.format, approvalByDefault));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, choreId, defaultCategory, reset]);

  const pending = create.isPending || update.isPending;

  const onValid = (values: ChoreDialogValues) => {
    const body = {
      name: values.name,
      description: values.description || undefined,
      category: values.category,
      amount: apiAmount(values.amount, currency),
      difficultyLevel: values.difficultyLevel,
      // Sent when the dialog knows it (editing, the family default loaded, or ticked by hand); else the server's default.
      ...(chore || approvalByDefault !== undefined || getFieldState('needsApproval', formState).isDirty ? { needsApproval: values.needsApproval } : {}),
      // Issue 21: only what was chosen (a chore that uses none of it sends today's body).
      ...planBody(values.plan, values.category, chore),
    };
    if (chore) {
      update.mutate(
        { id: chore.id, ...body },
        {
          onSuccess: () => {
            toast({ title: 'Chore updated successfully!' });
            onClose();
          },
          onError: () => toast(errorToast('Failed to update chore. Please try again.')),
        },
      );
    } else {
      create.mutate(body, {
        onSuccess: () => {
          toast({ title: 'Chore created successfully!' });
          onClose();
        },
        onError: () => toast(errorToast('Failed to create chore. Please try again.')),
      });
    }
  };

  return (
    <DialogFrame
      {...frame}
      busy={pending}
      title={editing ? 'Edit Chore' : 'Add New Chore'}
      subtitle={editing ? 'Change the chore’s details and reward.' : 'Create a chore and set the money it is worth.'}
      onSubmit={handleSubmit(onValid)}
      actions={
        <FormActions
          onCancel={onClose}
          pending={pending}
          label={editing ? 'Update Chore' : 'Create Chore'}
          pendingLabel={editing ? 'Updating...' : 'Creating...'}
        />
      }
    >
      <Stack spacing={2.5}>
        <FormTextField control={control} name="name" label="Name" required autoFocus disabled={pending} />
        <FormTextField control={control} name="description" label="Description" hint="Optional" disabled={pending} />
        <FormSelectField
          control={control}
          name="category"
          label="Category"
          options={CATEGORY_OPTIONS}
          hint={categoryAndRhythm(category, plan)}
          disabled={pending}
        />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2.5}>
          <FormAmountField control={control} name="amount" label="Amount" required money={money} disabled={pending} />
          <FormSelectField control={control} name="difficultyLevel" label="Difficulty" required options={DIFFICULTY_OPTIONS} disabled={pending} />
        </Stack>
        <ChorePlanSection control={control} children={children.data ?? []} difficulty={difficulty} disabled={pending} defaultExpanded={hasPlan(chore)} />
        <Controller
          control={control}
          name="needsApproval"
          render={({ field }) => (
            <div>
              <FormControlLabel
                control={
                  <Checkbox
                    checked={Boolean(field.value)}
                    onChange={(_, on) => field.onChange(on)}
                    onBlur={field.onBlur}
                    disabled={pending}
                    slotProps={{ input: { 'aria-describedby': approvalHintId, ref: field.ref } }}
                  />
                }
                label={NEEDS_APPROVAL_LABEL}
              />
              <FormHelperText id={approvalHintId} sx={{ mt: -0.5, ml: 4 }}>
                {NEEDS_APPROVAL_HINT}
              </FormHelperText>
            </div>
          )}
        />
      </Stack>
    </DialogFrame>
  );
}
