/** The app's language in React: one provider at the root, and the hook every screen reads its texts with. */
import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react';
import type { I18n, TFunction } from './i18n.ts';

const I18nContext = createContext<I18n | null>(null);

export function I18nProvider({ i18n, children }: { i18n: I18n; children: ReactNode }) {
  return <I18nContext.Provider value={i18n}>{children}</I18nContext.Provider>;
}

/** The texts in the current language; the component shows again when the language changes. */
export function useTranslation(): { t: TFunction; i18n: I18n } {
  const i18n = useContext(I18nContext);
  if (!i18n) throw new Error('useTranslation needs an I18nProvider above it');
  // The same texts when prerendered at build time (apps/web/src/prerender).
  const t = useSyncExternalStore(
    i18n.subscribe,
    () => i18n.t,
    () => i18n.t,
  );
  return { t, i18n };
}
