/**
 * The children page's money dialogs of issue 19, one lazily loaded module: Reset Earnings with the
 * payout's details, and a bonus or deduction. (Sending a waiting chore back is the dashboard's,
 * features/parent-dashboard/components/send-back-dialog.tsx.)
 */
import Alert from '@mui/material/Alert';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useController, useWatch, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { parseMinor } from '../../../../../shared/money';
import { type ChildDto } from '../../../api/family';
import { useResetEarnings } from '../api/children';
import { useAdjustment } from '../api/children';
import { conflictMessage } from '../../../lib/api';
import { FormTextField } from '../../../components/form/form-text-field';
import { useZodForm } from '../../../components/form/use-zod-form';
import { DialogFrame, FormActions, useFormDialog } from '../../../components/form/dialog-frame';
import { FormAmountField } from '../../../components/form/form-fields';
import {
  adjustmentBody,
  adjustmentDefaults,
  adjustmentFormSchema,
  NOTE_MAX,
  PAYOUT_METHOD_OPTIONS,
  payoutBody,
  payoutDefaults,
  payoutFormSchema,
  payoutTexts,
  paidSentence,
  type AdjustmentFormValues,
  type PayoutFormValues,
} from '../lib/ledger-forms';
import { useMoney } from '../../../lib/use-money';
import { errorToast, failureToast } from '../../../components/toast';

/** A row of radio buttons bound to react-hook-form, labelled by its legend. */
function FormRadioRow<T extends FieldValues>({
  control,
  name,
  label,
  options,
  disabled,
}: {
  control: Control<T>;
  name: FieldPath<T>;
  label: string;
  options: readonly { value: string; label: string }[];
  disabled?: boolean;
}) {
  const labelId = useId();
  const { field } = useController({ control, name });
  return (
    <FormControl component="fieldset" disabled={disabled}>
      <FormLabel component="legend" id={labelId} sx={{ fontWeight: 700, mb: 0.5 }}>
        {label}
      </FormLabel>
      <RadioGroup row aria-labelledby={labelId} name={field.name} value={field.value ?? ''} onChange={(_, value) => field.onChange(value)} onBlur={field.onBlur}>
        {options.map((o) => (
          <FormControlLabel key={o.value} value={o.value} control={<Radio />} label={o.label} />
        ))}
      </RadioGroup>
    </FormControl>
  );
}

export interface PayoutDialogProps {
  child: Pick<ChildDto, 'id' | 'displayName' | 'weeklyEarnings'>;
  onClose: () => void;
}

/**
 * Paying a child (issue 19; issue 29: it reads as paying): the card's button keeps the spec's
 * "Reset Earnings", the dialog is "Pay Ava" and says what is paid now and what stays owed. Confirmed
 * as it opens (everything owed) it is the spec's Reset Earnings: the same call, its confirmation
 * text and toast, and the child starts again from $0.00 (in the family's currency). A part payout
 * is only a payment: no reset, nothing that "cannot be undone".
 */
export function PayoutDialog({ child, onClose }: PayoutDialogProps) {
  const money = useMoney();
  const currency = money.format.currency;
  const { toast, frame } = useFormDialog(onClose);
  const reset = useResetEarnings();
  const owedMinor = parseMinor(child.weeklyEarnings, currency) ?? 0;
  const { control, handleSubmit, setError } = useZodForm<PayoutFormValues>(payoutFormSchema(owedMinor, money.format), payoutDefaults(child.weeklyEarnings, money.format));
  const amount = useWatch({ control, name: 'amount' });
  const text = payoutTexts(child.displayName, amount, owedMinor, money.format);
  const pending = reset.isPending;

  const onValid = (values: PayoutFormValues) => {
    reset.mutate(
      { id: child.id, payment: payoutBody(values, owedMinor, currency) },
      {
        onSuccess: (result) => {
          const paidMinor = parseMinor(result.payout.amount, currency) ?? 0;
          const paid = paidSentence(child.displayName, paidMinor, values.method || undefined, money.format);
          if (result.payout.part === true) {
            toast({ title: paid, description: `${result.owed ? money.amount(result.owed) : money.money(owedMinor - paidMinor)} is still owed.` });
          } else {
            // The spec's toast (section 8) says it was reset; its line says what was paid.
            const start = `${child.displayName} starts again from ${money.money(0)}.`;
            toast({ title: 'Child earnings reset successfully!', description: paidMinor > 0 ? `${paid}. ${start}` : `Nothing was owed. ${start}` });
          }
          onClose();
        },
        onError: (error) => {
          const message = conflictMessage(error);
          if (message) setError('amount', { message }, { shouldFocus: true });
          toast(errorToast(message ?? 'Failed to reset earnings. Please try again.'));
        },
      },
    );
  };

  return (
    <DialogFrame
      {...frame}
      busy={pending}
      title={text.title}
      subtitle={`${child.displayName} is owed ${money.amount(child.weeklyEarnings)}.`}
      onSubmit={handleSubmit(onValid)}
      actions={<FormActions onCancel={onClose} pending={pending} label={text.confirm} pendingLabel="Paying..." />}
    >
      <Stack spacing={2.5}>
        {text.part ? (
          <Alert severity="info" role="status">
            {text.status}
          </Alert>
        ) : (
          <Typography role="status">{text.status}</Typography>
        )}
        <FormAmountField control={control} name="amount" label="Amount paid" money={money} hint="Everything owed, or type less to pay part of it" disabled={pending} />
        <FormRadioRow control={control} name="method" label="How was it paid?" options={PAYOUT_METHOD_OPTIONS} disabled={pending} />
        <FormTextField control={control} name="note" label="Note" hint={`Optional, up to ${NOTE_MAX} characters`} disabled={pending} />
      </Stack>
    </DialogFrame>
  );
}

