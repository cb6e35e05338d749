import * as z from 'zod';
import { APPROVAL_MESSAGES } from '../../../../../shared/messages';
import { useSendBack } from '../api/parent-dashboard';
import { DialogFrame, FormActions, useFormDialog } from '../../../components/form/dialog-frame';
import { FormTextField } from '../../../components/form/form-text-field';
import { useZodForm } from '../../../components/form/use-zod-form';
import { failureToast } from '../../../components/toast';

/** The API's limit on a send-back note (shared/schemas.ts, sendBackSchema). */
const NOTE_MAX = 200;

const sendBackFormSchema = z.object({ note: z.string().trim().max(NOTE_MAX, { error: APPROVAL_MESSAGES.noteTooLong }) });
type SendBackForm = z.infer<typeof sendBackFormSchema>;

export interface SendBackDialogProps {
  /** The waiting tick: its assignment, chore and (for an ongoing chore) its day. */
  item: { assignmentId: string; choreName: string; date: string; isContinuous: boolean };
  childName: string;
  onClose: () => void;
}

/** Sends a waiting chore back to do (issue 19), with an optional note the child sees on the chore. */
export function SendBackDialog({ item, childName, onClose }: SendBackDialogProps) {
  const { toast, frame } = useFormDialog(onClose);
  const sendBack = useSendBack();
  const { control, handleSubmit } = useZodForm<SendBackForm>(sendBackFormSchema, { note: '' });
  // mutateAsync, not mutate's callbacks: the refresh may remove the card (and this dialog) when it was the last chore waiting.
  const onValid = ({ note }: SendBackForm) =>
    sendBack.mutateAsync({ assignmentId: item.assignmentId, ...(item.isContinuous ? { date: item.date } : {}), ...(note ? { note } : {}) }).then(
      () => {
        toast({ title: 'Sent back', description: `${item.choreName} is back on ${childName}’s list${note ? ' with your note' : ''}.` });
        onClose();
      },
      (error: unknown) => toast(failureToast(error, 'Failed to send the chore back. Please try again.')),
    );
  return (
    <DialogFrame
      {...frame}
      busy={sendBack.isPending}
      title={`Send back ${item.choreName}?`}
      subtitle={`It goes back on ${childName}’s list to do again, and counts only once it is ticked and approved.`}
      onSubmit={handleSubmit(onValid)}
      actions={<FormActions onCancel={onClose} pending={sendBack.isPending} label="Send back" pendingLabel="Sending..." />}
    >
      <FormTextField control={control} name="note" label={`Note for ${childName}`} hint="Optional: what still needs doing" autoFocus disabled={sendBack.isPending} />
    </DialogFrame>
  );
}
