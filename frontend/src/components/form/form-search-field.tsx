import Autocomplete, { type AutocompleteProps } from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useMemo, type ReactNode } from 'react';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';

type Props<O> = AutocompleteProps<O, false, false, false>;

export interface FormSearchFieldProps<T extends FieldValues, O extends { label: string }> {
  control: Control<T>;
  name: FieldPath<T>;
  options: O[];
  /** What the form holds for an option: a currency's code, a time zone's id. */
  valueOf: (option: O) => string;
  label: string;
  placeholder: string;
  hint: ReactNode;
  filterOptions: Props<O>['filterOptions'];
  renderOption?: Props<O>['renderOption'];
  /** Called with the option picked and the value it replaces, after the form has it. */
  onPicked?: (option: O | null, previous: string) => void;
  disabled?: boolean;
}

/**
 * A long list searched by typing (the family's currency, its time zone), bound to a string field of
 * react-hook-form: the form holds the option's value, the field shows its label, the first match
 * is highlighted, and the error or hint stands under it.
 */
export function FormSearchField<T extends FieldValues, O extends { label: string }>({
  control,
  name,
  options,
  valueOf,
  label,
  placeholder,
  hint,
  filterOptions,
  renderOption,
  onPicked,
  disabled,
}: FormSearchFieldProps<T, O>) {
  const { field, fieldState } = useController({ control, name });
  const byValue = useMemo(() => new Map(options.map((o) => [valueOf(o), o])), [options, valueOf]);
  return (
    <Autocomplete
      options={options}
      value={byValue.get(field.value) ?? null}
      onChange={(_, option) => {
        const previous = field.value as string;
        field.onChange(option ? valueOf(option) : '');
        onPicked?.(option, previous);
      }}
      onBlur={field.onBlur}
      filterOptions={filterOptions}
      getOptionLabel={(o) => o.label}
      renderOption={renderOption}
      isOptionEqualToValue={(a, b) => valueOf(a) === valueOf(b)}
      disabled={disabled}
      autoHighlight
      renderInput={(params) => (
        <TextField
          {...params}
          inputRef={field.ref}
          label={label}
          placeholder={placeholder}
          error={!!fieldState.error}
          helperText={fieldState.error?.message ?? hint}
        />
      )}
    />
  );
}