const KIND_OPTIONS = [
  { value: 'bonus', label: 'Bonus' },
  { value: 'deduction', label: 'Deduction' },
] as const;

export interface AdjustmentDialogProps {
  child: Pick<ChildDto, 'id' | 'displayName' | 'weeklyEarnings'>;
  onClose: () => void;
}

/**
 * A one-off bonus or a deduction with its reason (issue 19). A deduction that would take more than
 * the child has is refused by the server (409); its message shows in the dialog, which stays open.
 */
export function AdjustmentDialog({ child, onClose }: AdjustmentDialogProps) {
  const money = useMoney();
  const { toast, frame } = useFormDialog(onClose);
  const adjust = useAdjustment();
  const [refusal, setRefusal] = useState<string | null>(null);
  const { control, handleSubmit } = useZodForm<AdjustmentFormValues>(adjustmentFormSchema(money.format), adjustmentDefaults);
  const kind = useWatch({ control, name: 'kind' });
  const pending = adjust.isPending;

  const onValid = (values: AdjustmentFormValues) => {
    setRefusal(null);
    const body = adjustmentBody(values, money.format.currency);
    adjust.mutate(
      { childId: child.id, ...body },
      {
        onSuccess: () => {
          toast(
            body.kind === 'bonus'
              ? { title: 'Bonus added', description: `${child.displayName} gets +${money.amount(body.amount)}: ${body.reason}` }
              : { title: 'Deduction added', description: `${money.amount(body.amount)} taken from ${child.displayName}: ${body.reason}` },
          );
          onClose();
        },
        onError: (error) => {
          const message = conflictMessage(error);
          if (message) setRefusal(message);
          else toast(failureToast(error, 'Failed to save. Please try again.'));
        },
      },
    );
  };

  return (
    <DialogFrame
      {...frame}
      busy={pending}
      title={`Bonus or deduction for ${child.displayName}`}
      subtitle={`Added to or taken from what ${child.displayName} is owed (now ${money.amount(child.weeklyEarnings)}), with a reason ${child.displayName} sees.`}
      onSubmit={handleSubmit(onValid)}
      actions={<FormActions onCancel={onClose} pending={pending} label={kind === 'deduction' ? 'Add Deduction' : 'Add Bonus'} pendingLabel="Saving..." />}
    >
      <Stack spacing={2.5}>
        {refusal && (
          <Alert severity="error" role="alert">
            {refusal}
          </Alert>
        )}
        <FormRadioRow control={control} name="kind" label="Kind" options={KIND_OPTIONS} disabled={pending} />
        <FormAmountField control={control} name="amount" label="Amount" required money={money} autoFocus disabled={pending} />
        <FormTextField
          control={control}
          name="reason"
          label="Reason"
          required
          hint={kind === 'deduction' ? `For example “Broke the rules”, up to ${NOTE_MAX} characters` : `For example “Helped Grandma”, up to ${NOTE_MAX} characters`}
          disabled={pending}
        />
      </Stack>
    </DialogFrame>
  );
}
