/**
 * i18next setup. The language is chosen once from localStorage ('omo.lang'), then kept in sync: every
 * change is persisted and mirrored on <html lang> so screen readers switch pronunciation.
 * English is in the first download; French is fetched only when it is the stored choice or chosen
 * (`loadLanguage`, `switchLanguage`).
 */
import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { en, type Translation } from './en.ts';

export type Lang = 'en' | 'fr';
export const LANGUAGE_STORAGE_KEY = 'omo.lang';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: Translation };
  }
}

/** Each language's texts once fetched (English always). */
const held: Partial<Record<Lang, Translation>> = { en };

/** Keeps a language's texts so every instance created afterwards has them at once (tests hold both). */
export function holdLanguage(lng: Lang, translation: Translation): void {
  held[lng] = translation;
}

/** Makes sure an instance has a language's texts, fetching them the first time. */
export async function loadLanguage(instance: I18n, lng: Lang): Promise<void> {
  if (instance.hasResourceBundle(lng, 'translation')) return;
  const translation = held[lng] ?? (lng === 'fr' ? (await import('./fr.ts')).fr : en);
  holdLanguage(lng, translation);
  instance.addResourceBundle(lng, 'translation', translation);
}

/** Switches to a language: at once when its texts are here, else once they are fetched. */
export function switchLanguage(instance: I18n, lng: Lang): Promise<unknown> {
  if (instance.hasResourceBundle(lng, 'translation')) return instance.changeLanguage(lng);
  return loadLanguage(instance, lng).then(() => instance.changeLanguage(lng));
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

/**
 * Creates and initialises an i18next instance (one per app; tests create their own) with the languages
 * held; a language not held yet shows English until `loadLanguage` brings it.
 */
export function createI18n(lng: Lang = findStoredLanguage()): I18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng,
    fallbackLng: 'en',
    supportedLngs: ['en', 'fr'],
    resources: Object.fromEntries(
      Object.entries(held).map(([language, translation]) => [language, { translation }]),
    ),
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
