import Public from '@mui/icons-material/Public';
import { createFilterOptions } from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useState } from 'react';
import { ACCOUNT_TEXT, API_ERRORS } from '../../../../../shared/messages';
import { timeZoneSchema, type TimeZoneInput } from '../../../../../shared/account-schemas';
import { type AccountDto } from '../../../api/account';
import { useSetTimeZone } from '../api/account';
import { FormSearchField } from '../../../components/form/form-search-field';
import { useZodForm } from '../../../components/form/use-zod-form';
import { errorToast, useToast } from '../../../components/toast';
import { ApiError, errorMessageFor } from '../../../lib/api';
import { cityName, placeName, searchText, supportedTimeZones, timeZoneOptions, zonedDateTime, zonedTime, type TimeZoneOption } from '../lib/time-zones';
import { SettingsCard } from './account-area';

/** Matches anywhere in "New York (GMT-05:00) America/New York America/New_York"; the first 100 matches are listed. */
const zoneId = (o: TimeZoneOption) => o.id;
const filterOptions = createFilterOptions<TimeZoneOption>({ stringify: searchText, limit: 100 });

/** The family's time zone: a searchable list of IANA zones, the family's clock now, and when the next Sunday run is due. */
export function TimeZoneCard({ account }: { account: AccountDto }) {
  const { toast } = useToast();
  const save = useSetTimeZone();
  const current = account.family.timeZone;
  const options = useMemo(() => timeZoneOptions(supportedTimeZones([current]), new Date()), [current]);
  const { control, handleSubmit, reset, setError, watch } = useZodForm<TimeZoneInput>(timeZoneSchema, { timeZone: current });
  useEffect(() => reset({ timeZone: current }), [current, reset]);
  const chosen = watch('timeZone');
  // The family's clock, ticking once a minute so "it is 3:42 PM there" stays true.
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), 60_000);
    return () => window.clearInterval(timer);
  }, []);

  const onValid = ({ timeZone }: TimeZoneInput) =>
    save.mutate(
      { timeZone },
      {
        onSuccess: (settings) =>
          toast({
            title: ACCOUNT_TEXT.timeZoneSavedTitle,
            description: `Your family’s days now follow ${placeName(settings.timeZone)}. The next Sunday run is ${zonedDateTime(settings.nextRunAt, settings.timeZone)}.`,
          }),
        onError: (error) => {
          const message = errorMessageFor(error, ACCOUNT_TEXT.timeZoneFailed);
          if (error instanceof ApiError && message === API_ERRORS.timeZoneInvalid) setError('timeZone', { message });
          toast(errorToast(message));
        },
      },
    );

  return (
    <SettingsCard
      icon={<Public />}
      title="Family time zone"
      description="Chore days, weeks and the Sunday run that hands out the new week follow this zone, for every parent and child."
    >
      <Box component="form" noValidate onSubmit={handleSubmit(onValid)}>
        <Stack spacing={2}>
          <Typography variant="body2" color="text.secondary" role="status">
            It is {zonedTime(now, current)} in {placeName(current)}. Next Sunday run: {zonedDateTime(account.family.nextRunAt, current)}.
          </Typography>
          <FormSearchField
            control={control}
            name="timeZone"
            options={options}
            valueOf={zoneId}
            label="Time Zone"
            placeholder="Search a city or GMT offset"
            hint="Type a city, region or offset, e.g. “London” or “GMT-05”."
            filterOptions={filterOptions}
            renderOption={({ key, ...props }, o) => (
              <Box component="li" key={key} {...props} sx={{ display: 'block !important' }}>
                <Typography sx={{ fontWeight: 700 }}>{cityName(o.id)}</Typography>
                <Typography variant="body2" color="text.secondary">
                  {o.place} · {o.offset}
                </Typography>
              </Box>
            )}
            disabled={save.isPending}
          />
          <Box>
            <Button type="submit" variant="contained" disabled={save.isPending || !chosen || chosen === current}>
              {save.isPending ? 'Saving...' : 'Save Time Zone'}
            </Button>
          </Box>
        </Stack>
      </Box>
    </SettingsCard>
  );
}
