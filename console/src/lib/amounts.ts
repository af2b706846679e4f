/**
 * Amounts arrive as decimal strings in whole units ("12.5", "-0.000001"); they are shown exactly,
 * never through a float, with the reader's digit grouping and decimal mark.
 */

const PLAIN = /^-?\d+(\.\d+)?$/;

export interface AmountParts {
  readonly negative: boolean;
  readonly whole: string;
  readonly fraction: string;
}

export function amountParts(amount: string): AmountParts {
  if (!PLAIN.test(amount)) throw new Error(`not a decimal amount: ${amount}`);
  const negative = amount.startsWith('-');
  const [whole, fraction = ''] = (negative ? amount.slice(1) : amount).split('.');
  return { negative, whole: whole.replace(/^0+(?=\d)/, ''), fraction: fraction.replace(/0+$/, '') };
}

/** Separators of a locale, read from Intl once per locale. */
function separators(locale: string): { group: string; decimal: string } {
  const parts = new Intl.NumberFormat(locale).formatToParts(1234567.5);
  return {
    group: parts.find((p) => p.type === 'group')?.value ?? ',',
    decimal: parts.find((p) => p.type === 'decimal')?.value ?? '.',
  };
}

/**
 * "1234567.5" → "1,234,567.5" (en) or "1 234 567,5" (ru). `maxFraction` cuts (never rounds up) the
 * fraction for summaries; the exact value stays available to the caller.
 */
export function formatAmount(amount: string, locale: string, maxFraction?: number): string {
  const { negative, whole, fraction } = amountParts(amount);
  const { group, decimal } = separators(locale);
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, group);
  const shown = maxFraction === undefined ? fraction : fraction.slice(0, maxFraction).replace(/0+$/, '');
  const cut = shown.length < fraction.length;
  const isZero = /^0*$/.test(whole) && shown === '';
  const sign = negative && !(isZero && !cut) ? '−' : '';
  return `${sign}${grouped}${shown ? decimal + shown : ''}${cut ? '…' : ''}`;
}

/** An amount with its symbol: "1,250.5 USDT". */
export function formatMoney(amount: string, symbol: string, locale: string, maxFraction?: number): string {
  return `${formatAmount(amount, locale, maxFraction)} ${symbol}`;
}

/** Fiat in a base currency, two decimals as the service sends them ("1234.5" → "$1,234.50"). */
export function formatFiat(amount: string, baseCurrency: string, locale: string): string {
  const { negative, whole, fraction } = amountParts(amount);
  const { group, decimal } = separators(locale);
  const cents = (fraction + '00').slice(0, 2);
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, group);
  const symbol = { usd: '$', eur: '€', cny: '¥' }[baseCurrency.toLowerCase()] ?? `${baseCurrency.toUpperCase()} `;
  return `${negative ? '−' : ''}${symbol}${grouped}${decimal}${cents}`;
}

/**
 * What a person typed into an amount field, as the API's decimal string, or null when it is not
 * a positive amount with at most `decimals` fraction digits. Accepts "," as the decimal mark.
 */
export function parseAmountInput(text: string, decimals: number): string | null {
  const normalised = text
    .trim()
    .replace(/[\s\u00a0\u202f]/g, '')
    .replace(',', '.');
  if (!/^\d+(\.\d+)?$/.test(normalised)) return null;
  const { whole, fraction } = amountParts(normalised);
  if (fraction.length > decimals) return null;
  if (/^0*$/.test(whole) && fraction === '') return null;
  return fraction ? `${whole}.${fraction}` : whole;
}

/** "0xAbCd…1234": an address shortened for tables; the full one goes in a title or copy button. */
export function shortAddress(address: string): string {
  if (address.length <= 14) return address;
  return `${address.slice(0, 6)}…${address.slice(-4)}`;
}

/** The exact sum of decimal strings ("12.5" + "0.25" → "12.75"), for totals over networks. */
export function addAmounts(amounts: readonly string[]): string {
  const scale = Math.max(0, ...amounts.map((a) => amountParts(a).fraction.length));
  const total = amounts.reduce((sum, a) => {
    const { negative, whole, fraction } = amountParts(a);
    const units = BigInt(whole + fraction.padEnd(scale, '0'));
    return sum + (negative ? -units : units);
  }, 0n);
  const negative = total < 0n;
  const digits = (negative ? -total : total).toString().padStart(scale + 1, '0');
  const whole = digits.slice(0, digits.length - scale);
  const fraction = scale > 0 ? digits.slice(-scale).replace(/0+$/, '') : '';
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}
