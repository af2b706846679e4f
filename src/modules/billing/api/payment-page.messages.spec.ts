import { PageFormat } from './payment-page.format';
import { fill, PAGE_LANGUAGES, pageLanguage } from './payment-page.messages';

describe('payment page language', () => {
  it.each([
    [undefined, undefined, 'en'],
    [undefined, 'ru', 'ru'],
    [undefined, 'ru-RU,ru;q=0.9,en-US;q=0.8,en;q=0.7', 'ru'],
    [undefined, 'de-DE, en;q=0.5, ru;q=0.7', 'ru'],
    [undefined, 'en;q=0.5, ru;q=0', 'en'],
    [undefined, 'fr, ja', 'en'],
    [undefined, 'RU', 'ru'],
    [undefined, ';;;q=x,, ,', 'en'],
    ['ru', 'en', 'ru'],
    ['EN', 'ru', 'en'],
    ['xx', 'ru', 'ru'],
    [['ru'], 'en', 'en'],
    ['__proto__', undefined, 'en'],
  ])('?lang=%j with Accept-Language %j → %s', (lang, header, expected) => {
    expect(pageLanguage(lang, header)).toBe(expected);
  });

  it('has every message in every language, with the same placeholders', () => {
    const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    const english = PAGE_LANGUAGES.en;
    for (const table of Object.values(PAGE_LANGUAGES)) {
      expect(Object.keys(table).sort()).toEqual(Object.keys(english).sort());
      for (const key of Object.keys(english) as (keyof typeof english)[]) {
        expect(table[key].trim()).not.toBe('');
        expect(placeholders(table[key])).toEqual(placeholders(english[key]));
      }
    }
  });

  it('fills placeholders and leaves unknown ones alone', () => {
    expect(fill('Pay {merchant} {other}', { merchant: 'A {b}' })).toBe('Pay A {b} {other}');
    expect(fill('{constructor}', {})).toBe('{constructor}');
  });
});

describe('PageFormat', () => {
  it('groups digits the language way and keeps every digit of a long amount', () => {
    expect(new PageFormat('en').amount('12345678901234567890.123456789012345678')).toBe(
      '12,345,678,901,234,567,890.123456789012345678',
    );
    expect(new PageFormat('ru').amount('1234.5')).toMatch(/^1\s234,5$/u);
    expect(new PageFormat('en').amount('999')).toBe('999');
  });

  it('writes dollars and UTC dates per language', () => {
    expect(new PageFormat('en').usd('1234.50')).toBe('$1,234.50');
    expect(new PageFormat('ru').usd('1234.50')).toMatch(/^1\s234,50\s\$$/u);
    const date = new Date('2026-11-21T20:02:55.123Z');
    expect(new PageFormat('en').dateTime(date)).toMatch(/November 21, 2026.*08:02 PM UTC/);
    expect(new PageFormat('ru').dateTime(date)).toMatch(/21 ноября 2026.*20:02 UTC/);
  });
});
