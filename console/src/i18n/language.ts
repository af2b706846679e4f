import { en, ru, type MessageKey } from './messages';

export type Language = 'en' | 'ru';
export const LANGUAGES: readonly Language[] = ['en', 'ru'];
const STORAGE_KEY = 'console.language';

function asLanguage(value: string | null | undefined): Language | undefined {
  const primary = value?.toLowerCase().split(/[-_]/)[0];
  return LANGUAGES.find((language) => language === primary);
}

/** `?lang=` first, then the choice the person saved, then the browser's languages, then English. */
export function pickLanguage(query: string | null, saved: string | null, browser: readonly string[]): Language {
  return asLanguage(query) ?? asLanguage(saved) ?? browser.map(asLanguage).find((l) => l !== undefined) ?? 'en';
}

export function initialLanguage(): Language {
  const query = new URLSearchParams(window.location.search).get('lang');
  let saved: string | null = null;
  try {
    saved = window.localStorage.getItem(STORAGE_KEY);
  } catch {
    // storage refused (private mode): fall through to the browser's language
  }
  return pickLanguage(query, saved, navigator.languages ?? [navigator.language]);
}

export function saveLanguage(language: Language): void {
  try {
    window.localStorage.setItem(STORAGE_KEY, language);
  } catch {
    // the choice then lasts for this page only
  }
}

/** A message with its `{name}` placeholders filled. */
export function translate(language: Language, key: MessageKey, values: Record<string, string | number> = {}): string {
  const template = (language === 'ru' ? ru : en)[key] ?? en[key];
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/** The locale used for numbers and dates. */
export function localeOf(language: Language): string {
  return language === 'ru' ? 'ru-RU' : 'en-US';
}
