/**
 * The interface texts in two languages (decision 0019: our own few lines instead of i18next, which cost
 * 23 KiB gzip of the first screen for features we do not use). A text is found by its dotted key in
 * en.ts / fr.ts; `{{name}}` takes a value; `count` chooses the plural form (`key_one`, `key_other`) by
 * the language's plural rules; a text missing in French falls back to English, a missing key shows as
 * itself. The language is chosen once from localStorage ('omo.lang'), else the browser's, then kept in sync: every change is
 * persisted and mirrored on <html lang> so screen readers switch pronunciation. The first download holds
 * the first screens' English texts (en-first.ts); the rest of English comes with the first later screen
 * (`loadShownTexts`), French whole when it is the stored choice or chosen.
 */
import { LANGUAGE_COOKIE, type Language } from '@omo/domain';
import { enFirst } from './en-first.ts';
import type { Translation } from './en.ts';

export type Lang = Language;
export const LANGUAGE_STORAGE_KEY = 'omo.lang';

type PluralSuffix = 'zero' | 'one' | 'two' | 'few' | 'many' | 'other';
/** Every dotted path to a text of `T`. */
type Leaves<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Leaves<T[K], `${P}${K}.`>;
}[keyof T & string];
type WithoutPlural<K extends string> = K extends `${infer Base}_${PluralSuffix}` ? Base : K;

/** Any key of the interface texts: a text's path, or a plural text's path without its suffix. */
export type TFuncKey = WithoutPlural<Leaves<Translation>>;
/** The values a text takes; `count` also chooses its plural form. */
type TParams = Record<string, string | number>;
export type TFunction = (key: TFuncKey, params?: TParams) => string;

/** One app's language and texts (tests create their own). */
export interface I18n {
  readonly language: Lang;
  readonly t: TFunction;
  /** Shows another language at once; its texts must be held (`switchLanguage` fetches them). */
  changeLanguage(lng: Lang): void;
  /** Calls `listener` after every change of language; returns the unsubscribe. */
  subscribe(listener: () => void): () => void;
}

/** Each language's texts as far as fetched (English: at least the first screens'). */
const held: Partial<Record<Lang, object>> = { en: enFirst };
/** The languages whose texts are all here. */
const complete = new Set<Lang>();
/** The visitor's language (shown once its texts are here): the one a later screen needs whole. */
let shown: Lang = 'en';

/** Keeps all of a language's texts so that every instance has them at once (tests hold both). */
export function holdLanguage(lng: Lang, translation: Translation): void {
  held[lng] = translation;
  complete.add(lng);
}

/** Fetches all of a language's texts the first time they are needed. */
export async function loadLanguage(lng: Lang): Promise<void> {
  if (complete.has(lng)) return;
  holdLanguage(lng, lng === 'fr' ? (await import('./fr.ts')).fr : (await import('./en.ts')).en);
}

/** Fetches the rest of the texts of the language shown (a later screen waits for it). */
export function loadShownTexts(): Promise<void> {
  return loadLanguage(shown);
}

/** Switches to a language: at once when its texts are here, else once they are fetched. */
export async function switchLanguage(instance: I18n, lng: Lang): Promise<void> {
  await loadLanguage(lng);
  instance.changeLanguage(lng);
}

/** The browser's first language when it is French, else English (as the server reads Accept-Language). */
function browserLanguage(): Lang {
  const first = navigator.languages?.[0] ?? navigator.language ?? '';
  return /^fr\b/i.test(first) ? 'fr' : 'en';
}

/**
 * The visitor's language: the one chosen in the app, else the browser's. Storage may be unavailable
 * (private mode): fall back quietly.
 */
export function findStoredLanguage(): Lang {
  try {
    const stored = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    if (stored === 'fr' || stored === 'en') return stored;
  } catch {
    // No storage: the browser's language.
  }
  return browserLanguage();
}

/** Mirrors the language on <html lang> and in the cookie the server reads. */
function showLanguage(lng: Lang): void {
  document.documentElement.lang = lng;
  document.cookie = `${LANGUAGE_COOKIE}=${lng}; path=/; max-age=31536000; SameSite=Lax`;
}

function applyLanguage(lng: Lang): void {
  showLanguage(lng);
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, lng);
  } catch {
    // Nothing to do: the choice just won't survive a reload.
  }
}

function lookup(texts: object | undefined, path: string): string | undefined {
  let node: unknown = texts;
  for (const part of path.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : undefined;
}

const pluralRules: Partial<Record<Lang, Intl.PluralRules>> = {};

/** The text of `key` in `lng` (English when French lacks it), with its values put in. */
export function translate(lng: Lang, key: string, params?: TParams): string {
  const count = params?.count;
  let path = key;
  if (typeof count === 'number') {
    const rules = (pluralRules[lng] ??= new Intl.PluralRules(lng));
    const plural = `${key}_${rules.select(count)}`;
    if (lookup(held[lng], plural) ?? lookup(held.en, plural)) path = plural;
    else if (lookup(held[lng], `${key}_other`) ?? lookup(held.en, `${key}_other`)) path = `${key}_other`;
  }
  const text = lookup(held[lng], path) ?? lookup(held.en, path) ?? key;
  if (!params) return text;
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}

/**
 * Creates an app's language (English until a language not held yet is fetched by `switchLanguage`).
 * @param lng the language to show, by default the stored choice
 */
export function createI18n(lng: Lang = findStoredLanguage()): I18n {
  const listeners = new Set<() => void>();
  const textsIn =
    (language: Lang): TFunction =>
    (key, params) =>
      translate(language, key, params);
  let language: Lang = held[lng] ? lng : 'en';
  let t = textsIn(language);
  // The visitor's language, even while English shows until its texts arrive: a later screen needs it whole.
  shown = lng;
  showLanguage(language);
  return {
    get language() {
      return language;
    },
    get t() {
      return t;
    },
    changeLanguage(next) {
      if (next === language || !held[next]) return;
      language = next;
      shown = next;
      t = textsIn(next);
      applyLanguage(next);
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The current language of an instance. */
export function currentLang(instance: I18n): Lang {
  return instance.language;
}
