import FormHelperText from '@mui/material/FormHelperText';
import ToggleButton from '@mui/material/ToggleButton';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { WEEKDAYS, WEEKDAYS_MONDAY_FIRST, type Weekday } from '../../../../shared/time';
import { DAY_LONG, DAY_SHORT } from './day-names';

export { DAY_LONG, DAY_SHORT };

export interface DayPickerProps {
  /** The group's name ("Days", "Emma's days"). */
  label: string;
  value: readonly Weekday[];
  onChange: (days: Weekday[]) => void;
  hint?: string;
  error?: string;
  disabled?: boolean;
  /** Sunday first (the family's week) or Monday first. */
  sundayFirst?: boolean;
}

/** Seven toggle buttons, one per weekday (pressed: picked), in a labelled group; the result is sorted Sunday first. */
export function DayPicker({ label, value, onChange, hint, error, disabled, sundayFirst = false }: DayPickerProps) {
  const labelId = useId();
  const hintId = useId();
  const order = sundayFirst ? WEEKDAYS : WEEKDAYS_MONDAY_FIRST;
  const toggle = (day: Weekday) => {
    const next = value.includes(day) ? value.filter((d) => d !== day) : [...value, day];
    onChange(WEEKDAYS.filter((d) => next.includes(d)));
  };
  return (
    <div role="group" aria-labelledby={labelId} aria-describedby={hint || error ? hintId : undefined}>
      <Typography id={labelId} variant="body2" sx={{ fontWeight: 700, mb: 0.5 }}>
        {label}
      </Typography>
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 4 }}>
        {order.map((day) => (
          <ToggleButton
            key={day}
            value={day}
            size="small"
            selected={value.includes(day)}
            onChange={() => toggle(day)}
            disabled={disabled}
            aria-label={DAY_LONG[day]}
            color="primary"
            sx={{ minWidth: 44, minHeight: 40, px: 1, fontWeight: 700, borderRadius: '10px !important', border: 1 }}
          >
            {DAY_SHORT[day]}
          </ToggleButton>
        ))}
      </div>
      {(hint || error) && (
        <FormHelperText id={hintId} error={Boolean(error)}>
          {error ?? hint}
        </FormHelperText>
      )}
    </div>
  );
}
