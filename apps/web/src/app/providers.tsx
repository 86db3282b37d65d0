import type { ReactNode } from 'react';
import type { I18n } from '../i18n/i18n.ts';
import { I18nProvider } from '../i18n/use-translation.tsx';

/** App-wide providers (the router is given config through its root loader, not a context). */
export function AppProviders({ i18n, children }: { i18n: I18n; children: ReactNode }) {
  return <I18nProvider i18n={i18n}>{children}</I18nProvider>;
}
