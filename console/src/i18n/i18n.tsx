import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { MessageKey } from './messages';
import { initialLanguage, localeOf, saveLanguage, translate, type Language } from './language';

interface I18n {
  readonly language: Language;
  readonly locale: string;
  readonly t: (key: MessageKey, values?: Record<string, string | number>) => string;
  readonly setLanguage: (language: Language) => void;
  readonly formatDate: (iso: string) => string;
}

const I18nContext = createContext<I18n | null>(null);

export function I18nProvider({ children }: { children: ReactNode }) {
  const [language, setState] = useState<Language>(initialLanguage);
  useEffect(() => {
    document.documentElement.lang = language;
    document.title = translate(language, 'app.title');
  }, [language]);
  const setLanguage = useCallback((next: Language) => {
    saveLanguage(next);
    setState(next);
  }, []);
  const value = useMemo<I18n>(() => {
    const locale = localeOf(language);
    const dates = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
    return {
      language,
      locale,
      t: (key, values) => translate(language, key, values),
      setLanguage,
      formatDate: (iso) => dates.format(new Date(iso)),
    };
  }, [language, setLanguage]);
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

export function useI18n(): I18n {
  const context = useContext(I18nContext);
  if (context === null) throw new Error('useI18n outside I18nProvider');
  return context;
}
