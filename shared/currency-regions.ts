import { DEFAULT_MONEY, canonicalLocale, isFamilyCurrency, type MoneyFormat } from './money';

/**
 * A region's everyday currency (ISO 3166 → ISO 4217), to suggest a new family's currency from the
 * browser's locale at sign-up (issue 22). Regions not listed fall back to US dollars; the family can
 * change it on the Family page.
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

/** The region a currency is most at home in, where several pay in it (else the first region listed for it). */
const HOME_REGION: Record<string, string> = { EUR: 'DE', USD: 'US', GBP: 'GB', AUD: 'AU', NZD: 'NZ', DKK: 'DK', CHF: 'CH', XOF: 'SN', XAF: 'CM', XCD: 'LC', XPF: 'PF', ANG: 'CW' };

const regionsOf = (currency: string): string[] => {
  if (currency === 'EUR') return EURO;
  if (currency === 'USD') return USD;
  return Object.keys(OTHERS).filter((r) => OTHERS[r] === currency);
};

/** Where the region's most spoken language is not the one its money is written in. */
const HOME_LOCALE: Record<string, string> = { XOF: 'fr-SN', XAF: 'fr-CM', XPF: 'fr-PF', INR: 'en-IN' };

/** Written with the digits 0–9 (the app's), not another script's. */
const latinDigits = (locale: string): boolean => new Intl.NumberFormat(locale).resolvedOptions().numberingSystem === 'latn';

/**
 * "und-JP" → "ja-JP": the language most spoken in a region, with the region; in English there when
 * that language writes other digits ("ar-KW" → "en-KW"), since every other word of the app is in Latin digits.
 */
function likelyLocale(region: string): string | null {
  try {
    const full = new Intl.Locale(`und-${region}`).maximize();
    const likely = canonicalLocale(`${full.language}-${region}`);
    if (likely && latinDigits(likely)) return likely;
    return canonicalLocale(`en-${region}`) ?? likely;
  } catch {
    return null;
  }
}

/**
 * The number format a currency is usually written in, for a parent choosing it (issue 29 point 15):
 * the browser's own locale when its region pays in that currency ("en-IE" keeps "€12.50"); else the
 * browser's language in its home region when that region pays in it ("fr" → "fr-FR": "12,50 €");
 * else the currency's home region in its language (euros "de-DE": "12,50 €", pounds "en-GB",
 * yen "ja-JP"). Which region is the euro's home is a product call: most euro families write "12,50 €".
 */
export function usualLocale(currency: string, browser?: string): string {
  const regions = regionsOf(currency);
  const own = canonicalLocale(browser);
  if (own) {
    try {
      const full = new Intl.Locale(own).maximize();
      if (full.region && regions.includes(full.region)) return canonicalLocale(`${full.language}-${full.region}`) ?? own;
      if (full.region && full.language) {
        const home = new Intl.Locale(full.language).maximize().region;
        if (home && regions.includes(home)) return canonicalLocale(`${full.language}-${home}`) ?? own;
      }
    } catch {
      // An odd browser locale: fall through to the currency's home.
    }
  }
  if (HOME_LOCALE[currency]) return HOME_LOCALE[currency];
  const home = HOME_REGION[currency] ?? regions[0];
  return (home && likelyLocale(home)) || own || DEFAULT_MONEY.locale;
}
