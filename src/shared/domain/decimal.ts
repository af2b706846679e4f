/**
 * An exact non-integer quantity for money arithmetic: `units / 10^scale`, bigint all the way, so
 * converted amounts and their totals never pass through a float.
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

  /** Rounded to `scale` fraction digits, a half away from zero: 0.125 → 0.13, -0.125 → -0.13. */
  roundedTo(scale: number): Decimal {
    if (scale >= this.scale) return new Decimal(this.rescaled(scale), scale);
    const unit = 10n ** BigInt(this.scale - scale);
    const magnitude = this.units < 0n ? -this.units : this.units;
    const rounded = (magnitude + unit / 2n) / unit;
    return new Decimal(this.units < 0n ? -rounded : rounded, scale);
  }

  /** Exactly `scale` fraction digits, rounded as `roundedTo`: `"12.50"`, `"0.00"`. */
  toFixed(scale: number): string {
    const { units } = this.roundedTo(scale);
    const negative = units < 0n;
    const digits = (negative ? -units : units).toString().padStart(scale + 1, '0');
    const whole = digits.slice(0, digits.length - scale);
    const fraction = scale === 0 ? '' : `.${digits.slice(digits.length - scale)}`;
    return `${negative ? '-' : ''}${whole}${fraction}`;
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
