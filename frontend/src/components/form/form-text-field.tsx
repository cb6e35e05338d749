import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
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

/**
 * An outlined text field bound to react-hook-form; the field's error shows under it.
 *
 * Built from the parts MUI's TextField renders for its outlined variant (FormControl, InputLabel,
 * OutlinedInput, FormHelperText, with the same ids and aria-describedby), not TextField itself:
 * TextField imports its select variant too (Select, Menu, Popover, Modal, focus trap, the filled and
 * standard inputs), 12 KB gzip on the sign-in pages' first load that no text field uses (issue 31).
 */
export function FormTextField<T extends FieldValues>({
  control,
  name,
  label,
  hint,
  endAdornment,
  inputMode,
  autoCapitalize,
  type,
  autoComplete,
  required,
  autoFocus,
  disabled,
}: FormTextFieldProps<T>) {
  const id = useId();
  const { field, fieldState } = useController({ control, name });
  const helperText = fieldState.error?.message ?? hint;
  const helperTextId = helperText ? `${id}-helper-text` : undefined;
  return (
    <FormControl fullWidth variant="outlined" required={required} disabled={disabled} error={Boolean(fieldState.error)}>
      <InputLabel htmlFor={id} id={`${id}-label`}>
        {label}
      </InputLabel>
      <OutlinedInput
        id={id}
        name={field.name}
        value={field.value ?? ''}
        onChange={field.onChange}
        onBlur={field.onBlur}
        inputRef={field.ref}
        label={label}
        type={type}
        autoComplete={autoComplete}
        autoFocus={autoFocus}
        endAdornment={endAdornment}
        aria-describedby={helperTextId}
        inputProps={{
          ...(inputMode && { inputMode }),
          ...(autoCapitalize && { autoCapitalize, spellCheck: autoCapitalize === 'none' ? false : undefined }),
        }}
      />
      {helperText && <FormHelperText id={helperTextId}>{helperText}</FormHelperText>}
    </FormControl>
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
