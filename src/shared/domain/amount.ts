import { DomainError } from './domain-error';

const UINT256_MAX = (1n << 256n) - 1n;
const DECIMAL = /^(\d+)(?:\.(\d+))?$/;

/**
 * A non-negative amount of one currency (SPEC §1 "Amounts"): bigint base units in code,
 * `numeric(78,0)` in SQL, and a decimal string in whole units on the wire. This is the one place
 * where the two wire forms meet, so a float never touches money.
 */
export class Amount {
  private constructor(readonly baseUnits: bigint) {}

  static ofBaseUnits(baseUnits: bigint | string): Amount {
    const value = typeof baseUnits === 'string' ? BigInt(baseUnits) : baseUnits;
    if (value < 0n || value > UINT256_MAX) throw new Error(`amount out of range: ${value}`);
    return new Amount(value);
  }

  /** Reads `"12.5"` for a currency with `decimals`; anything else is a 400 naming `field`. */
  static parse(input: unknown, decimals: number, field = 'amount'): Amount {
    const match = typeof input === 'string' && input.length <= 100 ? DECIMAL.exec(input) : null;
    if (match === null) {
      throw DomainError.field(field, `${field} must be a decimal string such as "12.5"`, 'INVALID_AMOUNT');
    }
    const [, whole, fraction = ''] = match;
    if (fraction.length > decimals) {
      throw DomainError.field(field, `${field} has more than ${decimals} fraction digits`, 'INVALID_AMOUNT');
    }
    const baseUnits = BigInt(whole + fraction.padEnd(decimals, '0'));
    if (baseUnits > UINT256_MAX) throw DomainError.field(field, `${field} is too large`, 'INVALID_AMOUNT');
    return new Amount(baseUnits);
  }

  /** Whole units without trailing zeros: 1500000 with 6 decimals is `"1.5"`. */
  format(decimals: number): string {
    const digits = this.baseUnits.toString().padStart(decimals + 1, '0');
    const whole = digits.slice(0, digits.length - decimals);
    const fraction = digits.slice(digits.length - decimals).replace(/0+$/, '');
    return fraction === '' ? whole : `${whole}.${fraction}`;
  }

  isZero(): boolean {
    return this.baseUnits === 0n;
  }
}
