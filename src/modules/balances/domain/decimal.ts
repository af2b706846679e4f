/**
 * An exact non-integer quantity for balance arithmetic: `units / 10^scale`, bigint all the way, so
 * converted balances and their totals never pass through a float.
 */
export class Decimal {
  private constructor(
    readonly units: bigint,
    readonly scale: number,
  ) {}

  static readonly ZERO = new Decimal(0n, 0);

  static of(units: bigint, scale: number): Decimal {
    return new Decimal(units, scale);
  }

  /** `"12.5"` → 125 / 10^1; anything that is not `^\d+(\.\d+)?$` is refused. */
  static parse(text: string): Decimal {
    const match = /^(\d+)(?:\.(\d+))?$/.exec(text);
    if (match === null) throw new Error(`not a decimal: ${text}`);
    const fraction = match[2] ?? '';
    return new Decimal(BigInt(match[1] + fraction), fraction.length);
  }

  times(other: Decimal): Decimal {
    return new Decimal(this.units * other.units, this.scale + other.scale);
  }

  plus(other: Decimal): Decimal {
    const scale = Math.max(this.scale, other.scale);
    return new Decimal(this.rescaled(scale) + other.rescaled(scale), scale);
  }

  compare(other: Decimal): number {
    const scale = Math.max(this.scale, other.scale);
    const [a, b] = [this.rescaled(scale), other.rescaled(scale)];
    return a < b ? -1 : a > b ? 1 : 0;
  }

  isZero(): boolean {
    return this.units === 0n;
  }

  /** Plain decimal, no exponent, no trailing zeros: `"-1.5"`, `"0"`. */
  toString(): string {
    const negative = this.units < 0n;
    const digits = (negative ? -this.units : this.units).toString().padStart(this.scale + 1, '0');
    const whole = digits.slice(0, digits.length - this.scale);
    const fraction = digits.slice(digits.length - this.scale).replace(/0+$/, '');
    return `${negative ? '-' : ''}${whole}${fraction === '' ? '' : `.${fraction}`}`;
  }

  private rescaled(scale: number): bigint {
    return this.units * 10n ** BigInt(scale - this.scale);
  }
}
