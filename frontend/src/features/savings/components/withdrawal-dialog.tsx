import Stack from '@mui/material/Stack';
import { SAVINGS_MESSAGES } from '../../../../../shared/savings-schemas';
import { parseMinor } from '../../../../../shared/money';
import { useJarWithdrawal } from '../api/savings';
import { DialogFrame, FormActions, useFormDialog } from '../../../components/form/dialog-frame';
import { FormAmountField } from '../../../components/form/form-fields';
import { FormTextField } from '../../../components/form/form-text-field';
import { useZodForm } from '../../../components/form/use-zod-form';
import { useMoney } from '../../../lib/use-money';
import { withdrawalBody, withdrawalFormSchema, type WithdrawalFormValues } from '../model/goal-forms';
import { failureToast } from '../../../components/toast';

export interface WithdrawalDialogProps {
  childId: string;
  childName: string;
  jar: 'spend' | 'give';
  /** The jar's balance (API decimal string): more cannot be taken out. */
  balance: string;
  onClose: () => void;
}

/** "Record spending" / "Record giving": money a parent saw leave the spend or give jar (issue 22). */
export function WithdrawalDialog({ childId, childName, jar, balance, onClose }: WithdrawalDialogProps) {
  const money = useMoney();
  const { toast, frame } = useFormDialog(onClose);
  const withdraw = useJarWithdrawal();
  const currency = money.format.currency;
  const balanceMinor = parseMinor(balance, currency) ?? 0;
  const { control, handleSubmit } = useZodForm<WithdrawalFormValues>(
    withdrawalFormSchema(money.format, balanceMinor, SAVINGS_MESSAGES.jarTooLow(jar, money.amount(balance))),
    { amount: '', note: '' },
  );
  const spending = jar === 'spend';
  const pending = withdraw.isPending;

  const onValid = (values: WithdrawalFormValues) => {
    const body = withdrawalBody(values, currency);
    withdraw.mutate(
      { childId, jar, ...body },
      {
        onSuccess: () => {
          toast({ title: spending ? 'Spending recorded' : 'Giving recorded', description: `${money.amount(body.amount)} out of ${childName}'s ${jar} jar.` });
          onClose();
        },
        onError: (error) => toast(failureToast(error, 'Failed to save. Please try again.')),
      },
    );
  };

  return (
    <DialogFrame
      {...frame}
      busy={pending}
      maxWidth="xs"
      title={spending ? 'Record spending' : 'Record giving'}
      subtitle={`${childName}'s ${jar} jar holds ${money.amount(balance)}.`}
      onSubmit={handleSubmit(onValid)}
      actions={<FormActions onCancel={onClose} pending={pending} label={spending ? 'Record Spending' : 'Record Giving'} pendingLabel="Saving..." />}
    >
      <Stack spacing={2.5}>
        <FormAmountField control={control} name="amount" label={spending ? 'Amount spent' : 'Amount given'} money={money} disabled={pending} />
        <FormTextField control={control} name="note" label="Note" hint={spending ? 'Optional, like “Comic book”' : 'Optional, like “Animal shelter”'} disabled={pending} />
      </Stack>
    </DialogFrame>
  );
}
