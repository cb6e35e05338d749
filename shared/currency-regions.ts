import { DEFAULT_MONEY, canonicalLocale, isFamilyCurrency, type MoneyFormat } from './money';

/**
 * A region's everyday currency (ISO 3166 → ISO 4217), to suggest a new family's currency from the
 * browser's locale at sign-up (issue 22). Regions not listed fall back to US dollars; the family can
 * change it in Account Settings.
 */
const EURO = 'AD AT BE CY DE EE ES FI FR GF GP GR HR IE IT LT LU LV MC ME MF MQ MT NL PM PT RE SI SK SM TF VA XK YT AX BL'.split(' ');
const USD = 'US AS BQ EC FM GU IO MH MP PR PW SV TC TL UM VG VI ZW'.split(' ');
const OTHERS: Record<string, string> = {
  AE: 'AED', AF: 'AFN', AL: 'ALL', AM: 'AMD', AO: 'AOA', AR: 'ARS', AU: 'AUD', AW: 'AWG', AZ: 'AZN', BA: 'BAM', BB: 'BBD', BD: 'BDT',
  BG: 'BGN', BH: 'BHD', BI: 'BIF', BM: 'BMD', BN: 'BND', BO: 'BOB', BR: 'BRL', BS: 'BSD', BT: 'BTN', BW: 'BWP', BY: 'BYN', BZ: 'BZD',
  CA: 'CAD', CD: 'CDF', CH: 'CHF', CL: 'CLP', CN: 'CNY', CO: 'COP', CR: 'CRC', CU: 'CUP', CV: 'CVE', CZ: 'CZK', DJ: 'DJF', DK: 'DKK',
  DO: 'DOP', DZ: 'DZD', EG: 'EGP', ER: 'ERN', ET: 'ETB', FJ: 'FJD', FK: 'FKP', FO: 'DKK', GB: 'GBP', GE: 'GEL', GG: 'GBP', GH: 'GHS',
  GI: 'GIP', GL: 'DKK', GM: 'GMD', GN: 'GNF', GT: 'GTQ', GY: 'GYD', HK: 'HKD', HN: 'HNL', HT: 'HTG', HU: 'HUF', ID: 'IDR', IL: 'ILS',
  IM: 'GBP', IN: 'INR', IQ: 'IQD', IR: 'IRR', IS: 'ISK', JE: 'GBP', JM: 'JMD', JO: 'JOD', JP: 'JPY', KE: 'KES', KG: 'KGS', KH: 'KHR',
  KM: 'KMF', KP: 'KPW', KR: 'KRW', KW: 'KWD', KY: 'KYD', KZ: 'KZT', LA: 'LAK', LB: 'LBP', LI: 'CHF', LK: 'LKR', LR: 'LRD', LS: 'LSL',
  LY: 'LYD', MA: 'MAD', MD: 'MDL', MG: 'MGA', MK: 'MKD', MM: 'MMK', MN: 'MNT', MO: 'MOP', MR: 'MRU', MU: 'MUR', MV: 'MVR', MW: 'MWK',
  MX: 'MXN', MY: 'MYR', MZ: 'MZN', NA: 'NAD', NG: 'NGN', NI: 'NIO', NO: 'NOK', NP: 'NPR', NZ: 'NZD', OM: 'OMR', PA: 'PAB', PE: 'PEN',
  PG: 'PGK', PH: 'PHP', PK: 'PKR', PL: 'PLN', PY: 'PYG', QA: 'QAR', RO: 'RON', RS: 'RSD', RU: 'RUB', RW: 'RWF', SA: 'SAR', SB: 'SBD',
  SC: 'SCR', SD: 'SDG', SE: 'SEK', SG: 'SGD', SH: 'SHP', SL: 'SLE', SO: 'SOS', SR: 'SRD', SS: 'SSP', ST: 'STN', SY: 'SYP', SZ: 'SZL',
  TH: 'THB', TJ: 'TJS', TM: 'TMT', TN: 'TND', TO: 'TOP', TR: 'TRY', TT: 'TTD', TW: 'TWD', TZ: 'TZS', UA: 'UAH', UG: 'UGX', UY: 'UYU',
  UZ: 'UZS', VE: 'VES', VN: 'VND', VU: 'VUV', WS: 'WST', YE: 'YER', ZA: 'ZAR', ZM: 'ZMW', BJ: 'XOF', BF: 'XOF', CI: 'XOF', GW: 'XOF',
  ML: 'XOF', NE: 'XOF', SN: 'XOF', TG: 'XOF', CM: 'XAF', CF: 'XAF', TD: 'XAF', CG: 'XAF', GQ: 'XAF', GA: 'XAF', PF: 'XPF', NC: 'XPF',
  WF: 'XPF', KI: 'AUD', NR: 'AUD', TV: 'AUD', NU: 'NZD', CK: 'NZD', TK: 'NZD', PN: 'NZD', LC: 'XCD', DM: 'XCD', GD: 'XCD', VC: 'XCD',
  AG: 'XCD', KN: 'XCD', AI: 'XCD', MS: 'XCD', CW: 'ANG', SX: 'ANG',
};

/** The currency a region pays in; undefined when we do not know the region. */
export function currencyOfRegion(region: string | undefined): string | undefined {
  if (!region) return undefined;
  const r = region.toUpperCase();
  if (EURO.includes(r)) return 'EUR';
  if (USD.includes(r)) return 'USD';
  return OTHERS[r];
}

/**
 * A new family's money format from the browser's locale: "de-DE" → EUR in de-DE, "en-GB" → GBP,
 * "ja" → JPY (the likely region of a bare language), anything unknown → US dollars in that locale.
 */
export function moneyFormatForLocale(locale: string | undefined): MoneyFormat {
  const canonical = canonicalLocale(locale) ?? DEFAULT_MONEY.locale;
  let region: string | undefined;
  try {
    region = new Intl.Locale(canonical).maximize().region;
  } catch {
    region = undefined;
  }
  const currency = currencyOfRegion(region);
  return { currency: currency && isFamilyCurrency(currency) ? currency : DEFAULT_MONEY.currency, locale: canonical };
}

/**
 * A new family's currency and locale from what sign-up sent (the browser's locale, and a currency if
 * a client names one). Like the time zone, what is not valid falls back silently: the locale to
 * en-US, the currency to the one of the locale's region, so "de-DE" alone gives euros.
 */
export function signupMoney(locale: unknown, currency: unknown): MoneyFormat {
  const canonical = canonicalLocale(typeof locale === 'string' ? locale.trim() : locale) ?? DEFAULT_MONEY.locale;
  const code = typeof currency === 'string' ? currency.trim().toUpperCase() : undefined;
  return { currency: isFamilyCurrency(code) ? code : moneyFormatForLocale(canonical).currency, locale: canonical };
}
