import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useId, type ReactNode } from 'react';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import type { Money } from '../../lib/use-money';

interface BaseProps<T extends FieldValues> {
  control: Control<T>;
  name: FieldPath<T>;
  label: string;
  hint?: ReactNode;
  required?: boolean;
  disabled?: boolean;
}

export interface SelectOption<V extends string | number> {
  value: V;
  label: string;
}

/**
 * What every field here hands its TextField: the id, the react-hook-form binding (value kept as
 * typed, or as `parse` makes it), the required/disabled flags and the error or hint under it.
 */
function useBoundField<T extends FieldValues>({ control, name, label, hint, required, disabled }: BaseProps<T>, parse: (text: string) => unknown = (text) => text) {
  const id = useId();
  const { field, fieldState } = useController({ control, name });
  return {
    id,
    name: field.name,
    label,
    required,
    disabled,
    value: field.value ?? '',
    onChange: (event: { target: { value: string } }) => field.onChange(parse(event.target.value)),
    onBlur: field.onBlur,
    inputRef: field.ref,
    error: Boolean(fieldState.error),
    helperText: fieldState.error?.message ?? hint,
  };
}

/** A select bound to react-hook-form; numeric option values come back as numbers. */
export function FormSelectField<T extends FieldValues, V extends string | number>({ options, ...base }: BaseProps<T> & { options: readonly SelectOption<V>[] }) {
  const numeric = typeof options[0]?.value === 'number';
  const bound = useBoundField(base, (text) => (numeric && text !== '' ? Number(text) : text));
  return (
    <TextField
      select
      {...bound}
      // A long choice ("Monthly on a weekday (e.g. first Saturday)") wraps on a phone instead of being cut off (issue 29).
      sx={{ '& .MuiInputBase-root .MuiSelect-select': { whiteSpace: 'normal', overflowWrap: 'anywhere' } }}
    >
      {options.map((o) => (
        <MenuItem key={o.value} value={o.value} sx={{ whiteSpace: 'normal' }}>
          {o.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

/**
 * A number input bound to react-hook-form. The value stays the text typed (the schema parses it),
 * so "2.5" and "" survive a round trip without the browser's rounding.
 */
export function FormNumberField<T extends FieldValues>({
  min,
  max,
  step,
  prefix,
  inputMode = 'numeric',
  autoFocus,
  ...base
}: BaseProps<T> & { min?: number; max?: number; step?: number; prefix?: string; inputMode?: 'numeric' | 'decimal'; autoFocus?: boolean }) {
  const bound = useBoundField(base);
  return (
    <TextField
      {...bound}
      type="number"
      autoFocus={autoFocus}
      slotProps={{
        input: prefix ? { startAdornment: <InputAdornment position="start">{prefix}</InputAdornment> } : undefined,
        htmlInput: { min, max, step, inputMode },
      }}
    />
  );
}

/**
 * An amount in the family's currency (issue 22), bound to react-hook-form: the currency's symbol
 * before or after the number as its locale writes it ("$ 12.50", "12,50 €"), a decimal keypad (a
 * numeric one for a currency without decimals), and the text kept as typed: a text input, not a
 * number one, so "12,50" is taken as typed in any browser; the form's schema parses it
 * (lib/amount-input.ts).
 */
export function FormAmountField<T extends FieldValues>({ money, autoFocus, ...base }: BaseProps<T> & { money: Pick<Money, 'symbol' | 'symbolAfter' | 'digits'>; autoFocus?: boolean }) {
  const bound = useBoundField(base);
  const adornment = <InputAdornment position={money.symbolAfter ? 'end' : 'start'}>{money.symbol}</InputAdornment>;
  return (
    <TextField
      {...bound}
      autoFocus={autoFocus}
      slotProps={{
        input: money.symbolAfter ? { endAdornment: adornment } : { startAdornment: adornment },
        htmlInput: { inputMode: money.digits === 0 ? 'numeric' : 'decimal', autoComplete: 'off', spellCheck: false },
      }}
    />
  );
}

/** A date input (`YYYY-MM-DD`) bound to react-hook-form. */
export function FormDateField<T extends FieldValues>(props: BaseProps<T>) {
  const bound = useBoundField(props);
  return (
    <TextField
      {...bound}
      type="date"
      slotProps={{ inputLabel: { shrink: true } }}
    />
  );
}
