import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { useId } from 'react';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { GOAL_ICONS } from '../../../../../shared/api-types';
import { GOAL_ICON_SET } from './goal-icon';

/** One icon of the set as a radio option: a round tile, outlined when chosen. */
function IconTile({ icon, checked }: { icon: keyof typeof GOAL_ICON_SET; checked: boolean }) {
  const { Icon } = GOAL_ICON_SET[icon];
  return (
    <Box
      sx={{
        width: 48,
        height: 48,
        borderRadius: '50%',
        display: 'grid',
        placeItems: 'center',
        bgcolor: checked ? 'primary.main' : 'tone.brand.bg',
        color: checked ? 'primary.contrastText' : 'tone.brand.fg',
        boxShadow: checked ? 3 : 0,
      }}
    >
      <Icon aria-hidden />
    </Box>
  );
}

/** The goal's icon: a radio group of the set's icons, each named ("Bike"); required (shared goal rules), and marked so (issue 29). */
export function IconPicker<T extends FieldValues>({ control, name, disabled }: { control: Control<T>; name: FieldPath<T>; disabled?: boolean }) {
  const labelId = useId();
  const errorId = useId();
  const { field, fieldState } = useController({ control, name });
  return (
    <FormControl component="fieldset" error={Boolean(fieldState.error)} disabled={disabled}>
      <FormLabel component="legend" id={labelId} required sx={{ fontWeight: 700, mb: 0.5 }}>
        Icon
      </FormLabel>
      <RadioGroup
        row
        aria-labelledby={labelId}
        aria-required="true"
        aria-describedby={fieldState.error ? errorId : undefined}
        name={field.name}
        value={field.value ?? ''}
        onChange={(_, value) => field.onChange(value)}
        onBlur={field.onBlur}
        sx={{ gap: 0.5 }}
      >
        {GOAL_ICONS.map((icon) => (
            <Radio
              key={icon}
              value={icon}
              title={GOAL_ICON_SET[icon].label}
              icon={<IconTile icon={icon} checked={false} />}
              checkedIcon={<IconTile icon={icon} checked />}
              slotProps={{ input: { 'aria-label': GOAL_ICON_SET[icon].label } }}
              sx={{ p: 0.5 }}
            />
        ))}
      </RadioGroup>
      {fieldState.error && <FormHelperText id={errorId}>{fieldState.error.message}</FormHelperText>}
    </FormControl>
  );
}
