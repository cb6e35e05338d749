/** How a locale writes numbers, read from the runtime's Intl data once per locale. */

const decimalCommaLocales = new Map<string, boolean>();

/** Whether the locale writes "12,50" (de-DE, fr-FR) rather than "12.50"; false for a locale the runtime cannot read. */
export function writesDecimalComma(locale: string): boolean {
  let comma = decimalCommaLocales.get(locale);
  if (comma === undefined) {
    try {
      comma = new Intl.NumberFormat(locale).formatToParts(1.5).find((p) => p.type === 'decimal')?.value === ',';
    } catch {
      comma = false;
    }
    decimalCommaLocales.set(locale, comma);
  }
  return comma;
}
