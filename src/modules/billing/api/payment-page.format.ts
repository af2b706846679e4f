import type { PageLanguage } from './payment-page.messages';

/**
 * Numbers and dates as the page's language writes them. Amounts are decimal strings with up to 78
 * digits, beyond what a JavaScript number holds, so only the separators come from `Intl`: the
 * digits stay exactly the amount's.
 */
export class PageFormat {
  private readonly group: string;
  private readonly decimal: string;

  constructor(readonly language: PageLanguage) {
    const parts = new Intl.NumberFormat(language).formatToParts(12345.6);
    this.group = parts.find((part) => part.type === 'group')?.value ?? ',';
    this.decimal = parts.find((part) => part.type === 'decimal')?.value ?? '.';
  }

  /** `"12345.678"` → `12,345.678` (en), `12 345,678` (ru). */
  amount(decimal: string): string {
    const [whole, fraction] = decimal.split('.');
    const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, this.group);
    return fraction === undefined ? grouped : `${grouped}${this.decimal}${fraction}`;
  }

  integer(value: number): string {
    return new Intl.NumberFormat(this.language).format(value);
  }

  /** US dollars from a decimal string with two fraction digits: `$1,234.50`, `1 234,50 $`. */
  usd(cents: string): string {
    return new Intl.NumberFormat(this.language, { style: 'currency', currency: 'USD' }).format(Number(cents));
  }

  /** Day and time in UTC, said so: the server does not know the payer's time zone. */
  dateTime(date: Date): string {
    return new Intl.DateTimeFormat(this.language, {
      year: 'numeric',
      month: 'long',
      day: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      timeZone: 'UTC',
      timeZoneName: 'short',
    }).format(date);
  }
}
