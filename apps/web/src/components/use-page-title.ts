import { useEffect } from 'react';
import { useTranslation } from '../i18n/use-translation.tsx';
import { useAppConfig } from '../config/use-app-config.ts';

/**
 * Sets document.title to "<title> | <institution>", with the "Error: " prefix while the page's form shows
 * errors (GOV.UK pattern). Re-runs on language change because `title` is already translated.
 */
export function usePageTitle(title: string, hasErrors = false): void {
  const { t } = useTranslation();
  const { institutionName } = useAppConfig();
  useEffect(() => {
    const shown = hasErrors ? t('layout.errorPrefix', { title }) : title;
    document.title = t('layout.titleSuffix', { title: shown, institution: institutionName });
  }, [t, title, hasErrors, institutionName]);
}
