import Stack from '@mui/material/Stack';
import { useEffect } from 'react';
import { type FieldErrors } from 'react-hook-form';
import type * as z from 'zod';
import { VALIDATION } from '../../../../shared/messages';
import { credentialsSchema } from '../../../../shared/schemas';
import { useSetCredentials } from '../../api/family';
import { FormTextField } from '../form/form-text-field';
import { PasswordField } from '../form/password-field';
import { DialogFrame, FormActions, useFormDialog } from '../form/dialog-frame';
import { useZodForm } from '../form/use-zod-form';
import { failureToast } from '../toast';

type CredentialsInput = z.input<typeof credentialsSchema>;
type CredentialsOutput = z.output<typeof credentialsSchema>;

export interface CredentialsDialogProps {
  open: boolean;
  onClose: () => void;
  child: { id: string; displayName: string; username?: string };
}

/** Set or update a child's username and password (spec sections 2, 5). */
export function CredentialsDialog({ open, onClose, child }: CredentialsDialogProps) {
  const { toast, frame } = useFormDialog(onClose, open);
  const save = useSetCredentials();
  const { control, handleSubmit, reset } = useZodForm<CredentialsInput, CredentialsOutput>(credentialsSchema, { username: child.username ?? '', password: '' });
  useEffect(() => {
    if (open) reset({ username: child.username ?? '', password: '' });
  }, [open, child.id, child.username, reset]);

  const onInvalid = (errors: FieldErrors<CredentialsInput>) => {
    const missing = [errors.username?.message, errors.password?.message].includes(VALIDATION.credentialsMissing.description);
    if (missing) toast({ variant: 'destructive', ...VALIDATION.credentialsMissing });
  };

  const onValid = (values: CredentialsOutput) =>
    save.mutate(
      { id: child.id, ...values },
      {
        onSuccess: () => {
          toast({ title: 'Login credentials set for the child' });
          onClose();
        },
        onError: (error) => toast(failureToast(error, 'Failed to set credentials')),
      },
    );

  const pending = save.isPending;
  return (
    <DialogFrame
      {...frame}
      busy={pending}
      title={child.username ? 'Update Login' : 'Set Login'}
      subtitle={`The username and password ${child.displayName} uses on the child login page.`}
      onSubmit={handleSubmit(onValid, onInvalid)}
      actions={<FormActions onCancel={onClose} pending={pending} label={'Save Login'} pendingLabel={'Saving...'} />}
    >
      <Stack spacing={2.5}>
        <FormTextField control={control} name="username" label="Username" required autoFocus autoComplete="off" autoCapitalize="none" disabled={pending} />
        <PasswordField
          control={control}
          name="password"
          label="Password"
          required
          autoComplete="new-password"
          hint="Keep the password simple so your child can remember it"
          disabled={pending}
        />
      </Stack>
    </DialogFrame>
  );
}
