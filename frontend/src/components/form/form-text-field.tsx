import TextField from '@mui/material/TextField';
import Stack from '@mui/material/Stack';
import { useId, type HTMLInputTypeAttribute, type ReactNode } from 'react';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';

export interface FormTextFieldProps<T extends FieldValues> {
  control: Control<T>;
  name: FieldPath<T>;
  label: string;
  type?: HTMLInputTypeAttribute;
  autoComplete?: string;
  required?: boolean;
  autoFocus?: boolean;
  disabled?: boolean;
  /** Shown under the field when there is no error. */
  hint?: ReactNode;
  endAdornment?: ReactNode;
  inputMode?: 'text' | 'email' | 'numeric' | 'decimal' | 'tel' | 'url' | 'search' | 'none';
  /** 'none' for usernames and emails, so phones do not capitalise the first letter. */
  autoCapitalize?: 'none' | 'sentences' | 'words';
}

/** An MUI TextField bound to react-hook-form; the field's error shows under it. */
export function FormTextField<T extends FieldValues>({
  control,
  name,
  label,
  hint,
  endAdornment,
  inputMode,
  autoCapitalize,
  ...rest
}: FormTextFieldProps<T>) {
  const id = useId();
  const { field, fieldState } = useController({ control, name });
  const helperText = fieldState.error?.message ?? hint;
  return (
    <TextField
      {...rest}
      id={id}
      name={field.name}
      value={field.value ?? ''}
      onChange={field.onChange}
      onBlur={field.onBlur}
      inputRef={field.ref}
      label={label}
      error={Boolean(fieldState.error)}
      helperText={helperText}
      slotProps={{
        input: endAdornment ? { endAdornment } : undefined,
        htmlInput: {
          ...(inputMode && { inputMode }),
          ...(autoCapitalize && { autoCapitalize, spellCheck: autoCapitalize === 'none' ? false : undefined }),
        },
      }}
    />
  );
}

/**
 * An e-mail address field: the e-mail keyboard, no capital first letter, and the browser's
 * autofill of the user's own address (`autoComplete="off"` for somebody else's, as an invitation's).
 */
export function EmailField<T extends FieldValues>(props: Omit<FormTextFieldProps<T>, 'type' | 'inputMode' | 'autoCapitalize'>) {
  return <FormTextField autoComplete="email" {...props} type="email" inputMode="email" autoCapitalize="none" />;
}

/** A parent's first and last name, side by side from `sm` up (sign-up, joining by invitation); the first one focused. */
export function NameFields<T extends FieldValues & { firstName: string; lastName?: string }>({ control }: { control: Control<T> }) {
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2.5}>
      <FormTextField control={control} name={'firstName' as FieldPath<T>} label="First Name" autoComplete="given-name" required autoFocus />
      <FormTextField control={control} name={'lastName' as FieldPath<T>} label="Last Name" autoComplete="family-name" />
    </Stack>
  );
}
