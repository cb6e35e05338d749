import Payments from '@mui/icons-material/Payments';
import { createFilterOptions } from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { Suspense, useEffect, useId, useMemo, useState } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import type { MoneySettingsDto } from '../../../../../shared/api-types';
import { type AccountDto } from '../../../api/account';
import { useSetFamilyMoney } from '../api/account';
import { LazyConfirmDialog } from '../../../components/dialogs';
import { FormNumberField, FormSelectField } from '../../../components/form/form-fields';
import { FormSearchField } from '../../../components/form/form-search-field';
import { useZodForm } from '../../../components/form/use-zod-form';
import { failureToast, useToast } from '../../../components/toast';
import {
  currencyOptions,
  DEFAULT_JARS,
  localeOptions,
  moneyFormDefaults,
  moneyFormSchema,
  moneySettingsBody,
  relabelText,
  savedText,
  type CurrencyOption,
  type MoneyFormValues,
} from '../lib/money-options';
import { SettingsCard } from './account-area';
import { usualLocale } from '../../../../../shared/currency-regions';

const filterCurrencies = createFilterOptions<CurrencyOption>({ stringify: (o) => o.label, limit: 100 });
const currencyCode = (o: CurrencyOption) => o.code;
const browserLocale = () => (typeof navigator === 'undefined' ? undefined : navigator.language);

/**
 * The family's money (issue 22): its currency (ISO 4217), the number format amounts are written in,
 * and the optional spend / save / give jars. Changing the currency asks first, saying plainly that
 * amounts are relabelled, not converted. PUT /api/family/money; the session follows, so every screen
 * reads the new currency.
 */
export function MoneyCard({ account }: { account: AccountDto }) {
  const { toast } = useToast();
  const save = useSetFamilyMoney();
  const current = account.family.money;
  // Keyed by value: a background refresh of the same settings keeps what is being typed.
  const currentKey = JSON.stringify(current);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- currentKey stands for current
  const defaults = useMemo(() => moneyFormDefaults(current), [currentKey]);
  const { control, handleSubmit, reset, formState, setValue } = useZodForm<MoneyFormValues>(moneyFormSchema, defaults);
  useEffect(() => reset(defaults), [defaults, reset]);
  const [currency, jarsOn] = useWatch({ control, name: ['currency', 'jarsOn'] });
  const currencies = useMemo(() => currencyOptions(current.currency), [current.currency]);
  const locales = useMemo(
    () => localeOptions(currency || current.currency, [current.locale, browserLocale(), usualLocale(currency || current.currency, browserLocale())]).map((o) => ({ value: o.locale, label: o.label })),
    [currency, current.currency, current.locale],
  );
  const [confirming, setConfirming] = useState<MoneySettingsDto | null>(null);
  const jarsHintId = useId();

  const send = (body: MoneySettingsDto) =>
    save.mutate(body, {
      onSuccess: (settings) => {
        setConfirming(null);
        toast({ title: 'Money settings saved', description: savedText(settings) });
      },
      onError: (error) => {
        setConfirming(null);
        toast(failureToast(error, 'Failed to save the money settings. Please try again.'));
      },
    });

  const onValid = (values: MoneyFormValues) => {
    const body = moneySettingsBody(values);
    if (body.currency !== current.currency) setConfirming(body);
    else send(body);
  };

  return (
    <SettingsCard
      icon={<Payments />}
      title="Money"
      description="The currency your family pays chores in and how amounts are written, for every parent and child, the print calendar and the weekly report."
    >
      <Box component="form" noValidate onSubmit={handleSubmit(onValid)}>
        <Stack spacing={2.5}>
          <FormSearchField
            control={control}
            name="currency"
            options={currencies}
            valueOf={currencyCode}
            label="Currency"
            placeholder="Search a currency or code"
            hint="Type a name or code, e.g. “Euro” or “GBP”."
            filterOptions={filterCurrencies}
            // Issue 29 point 15: a new currency comes with its usual number format (euros "12,50 €"); the parent can still pick another.
            onPicked={(option, previous) => {
              if (option && option.code !== previous) setValue('locale', usualLocale(option.code, browserLocale()), { shouldDirty: true });
            }}
            disabled={save.isPending}
          />
          <FormSelectField control={control} name="locale" label="Number format" options={locales} hint="How amounts are written: the decimal mark, and where the symbol goes." disabled={save.isPending} />
          <Controller
            control={control}
            name="jarsOn"
            render={({ field }) => (
              <Box>
                <FormControlLabel
                  control={
                    <Switch
                      checked={Boolean(field.value)}
                      onChange={(_, on) => field.onChange(on)}
                      onBlur={field.onBlur}
                      disabled={save.isPending}
                      slotProps={{ input: { 'aria-describedby': jarsHintId, ref: field.ref } }}
                    />
                  }
                  label="Spend, save and give jars"
                />
                <Typography id={jarsHintId} variant="body2" color="text.secondary">
                  Each payout is split into three jars, in whole percent that add up to 100. Goals are saved for from the save jar.
                </Typography>
              </Box>
            )}
          />
          {jarsOn && (
            <Box role="group" aria-label="Jar split in percent" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, minmax(0, 1fr))' }, gap: 2 }}>
              <FormNumberField control={control} name="spend" label="Spend (%)" min={0} max={100} step={1} disabled={save.isPending} hint={`Starts at ${DEFAULT_JARS.spend}`} />
              <FormNumberField control={control} name="save" label="Save (%)" min={0} max={100} step={1} disabled={save.isPending} hint={`Starts at ${DEFAULT_JARS.save}`} />
              <FormNumberField control={control} name="give" label="Give (%)" min={0} max={100} step={1} disabled={save.isPending} hint={`Starts at ${DEFAULT_JARS.give}`} />
            </Box>
          )}
          <Box>
            <Button type="submit" variant="contained" disabled={save.isPending || !formState.isDirty}>
              {save.isPending ? 'Saving...' : 'Save Money Settings'}
            </Button>
          </Box>
        </Stack>
      </Box>
      {confirming && (
        <Suspense fallback={null}>
          <LazyConfirmDialog
            open
            title="Change the currency?"
            description={relabelText(current, confirming)}
            confirmLabel="Change currency"
            busy={save.isPending}
            onConfirm={() => send(confirming)}
            onClose={() => {
              if (!save.isPending) setConfirming(null);
            }}
          />
        </Suspense>
      )}
    </SettingsCard>
  );
}
