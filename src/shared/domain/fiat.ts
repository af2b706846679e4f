import { Decimal } from './decimal';

/*
 * The one conversion of a currency's amount to fiat, for every figure the API shows in a fiat
 * currency: balances and their summary, an invoice's `paidAmountBaseCurrency`, the payment page.
 * The value is exact (the amount in whole units times the rate, bigint all the way), and so is a
 * sum of such values; rounding happens once, where a figure is shown in cents.
 */

/**
 * `baseUnits` of a currency with `decimals` fraction digits, at `rate` units of fiat per whole unit
 * (a plain decimal string, as the catalog and the rates providers give it); null without a rate.
 */
export function fiatValue(baseUnits: bigint, decimals: number, rate: string | null | undefined): Decimal | null {
  if (rate === null || rate === undefined) return null;
  return Decimal.of(baseUnits, decimals).times(Decimal.parse(rate));
}

/** A fiat value to the cent, a half cent rounded up (away from zero): `"12.35"`, `"0.00"`. */
export function fiatCents(value: Decimal): string {
  return value.toFixed(2);
}
