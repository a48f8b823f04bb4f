/**
 * Amounts as people read them (issue 29): always with the agency's currency, formatted by Intl.NumberFormat in
 * en-US ("$4,800.00", "€4,800.00", "¥4,800"). The currency is the agency's setting (Account → Business).
 */

/** The currency an agency starts with (the Business.currency default in prisma/schema.prisma). */
export const DEFAULT_CURRENCY = 'USD';

let known: Set<string> | null = null;

/** An ISO 4217 code this runtime can format (Intl.supportedValuesOf('currency')). */
export function isKnownCurrency(code: string): boolean {
  known ??= new Set(Intl.supportedValuesOf('currency'));
  return known.has(code);
}

/** Every code the currency choice offers, A to Z. */
export const currencyCodes = (): string[] => Intl.supportedValuesOf('currency');

const formatters = new Map<string, Intl.NumberFormat>();

/** "$4,800.00": an amount in the currency's units (not cents), with the currency's own number of decimals. */
export function formatMoney(amount: number, currency: string = DEFAULT_CURRENCY): string {
  const code = isKnownCurrency(currency) ? currency : DEFAULT_CURRENCY;
  let formatter = formatters.get(code);
  if (!formatter) {
    formatter = new Intl.NumberFormat('en-US', { style: 'currency', currency: code });
    formatters.set(code, formatter);
  }
  return formatter.format(amount);
}

/** A currency's name for the choice: "USD — US Dollar". */
export function currencyLabel(code: string): string {
  const name = new Intl.DisplayNames('en-US', { type: 'currency' }).of(code);
  return name && name !== code ? `${code} — ${name}` : code;
}
