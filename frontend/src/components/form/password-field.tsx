import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import { useState } from 'react';
import type { FieldValues } from 'react-hook-form';
import { MIN_PASSWORD_LENGTH } from '../../../../shared/messages';
import { FormTextField, type FormTextFieldProps } from './form-text-field';

type PasswordFieldProps<T extends FieldValues> = Omit<FormTextFieldProps<T>, 'type' | 'endAdornment'>;

/** A password field with a show/hide toggle. */
export function PasswordField<T extends FieldValues>(props: PasswordFieldProps<T>) {
  const [visible, setVisible] = useState(false);
  return (
    <FormTextField
      {...props}
      type={visible ? 'text' : 'password'}
      endAdornment={
        <InputAdornment position="end">
          <IconButton
            aria-label={visible ? 'Hide password' : 'Show password'}
            onClick={() => setVisible((v) => !v)}
            // Keeps focus (and the caret) in the field when the toggle is clicked with a mouse.
            onMouseDown={(event) => event.preventDefault()}
            edge="end"
          >
            {visible ? <VisibilityOff /> : <Visibility />}
          </IconButton>
        </InputAdornment>
      }
    />
  );
}

/** The labels where the user has a password already (a reset, a change). */
export const NEW_PASSWORD_LABELS = { password: 'New Password', confirm: 'Confirm New Password' } as const;

/**
 * A new password and its confirmation (sign-up, joining by invitation, a reset, a change): fields
 * `password` and `confirmPassword`, the length hint under the first. "New Password" labels where
 * the user has one already.
 */
export function NewPasswordFields<T extends FieldValues>({
  control,
  labels = { password: 'Password', confirm: 'Confirm Password' },
  disabled,
  autoFocus,
}: {
  control: PasswordFieldProps<T>['control'];
  labels?: { password: string; confirm: string };
  disabled?: boolean;
  autoFocus?: boolean;
}) {
  return (
    <>
      <PasswordField
        control={control}
        name={'password' as PasswordFieldProps<T>['name']}
        label={labels.password}
        autoComplete="new-password"
        required
        disabled={disabled}
        autoFocus={autoFocus}
        hint={`At least ${MIN_PASSWORD_LENGTH} characters`}
      />
      <PasswordField control={control} name={'confirmPassword' as PasswordFieldProps<T>['name']} label={labels.confirm} autoComplete="new-password" required disabled={disabled} />
    </>
  );
}
