import { useMemo } from 'react';
import type { MoneySettingsDto } from '../../../shared/api-types';
import { currencyDigits, currencyStep, currencySymbol, DEFAULT_MONEY, formatAmount, formatMoney, parseMoneyInput, symbolAfterNumber, type MoneyFormat } from '../../../shared/money';
import { useAuth } from '../api/session';

/** How the signed-in family reads money, and the helpers every screen formats and parses amounts with (issue 22). */
export interface Money {
  /** The family's currency and locale (US dollars in US style until the session says otherwise). */
  format: MoneyFormat;
  /** Jars (null: off). */
  jars: MoneySettingsDto['jars'];
  /** Minor units → "12,50 €". */
  money: (minor: number) => string;
  /** The API's decimal string → "12,50 €" (malformed or missing → zero). */
  amount: (api: string | undefined) => string;
  /** What a person typed ("12,50") → minor units, or null. */
  parse: (typed: string) => number | null;
  /** "€" and whether it goes after the number, for an amount field's adornment. */
  symbol: string;
  symbolAfter: boolean;
  /** The currency's decimals and an amount field's step. */
  digits: 0 | 2 | 3;
  step: number;
}

/** The money helpers of a money format (for code outside React, and for tests). */
export function moneyHelpers(settings: Pick<MoneySettingsDto, 'currency' | 'locale'> & { jars?: MoneySettingsDto['jars'] } = DEFAULT_MONEY): Money {
  const format: MoneyFormat = { currency: settings.currency, locale: settings.locale };
  return {
    format,
    jars: settings.jars ?? null,
    money: (minor) => formatMoney(minor, format),
    amount: (api) => formatAmount(api, format),
    parse: (typed) => parseMoneyInput(typed, format.currency),
    symbol: currencySymbol(format),
    symbolAfter: symbolAfterNumber(format),
    digits: currencyDigits(format.currency),
    step: currencyStep(format.currency),
  };
}

/** The signed-in family's money helpers (parent or child session). */
export function useMoney(): Money {
  const auth = useAuth();
  const settings = auth.status === 'parent' || auth.status === 'child' ? auth.user.money : undefined;
  const currency = settings?.currency ?? DEFAULT_MONEY.currency;
  const locale = settings?.locale ?? DEFAULT_MONEY.locale;
  const jars = settings?.jars ?? null;
  const jarsKey = jars ? `${jars.spend}/${jars.save}/${jars.give}` : '';
  // eslint-disable-next-line react-hooks/exhaustive-deps -- jarsKey stands for jars
  return useMemo(() => moneyHelpers({ currency, locale, jars }), [currency, locale, jarsKey]);
}
