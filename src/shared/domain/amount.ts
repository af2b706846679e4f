import { Decimal } from './decimal';
import { DomainError } from './domain-error';

/** No leading zeros (`"00001"`, `"01.5"`): one spelling per amount, as the service writes it. */
export const DECIMAL = /^(0|[1-9]\d*)(?:\.(\d+))?$/;
/** The largest amount, nonce or call value a contract takes (uint256). */
export const UINT256_MAX = (1n << 256n) - 1n;

/**
 * A quantity of one currency (docs/api-conventions.md "Amounts"): bigint base units inside the service, a decimal
 * string in whole units on the wire. This is the one place the two meet, so rounding, trailing
 * zeros and the sign are decided once. Negative values exist only for display (an OUT transaction).
 */
export class Amount {
  private constructor(
    readonly baseUnits: bigint,
    readonly decimals: number,
  ) {}

  static fromBaseUnits(units: bigint, decimals: number): Amount {
    if (!Number.isInteger(decimals) || decimals < 0 || decimals > 77) throw new Error(`invalid decimals: ${decimals}`);
    return new Amount(units, decimals);
  }

  /**
   * Reads a client's decimal string (`"12.5"`); more fraction digits than the currency has, a sign,
   * an exponent, leading zeros or anything else that is not `DECIMAL` is a 400 naming `field`.
   */
  static parse(decimal: unknown, decimals: number, field = 'amount'): Amount {
    const match = typeof decimal === 'string' ? DECIMAL.exec(decimal) : null;
    if (match === null)
      throw DomainError.field(field, `${field} must be a decimal string such as "12.5"`, 'INVALID_AMOUNT');
    const [, whole, fraction = ''] = match;
    if (fraction.length > decimals) {
      throw DomainError.field(field, `${field} has more than ${decimals} fraction digits`, 'INVALID_AMOUNT');
    }
    const baseUnits = whole.length + decimals > 80 ? UINT256_MAX + 1n : BigInt(whole + fraction.padEnd(decimals, '0'));
    if (baseUnits > UINT256_MAX) throw DomainError.field(field, `${field} is too large`, 'INVALID_AMOUNT');
    return Amount.fromBaseUnits(baseUnits, decimals);
  }

  isZero(): boolean {
    return this.baseUnits === 0n;
  }

  negate(): Amount {
    return new Amount(-this.baseUnits, this.decimals);
  }

  /** Whole units, no trailing zeros, no exponent: `1500000n` with 6 decimals → `"1.5"`. */
  toDecimalString(): string {
    return Decimal.of(this.baseUnits, this.decimals).toString();
  }
}
