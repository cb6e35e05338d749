import Avatar from '@mui/material/Avatar';
import Stack from '@mui/material/Stack';
import { useEffect } from 'react';
import { useWatch } from 'react-hook-form';
import type * as z from 'zod';
import { childInputSchema } from '../../../../shared/schemas';
import { useCreateChild, useUpdateChild } from '../../api/family';
import { FormTextField } from '../form/form-text-field';
import { DialogFrame, FormActions, useFormDialog } from '../form/dialog-frame';
import { FormNumberField, FormSelectField } from '../form/form-fields';
import { DEFAULT_MAX_DIFFICULTY, MAX_DIFFICULTY_LABELS } from './labels';
import { useZodForm } from '../form/use-zod-form';
import { errorToast } from '../toast';

type ChildFormInput = z.input<typeof childInputSchema>;
type ChildFormOutput = z.output<typeof childInputSchema>;

export interface ChildDialogChild {
  id: string;
  displayName: string;
  age?: number;
  profileImageUrl?: string;
  maxDifficultyLevel: number;
}

const MAX_DIFFICULTY_OPTIONS = [1, 2, 3, 4, 5].map((value) => ({ value, label: MAX_DIFFICULTY_LABELS[value]! }));

function defaultsFor(child: ChildDialogChild | undefined): ChildFormInput {
  return {
    displayName: child?.displayName ?? '',
    age: child?.age === undefined ? '' : String(child.age),
    profileImageUrl: child?.profileImageUrl ?? '',
    maxDifficultyLevel: child?.maxDifficultyLevel ?? DEFAULT_MAX_DIFFICULTY,
  };
}

export interface ChildDialogProps {
  open: boolean;
  onClose: () => void;
  /** Edit mode when given; create mode otherwise. */
  child?: ChildDialogChild;
}

/** Add/Edit Child Profile (spec sections 2, 4, 5); validated by the API's own `childInputSchema`. */
export function ChildDialog({ open, onClose, child }: ChildDialogProps) {
  const { toast, frame } = useFormDialog(onClose, open);
  const create = useCreateChild();
  const update = useUpdateChild();
  const editing = Boolean(child);
  const { control, handleSubmit, reset } = useZodForm<ChildFormInput, ChildFormOutput>(childInputSchema, defaultsFor(child));
  const childId = child?.id;
  useEffect(() => {
    if (open) reset(defaultsFor(child));
    // Keyed by id: a background refresh of the same child must not wipe what is being typed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, childId, reset]);

  const [displayName, imageUrl] = useWatch({ control, name: ['displayName', 'profileImageUrl'] });
  const pending = create.isPending || update.isPending;

  const onValid = (values: ChildFormOutput) => {
    const body = {
      displayName: values.displayName,
      age: values.age,
      // Empty is sent as absent (spec section 5).
      profileImageUrl: values.profileImageUrl || undefined,
      maxDifficultyLevel: values.maxDifficultyLevel ?? DEFAULT_MAX_DIFFICULTY,
    };
    if (child) {
      update.mutate(
        { id: child.id, ...body },
        {
          onSuccess: () => {
            toast({ title: 'Child profile updated successfully!' });
            onClose();
          },
          onError: () => toast(errorToast('Failed to update child profile. Please try again.')),
        },
      );
    } else {
      create.mutate(body, {
        onSuccess: () => {
          toast({ title: 'Child profile created successfully!' });
          onClose();
        },
        onError: () => toast(errorToast('Failed to create child profile. Please try again.')),
      });
    }
  };

  const initial = (typeof displayName === 'string' ? displayName.trim().charAt(0) : '').toUpperCase() || '?';
  const preview = typeof imageUrl === 'string' && /^https?:\/\/\S+$/i.test(imageUrl.trim()) ? imageUrl.trim() : undefined;

  return (
    <DialogFrame
      {...frame}
      busy={pending}
      title={editing ? 'Edit Child Profile' : 'Add Child Profile'}
      subtitle={editing ? 'Update your child’s profile.' : 'Add a child so you can give them chores.'}
      onSubmit={handleSubmit(onValid)}
      actions={
        <FormActions
          onCancel={onClose}
          pending={pending}
          label={editing ? 'Update Child' : 'Create Child'}
          pendingLabel={editing ? 'Updating...' : 'Creating...'}
        />
      }
    >
      <Stack spacing={2.5}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
          <Avatar src={preview} alt="" sx={{ width: 56, height: 56, mt: 0.5, bgcolor: 'primary.main', fontWeight: 800 }}>
            {initial}
          </Avatar>
          <FormTextField control={control} name="displayName" label="Display Name" required autoFocus disabled={pending} />
        </Stack>
        <FormNumberField control={control} name="age" label="Age" min={1} max={18} step={1} hint="Optional, 1 to 18" disabled={pending} />
        <FormTextField
          control={control}
          name="profileImageUrl"
          label="Profile Picture URL"
          type="url"
          inputMode="url"
          autoCapitalize="none"
          hint="Optional: a link to a picture (https://...)"
          disabled={pending}
        />
        <FormSelectField
          control={control}
          name="maxDifficultyLevel"
          label="Max Difficulty"
          options={MAX_DIFFICULTY_OPTIONS}
          hint="Prevents assigning chores above this level to this child"
          disabled={pending}
        />
      </Stack>
    </DialogFrame>
  );
}
