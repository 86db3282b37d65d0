/**
 * i18next setup. The language is chosen once from localStorage ('omo.lang'), then kept in sync: every
 * change is persisted and mirrored on <html lang> so screen readers switch pronunciation.
 */
import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { en, type Translation } from './en.ts';
import { fr } from './fr.ts';

export type Lang = 'en' | 'fr';
export const LANGUAGE_STORAGE_KEY = 'omo.lang';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: Translation };
  }
}

/** The stored language, or English. Storage may be unavailable (private mode): fall back quietly. */
export function findStoredLanguage(): Lang {
  try {
    return localStorage.getItem(LANGUAGE_STORAGE_KEY) === 'fr' ? 'fr' : 'en';
  } catch {
    return 'en';
  }
}

function applyLanguage(lng: string): void {
  document.documentElement.lang = lng;
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, lng);
  } catch {
    // Nothing to do: the choice just won't survive a reload.
  }
}

/** Creates and initialises an i18next instance (one per app; tests create their own). */
export function createI18n(lng: Lang = findStoredLanguage()): I18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng,
    fallbackLng: 'en',
    supportedLngs: ['en', 'fr'],
    resources: { en: { translation: en }, fr: { translation: fr } },
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
  });
  document.documentElement.lang = lng;
  instance.on('languageChanged', applyLanguage);
  return instance;
}

/** The current language of an instance, narrowed to the two we support. */
export function currentLang(instance: I18n): Lang {
  return instance.resolvedLanguage === 'fr' || instance.language === 'fr' ? 'fr' : 'en';
}
